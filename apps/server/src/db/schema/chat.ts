/**
 * Live chat: a member's conversations with customer service and their messages. At most one open
 * conversation per member; unread counts come from read pointers (the newest message each side
 * has read), so they are exact and need no counter kept in step.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** 'open' or 'closed' (contract ConversationStatus). */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    /** The newest message id the player has read (0: none); operator messages after it are unread. */
    playerReadId: bigint('player_read_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The newest message id the operator has read; player messages after it are unread. */
    operatorReadId: bigint('operator_read_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: at('created_at').notNull().defaultNow(),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('chat_conversations_one_open')
      .on(t.memberId)
      .where(sql`${t.status} = 'open'`),
    index('chat_conversations_member').on(t.memberId, t.id),
    index('chat_conversations_recent').on(t.status, t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatConversations.id),
    /** Copied from the conversation, so the player's history pages by one index. */
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** 'player' or 'operator'. */
    author: varchar('author', { length: 8 }).notNull(),
    /** Plain text as typed (trimmed); never rendered as HTML. */
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_member').on(t.memberId, t.id),
    index('chat_messages_conversation').on(t.conversationId, t.id),
    // The player's unread count: operator messages after the read pointer.
    index('chat_messages_operator_unread')
      .on(t.memberId, t.id)
      .where(sql`${t.author} = 'operator'`),
  ],
);

/**
 * The focus list: the live hosts a member follows. The hosts themselves are the chat module's
 * roster in code (live-models.ts), so a row names one by its id; an id that leaves the roster is
 * skipped when the list is read.
 */
export const chatModelFollows = pgTable(
  'chat_model_follows',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    modelId: varchar('model_id', { length: 32 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.modelId] })],
);
