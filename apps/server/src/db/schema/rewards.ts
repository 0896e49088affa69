/**
 * Rewards and agents: rebate claims (one per member and day, paid through the ledger) and agent
 * contract requests (daily salary, dividend, hourly). Rates, limits and contract terms are
 * operator settings, so they need no table.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { ledgerTransactions } from './ledger';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A paid rebate. Unique per member and period: a second claim of a day finds the row and is
 * refused, and the ledger's own key (`${memberId}:${periodStart}` under source 'rebate') is a
 * second line of defence. The client's Idempotency-Key answers a retry with the first claim.
 */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** The Dhaka calendar day the rebate was earned on. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Turnover, rate and rebate per category at the time of the claim. */
    breakdown: jsonb('breakdown')
      .$type<{ category: string; turnoverMinor: number; rateBp: number; rebateMinor: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rebate_claims_member_period').on(t.memberId, t.periodStart),
    uniqueIndex('rebate_claims_member_key').on(t.memberId, t.idempotencyKey),
  ],
);
