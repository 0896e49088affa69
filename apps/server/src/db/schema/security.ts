/** The security module's tables: the devices a member has trusted (step-up on a new device). */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A device that passed the one-time code of a new-device login (or registered the account), by
 * the id the client sends in `X-Device-Id` (`ua:` and a user-agent hash when it sent none; such
 * a row vouches only for its network). `network` is where it was last seen: an IPv4 /24 or an
 * IPv6 /48. A removed row stays, marked, so its device is asked again even on a known network.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    deviceId: varchar('device_id', { length: 80 }).notNull(),
    network: varchar('network', { length: 48 }),
    userAgent: varchar('user_agent', { length: 256 }),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
  },
  (t) => [
    uniqueIndex('trusted_devices_member_device').on(t.memberId, t.deviceId),
    index('trusted_devices_member_network')
      .on(t.memberId, t.network)
      .where(sql`${t.removedAt} is null`),
  ],
);
