/**
 * The sandbox gateway's own record of its payments, as a gateway keeps its own: what the merchant
 * opened, where to tell it and send the player back, and the player's decision; and of the payouts
 * the merchant sent. They live in the partners' database (journal-db.ts makes the tables); the
 * merchant's records of the same are its deposits and withdrawals.
 */
import { bigint, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const sandboxPayments = pgTable('sandbox_payments', {
  /** The merchant's reference (the product's ourRef): the payment's name here too. */
  ref: varchar('ref', { length: 64 }).primaryKey(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  channelEn: varchar('channel_en', { length: 64 }).notNull(),
  channelBn: varchar('channel_bn', { length: 64 }).notNull(),
  notifyUrl: varchar('notify_url', { length: 2048 }).notNull(),
  returnUrl: varchar('return_url', { length: 2048 }).notNull(),
  /** The player's language when the payment was opened: the page's, unless its address says. */
  language: varchar('language', { length: 2 }).notNull(),
  /** open | paid | failed; an open payment older than SANDBOX_PAYMENT_TTL_MS reads as expired. */
  state: varchar('state', { length: 8 }).notNull().default('open'),
  createdAt: at('created_at').notNull().defaultNow(),
  decidedAt: at('decided_at'),
  /** When the merchant accepted the notice of the decision; unset, the page offers to send it again. */
  notifiedAt: at('notified_at'),
});

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/**
 * Payouts the merchant asked for, by its reference. Play money: accepted at once, paid a few
 * seconds after it arrived, failed when the account ends in SANDBOX_FAILING_ACCOUNT_SUFFIX.
 */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  ref: varchar('ref', { length: 64 }).primaryKey(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  account: varchar('account', { length: 64 }).notNull(),
  accountName: varchar('account_name', { length: 128 }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type SandboxPayoutRow = typeof sandboxPayouts.$inferSelect;
