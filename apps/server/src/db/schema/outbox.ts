/** Operator-owned system tables: flags, settings, countries, help items, keys, outbox. */
import { index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Every SMS and e-mail the local "outbox" providers send, for the operator and the tests. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_recipient_created').on(t.recipient, t.createdAt),
    index('outbox_created').on(t.createdAt),
  ],
);
