/** Feedback and its images. Owned by modules/feedback. */
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bytea } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** Plain text as written; shown as text, never as HTML. */
    content: text('content').notNull(),
    /** open → answered */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    answer: text('answer'),
    answeredAt: at('answered_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_member').on(t.memberId, t.id),
    index('feedback_status').on(t.status, t.id),
  ],
);

/** Up to 3 images per feedback, PNG or JPEG by their bytes, kept in the database. */
export const feedbackImages = pgTable(
  'feedback_images',
  {
    feedbackId: bigint('feedback_id', { mode: 'bigint' })
      .notNull()
      .references(() => feedback.id),
    position: smallint('position').notNull(),
    /** png | jpg, from the file's first bytes */
    type: varchar('type', { length: 4 }).notNull(),
    /** The file name the player gave, for the operator only. */
    name: varchar('name', { length: 255 }),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.position] })],
);
