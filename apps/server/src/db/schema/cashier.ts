/**
 * The cashier's tables: the payment channels the operator offers and the members' deposits.
 * Owned by modules/cashier; the money itself moves through the ledger.
 */
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { ledgerTransactions } from './ledger';

const at = (name: string) => timestamp(name, { withTimezone: true });

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
  /** The payment gateway its deposits go through (PAYMENT_PROVIDERS lists those configured). */
  provider: varchar('provider', { length: 24 }).notNull().default('sandbox'),
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
    /** Our own id for the payment, made before the gateway is asked (bKash merchantInvoiceNumber). */
    ourRef: varchar('our_ref', { length: 32 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    failureReason: varchar('failure_reason', { length: 64 }),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    /** The reconciliation pass asks the gateway about a pending deposit again after this. */
    nextCheckAt: at('next_check_at'),
  },
  (t) => [
    uniqueIndex('deposits_provider_ref').on(t.provider, t.providerRef),
    uniqueIndex('deposits_member_key').on(t.memberId, t.idempotencyKey),
    uniqueIndex('deposits_our_ref').on(t.ourRef),
    index('deposits_member').on(t.memberId, t.id),
    index('deposits_status').on(t.status, t.createdAt),
  ],
);

/**
 * What a gateway told us that we did not act on, for the operator: an amount, currency or
 * reference that does not match the deposit, a payment we do not know, and the reconciliation
 * pass's findings (credited late, expired). `GET /ops/api/wallet/payment-findings` lists them.
 */
export const paymentFindings = pgTable(
  'payment_findings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    ref: varchar('ref', { length: 64 }),
    ourRef: varchar('our_ref', { length: 32 }),
    depositId: bigint('deposit_id', { mode: 'bigint' }).references(() => deposits.id),
    /** What the gateway said (its verified answer), for the operator to compare. */
    detail: jsonb('detail').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_findings_created').on(t.createdAt)],
);
