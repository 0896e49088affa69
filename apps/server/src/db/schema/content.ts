/**
 * Operator content: notices (announcements), banners, popups, promotions and their categories,
 * with the members' read marks and promotion applications. Titles and bodies are kept in English
 * and Bengali; HTML bodies are stored already sanitised. The published content is small and read
 * on every home page, so each process holds it in memory and reloads it when the operator writes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const window = () => ({
  startAt: at('start_at').notNull().defaultNow(),
  /** Null: no end. */
  endAt: at('end_at'),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
/** Notices: kind A (site announcement) or PL (player notice). */
export const notices = pgTable('notices', {
  id: id(),
  kind: varchar('kind', { length: 4 }).notNull().default('PL'),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  titleBn: varchar('title_bn', { length: 200 }).notNull(),
  contentEn: text('content_en').notNull(),
  contentBn: text('content_bn').notNull(),
  ...window(),
});

/** A member has read a notice; no row means unread. Trial accounts get none. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.noticeId] })],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    /** m_home, m_game, m_{type} or m_{type}_{language}. */
    groupName: varchar('group_name', { length: 40 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull(),
    titleBn: varchar('title_bn', { length: 200 }).notNull(),
    /** Operator's image per language; null: the server draws one from the title and theme. */
    imageUrlEn: varchar('image_url_en', { length: 500 }),
    imageUrlBn: varchar('image_url_bn', { length: 500 }),
    link: varchar('link', { length: 500 }),
    theme: integer('theme').notNull().default(0),
    ...window(),
  },
  (t) => [index('banners_group').on(t.groupName, t.sort)],
);

/** Popups: execution A shows to logged-in players, B to visitors. */
export const popups = pgTable('popups', {
  id: id(),
  execution: varchar('execution', { length: 1 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  titleBn: varchar('title_bn', { length: 200 }).notNull(),
  contentEn: text('content_en').notNull(),
  contentBn: text('content_bn').notNull(),
  imageUrl: varchar('image_url', { length: 500 }),
  link: varchar('link', { length: 500 }),
  ...window(),
});

export const promotionCategories = pgTable('promotion_categories', {
  id: id(),
  nameEn: varchar('name_en', { length: 60 }).notNull(),
  nameBn: varchar('name_bn', { length: 60 }).notNull(),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const promotions = pgTable('promotions', {
  id: id(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  titleBn: varchar('title_bn', { length: 200 }).notNull(),
  contentEn: text('content_en').notNull(),
  contentBn: text('content_bn').notNull(),
  /** No end date: the client shows "long-term" (the spec's noExpiry 1). */
  noExpiry: boolean('no_expiry').notNull().default(false),
  categoryIds: integer('category_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Operator's images by sequence (1 is the cover); empty: the server draws a cover. */
  images: jsonb('images').$type<{ sequence: number; url: string }[]>().notNull().default([]),
  theme: integer('theme').notNull().default(0),
  /** Members may apply with a remark. */
  applicable: boolean('applicable').notNull().default(false),
  /** Featured on home (content type H). */
  hot: boolean('hot').notNull().default(false),
  /** The bonus campaign this promotion offers (docs/bonuses.md); an approved application pays it. */
  bonusCampaignId: bigint('bonus_campaign_id', { mode: 'bigint' }),
  ...window(),
});

export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: id(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    remark: varchar('remark', { length: 140 }).notNull().default(''),
    /** pending, approved or rejected. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_applications_member_promotion').on(t.memberId, t.promotionId),
    index('promotion_applications_promotion').on(t.promotionId, t.createdAt),
    index('promotion_applications_created').on(t.createdAt),
  ],
);
