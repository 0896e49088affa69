/** The outbox: every SMS and e-mail, queued for delivery and kept for the operator. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A message and its delivery: `queued` until a provider takes it (`sent`) or gives up on it
 * (`failed`). A worker claims a due row by moving `next_attempt_at` past the send's timeout
 * and counting the attempt, so one sender at a time holds it, and a crashed one's claim runs out.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** The text: the SMS itself, or the e-mail's plain-text part. */
    body: text('body').notNull(),
    /** The e-mail's HTML part. */
    html: text('html'),
    state: varchar('state', { length: 8 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: at('last_attempt_at'),
    /** After this the message is useless (an SMS code that has run out): failed, never sent late. */
    expiresAt: at('expires_at'),
    /** Who took it: `outbox` (nothing configured), `twilio`, `sms-http` or `smtp`. */
    provider: varchar('provider', { length: 16 }),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_recipient_created').on(t.recipient, t.createdAt),
    index('outbox_created').on(t.createdAt),
    index('outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    index('outbox_recipient_attempted').on(t.recipient, t.lastAttemptAt),
  ],
);
