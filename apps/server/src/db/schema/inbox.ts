/**
 * The member's inbox. Owned by modules/inbox; other modules write to it through
 * `InboxService.notify(tx, …)`, inside their own transaction.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

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
