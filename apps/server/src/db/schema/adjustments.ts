/**
 * Operators' balance adjustments, each with who asked and who decided. Owned by
 * modules/adjustments; the money itself moves through the ledger (source `ops:adjustment`, the
 * request's key), so a request is paid at most once.
 */
import { bigint, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const adjustments = pgTable(
  'adjustments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The idempotency key the requester sent; also the ledger movement's key. */
    key: varchar('key', { length: 128 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull(),
    /** waiting | approved | rejected */
    state: varchar('state', { length: 12 }).notNull(),
    requestedByKind: varchar('requested_by_kind', { length: 12 }).notNull(),
    requestedByOperatorId: bigint('requested_by_operator_id', { mode: 'bigint' }),
    requestedByName: varchar('requested_by_name', { length: 40 }).notNull(),
    requestedAt: at('requested_at').notNull().defaultNow(),
    decidedByOperatorId: bigint('decided_by_operator_id', { mode: 'bigint' }),
    decidedByName: varchar('decided_by_name', { length: 40 }),
    decidedAt: at('decided_at'),
    decisionReason: text('decision_reason'),
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('adjustments_key').on(t.key),
    index('adjustments_state').on(t.state, t.id),
    index('adjustments_member').on(t.memberId, t.id),
  ],
);
