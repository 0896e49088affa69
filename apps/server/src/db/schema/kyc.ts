/**
 * Identity checks (KYC): a member's submissions (an identity document's front and back and a
 * selfie) and the operator's decision on each. Owned by modules/kyc. The images are kept here,
 * re-encoded (JPEG, no metadata), and served only on operator routes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bytea } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** waiting → approved | rejected */
    state: varchar('state', { length: 12 }).notNull().default('waiting'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    /** The operator's username, or `automation`. */
    decidedBy: varchar('decided_by', { length: 64 }),
    /** Why it was rejected, as the player reads it. */
    reason: varchar('reason', { length: 256 }),
  },
  (t) => [
    index('kyc_submissions_member').on(t.memberId, t.id),
    index('kyc_submissions_state').on(t.state, t.id),
    // One submission waiting per member at a time.
    uniqueIndex('kyc_submissions_one_waiting')
      .on(t.memberId)
      .where(sql`${t.state} = 'waiting'`),
  ],
);

export const kycImages = pgTable(
  'kyc_images',
  {
    submissionId: bigint('submission_id', { mode: 'bigint' })
      .notNull()
      .references(() => kycSubmissions.id),
    /** front | back | selfie */
    side: varchar('side', { length: 8 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    /** JPEG as re-encoded by the server: no EXIF, no GPS, no other metadata. */
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.side] })],
);
