/** The back office's members desk: operators' notes and tags on members. Owned by modules/members-desk. */
import { bigint, index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    text: text('text').notNull(),
    /** The operator's id; null for the automation token. */
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    authorName: varchar('author_name', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_notes_member').on(t.memberId, t.id)],
);

export const memberTags = pgTable(
  'member_tags',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    tag: varchar('tag', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tag] }), index('member_tags_tag').on(t.tag)],
);
