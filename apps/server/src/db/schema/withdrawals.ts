/**
 * Withdrawals and the payee accounts they are paid to. Owned by modules/withdrawals; the money
 * is held and paid through the ledger.
 */
import { bigint, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { paymentChannels } from './cashier';
import { ledgerTransactions } from './ledger';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Where a member's withdrawals are paid: bound through the security centre. */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelCode: varchar('channel_code', { length: 16 })
      .notNull()
      .references(() => paymentChannels.code),
    accountName: varchar('account_name', { length: 64 }).notNull(),
    accountNumber: varchar('account_number', { length: 34 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Unbound accounts stay for the records of the withdrawals paid to them. */
    removedAt: at('removed_at'),
  },
  (t) => [index('payee_accounts_member').on(t.memberId)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    payeeAccountId: bigint('payee_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => payeeAccounts.id),
    channelCode: varchar('channel_code', { length: 16 })
      .notNull()
      .references(() => paymentChannels.code),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** pending → paid | rejected | cancelled */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    holdTransactionId: bigint('hold_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    decidedBy: varchar('decided_by', { length: 64 }),
    decisionNote: varchar('decision_note', { length: 256 }),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_member_key').on(t.memberId, t.idempotencyKey),
    index('withdrawals_member').on(t.memberId, t.id),
    index('withdrawals_status').on(t.status, t.id),
  ],
);
