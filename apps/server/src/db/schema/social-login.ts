/** The social-login module's links: one provider identity (provider, subject) to one member. */
import { bigint, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

export const socialIdentities = pgTable(
  'social_identities',
  {
    /** google, facebook or telegram. */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's stable id of the person: the ID token's `sub`, Telegram's user id. */
    subject: varchar('subject', { length: 255 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** The e-mail the provider told at linking, for the back office; never used to match. */
    email: varchar('email', { length: 254 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    // One identity per provider and member: a second Google account cannot take over the link.
    uniqueIndex('social_identities_member').on(t.memberId, t.provider),
  ],
);
