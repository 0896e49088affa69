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
  text,
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

/** A deposit or withdrawal method the operator offers (bKash, Nagad, Rocket, bank transfer). */
export const paymentChannels = pgTable('payment_channels', {
  code: varchar('code', { length: 16 }).primaryKey(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
  nameBn: varchar('name_bn', { length: 64 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  depositEnabled: boolean('deposit_enabled').notNull().default(true),
  depositMinMinor: bigint('deposit_min_minor', { mode: 'bigint' }).notNull(),
  depositMaxMinor: bigint('deposit_max_minor', { mode: 'bigint' }).notNull(),
  /** Amount buttons on the deposit page, in minor units. */
  presetsMinor: jsonb('presets_minor').$type<number[]>().notNull().default([]),
  withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
  withdrawMinMinor: bigint('withdraw_min_minor', { mode: 'bigint' }).notNull(),
  withdrawMaxMinor: bigint('withdraw_max_minor', { mode: 'bigint' }).notNull(),
  /** How a payee account number looks for this channel (a wallet number or a bank account). */
  accountPattern: varchar('account_pattern', { length: 128 }).notNull(),
  sortOrder: bigint('sort_order', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    channelCode: varchar('channel_code', { length: 16 })
      .notNull()
      .references(() => paymentChannels.code),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** pending → paid | failed | expired */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    provider: varchar('provider', { length: 24 }).notNull(),
    /** The provider's payment id; its webhook names the deposit by it. */
    providerRef: varchar('provider_ref', { length: 64 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    failureReason: varchar('failure_reason', { length: 64 }),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('deposits_provider_ref').on(t.provider, t.providerRef),
    uniqueIndex('deposits_member_key').on(t.memberId, t.idempotencyKey),
    index('deposits_member').on(t.memberId, t.id),
    index('deposits_status').on(t.status, t.createdAt),
  ],
);

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
  },
  (t) => [index('exclusions_member').on(t.memberId, t.endsAt)],
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

/** The member's inbox: messages from the operator and the system. */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** operator | system */
    sender: varchar('sender', { length: 16 }).notNull(),
    /** What it is about, for the client's icon and for tests: payee.changed, withdrawal.paid, … */
    topic: varchar('topic', { length: 48 }).notNull(),
    /** An operator's message as written; null for system messages, drawn from `topic` and `params`
     * in the reader's language. */
    title: varchar('title', { length: 128 }),
    body: text('body'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    index('inbox_messages_member').on(t.memberId, t.id),
    index('inbox_messages_unread')
      .on(t.memberId)
      .where(sql`${t.readAt} is null`),
  ],
);
