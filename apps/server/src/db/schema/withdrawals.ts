/**
 * Withdrawals and the payee accounts they are paid to. Owned by modules/withdrawals; the money
 * is held and paid through the ledger.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /**
     * pending → paid | rejected | cancelled; with a payout gateway, approval makes it
     * processing → paid | failed (failed returns the money to the balance).
     */
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
    /** The payout gateway that pays it (null: paid by hand, as before payouts). */
    payoutProvider: varchar('payout_provider', { length: 32 }),
    /** The gateway's reference for the payout, once it gave one. */
    payoutRef: varchar('payout_ref', { length: 64 }),
    /**
     * sending (asked; the answer is not known yet) → processing (the gateway has it) → paid |
     * failed. The withdrawal's status follows when the payout ends.
     */
    payoutState: varchar('payout_state', { length: 12 }),
    /** Why it failed, or the last trouble reaching the gateway, for the operator. */
    payoutReason: varchar('payout_reason', { length: 256 }),
    /** Calls made to the gateway for it (sends and queries). */
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    /** When the payout pass looks at it next; also a lease while one process works on it. */
    payoutNextAt: at('payout_next_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_member_key').on(t.memberId, t.idempotencyKey),
    index('withdrawals_member').on(t.memberId, t.id),
    index('withdrawals_status').on(t.status, t.id),
    index('withdrawals_payout_due')
      .on(t.payoutNextAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);
