/**
 * The sandbox gateway's own record of its payments, as a gateway keeps its own: what the merchant
 * opened, where to tell it and send the player back, and the player's decision. It lives in the
 * partners' database (journal-db.ts makes the table); the merchant's record of the same payment
 * is its deposit.
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
