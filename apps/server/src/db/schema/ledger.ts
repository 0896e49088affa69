/**
 * The double-entry ledger: accounts with stored balances, transactions (one per movement, unique
 * per source and idempotency key) and their entries, which net to zero.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A member's accounts (cash, withdrawal hold, play money) have an owner; the house's (deposits
 * clearing, payouts, house, bonus, play-money issuer) have none. Only house accounts may go
 * below zero: the database refuses a negative member balance whatever the code does.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'bigint' }).references(() => members.id),
    kind: varchar('kind', { length: 24 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    /**
     * The house's busiest accounts (house, deposits clearing) are split into shards so that
     * concurrent movements do not queue on one row lock; their balance is the sum of the shards.
     * Member accounts have one shard, 0.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_shard')
      .on(t.kind, t.ownerId, t.currency, t.shard)
      .nullsNotDistinct(),
    index('ledger_accounts_owner').on(t.ownerId),
    check('ledger_accounts_not_negative', sql`${t.mayGoNegative} or ${t.balanceMinor} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** deposit, withdrawal.hold, withdrawal.release, withdrawal.payout, bet, win, rollback, … */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** Who asked for the movement (a member's request, the payment provider, a game vendor). */
    source: varchar('source', { length: 48 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    /** SHA-256 of the request that made it: the same key with another request is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The member whose money moved, for their records. */
    memberId: bigint('member_id', { mode: 'bigint' }),
    /** What the movement is about (deposit id, withdrawal id, round id, …). */
    reference: jsonb('reference').$type<Record<string, string | number | boolean>>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_source_key').on(t.source, t.idempotencyKey),
    index('ledger_transactions_member').on(t.memberId, t.id),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive credits the account, negative debits it. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this entry: records show it without a running sum. */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Records pages walk one account's entries newest first by id (a cursor, never OFFSET).
    index('ledger_entries_account').on(t.accountId, t.id),
    index('ledger_entries_transaction').on(t.transactionId),
  ],
);
