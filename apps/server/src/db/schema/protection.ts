/** Player protection: deposit and loss limits, time-outs and exclusions, per-member choices. */
import {
  bigint,
  boolean,
  index,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Deposit and loss limits per period; a raise waits 24 h (`pending…`), a cut applies at once. */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** deposit | loss: both follow the same rules (a cut at once, a raise after 24 h). */
    kind: varchar('kind', { length: 8 }).notNull().default('deposit'),
    /** day, week, month (24 h, 7 days, 30 days, rolling) */
    period: varchar('period', { length: 8 }).notNull(),
    /** null: no limit */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    pendingAmountMinor: bigint('pending_amount_minor', { mode: 'bigint' }),
    /** The raise applies from then; `pending_removal` raises to no limit. */
    pendingFrom: at('pending_from'),
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_limits_member_kind_period').on(t.memberId, t.kind, t.period)],
);

/** Time-outs and self-exclusions: while one runs, no login, deposit or game launch. */
export const exclusions = pgTable(
  'exclusions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** timeout | self_exclusion */
    kind: varchar('kind', { length: 16 }).notNull(),
    startsAt: at('starts_at').notNull().defaultNow(),
    endsAt: at('ends_at').notNull(),
    /** The operator who last made it longer (breaks are never made shorter), and when. */
    extendedBy: varchar('extended_by', { length: 64 }),
    extendedAt: at('extended_at'),
  },
  (t) => [
    index('exclusions_member').on(t.memberId, t.endsAt),
    // The operator's list of breaks in force, and the registration check for excluded people.
    index('exclusions_ends').on(t.endsAt),
  ],
);

/** Per-member protection choices that are not limits. */
export const protectionSettings = pgTable('protection_settings', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  /** Minutes between reality checks; null: off. */
  realityCheckMinutes: bigint('reality_check_minutes', { mode: 'number' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
