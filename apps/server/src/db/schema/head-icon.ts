/**
 * Members' head icons (avatars). Owned by modules/head-icon. One row per member who chose one: a
 * drawn avatar's number, or an uploaded picture re-encoded by the server (256×256 WebP, no
 * metadata) kept here, as KYC and feedback images are. `key` names the served picture and
 * changes with each upload, so its address may be cached for good.
 */
import { bigint, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bytea } from './columns';

export const memberHeadIcons = pgTable('member_head_icons', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  /** drawn | upload */
  kind: varchar('kind', { length: 8 }).notNull(),
  drawnId: smallint('drawn_id'),
  /** With an upload: random, unique, the picture's served name. */
  key: varchar('key', { length: 32 }).unique(),
  /** With an upload: the WebP bytes. */
  data: bytea('data'),
  size: integer('size'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
