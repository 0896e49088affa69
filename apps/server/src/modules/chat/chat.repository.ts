/** Queries on chat conversations and messages (read pointers give the unread counts). */
import { and, asc, desc, eq, getTableName, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMessages, chatModelFollows } from '../../db/schema/chat';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type Author = 'player' | 'operator';

/** A conversation with the counts the operator's list shows (the username comes from accounts). */
export interface ConversationSummaryRow extends ConversationRow {
  unreadForOperator: number;
  unreadForPlayer: number;
  messageCount: number;
}

const c = chatConversations;
const m = chatMessages;
const f = chatModelFollows;

/**
 * A column of the conversation row, named with its table: drizzle leaves the table off the
 * columns of a query with no join, where in the counts' subqueries they would name the message.
 */
const conversation = (column: typeof c.id | typeof c.playerReadId | typeof c.operatorReadId) =>
  sql`${sql.identifier(getTableName(c))}.${sql.identifier(column.name)}`;

/** The columns of the operator's view of a conversation: the row and the counts. */
const summarySelect = {
  id: c.id,
  memberId: c.memberId,
  status: c.status,
  playerReadId: c.playerReadId,
  operatorReadId: c.operatorReadId,
  createdAt: c.createdAt,
  lastMessageAt: c.lastMessageAt,
  closedAt: c.closedAt,
  unreadForOperator: sql<number>`(select count(*)::int from ${m} where ${m.conversationId} = ${conversation(c.id)} and ${m.author} = 'player' and ${m.id} > ${conversation(c.operatorReadId)})`,
  unreadForPlayer: sql<number>`(select count(*)::int from ${m} where ${m.conversationId} = ${conversation(c.id)} and ${m.author} = 'operator' and ${m.id} > ${conversation(c.playerReadId)})`,
  messageCount: sql<number>`(select count(*)::int from ${m} where ${m.conversationId} = ${conversation(c.id)})`,
};

export const chatRepository = {
  async latestConversation(db: DbOrTx, memberId: bigint): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(c)
      .where(eq(c.memberId, memberId))
      .orderBy(desc(c.id))
      .limit(1);
    return row;
  },

  async openConversation(db: DbOrTx, memberId: bigint): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(c)
      .where(and(eq(c.memberId, memberId), eq(c.status, 'open')))
      .limit(1);
    return row;
  },

  /** The member's open conversation, made when there is none (at most one, by a unique index). */
  async ensureOpenConversation(db: DbOrTx, memberId: bigint): Promise<ConversationRow> {
    const existing = await chatRepository.openConversation(db, memberId);
    if (existing) return existing;
    // Two requests at once: the unique index lets one insert; the other reads the winner's row.
    const [created] = await db.insert(c).values({ memberId }).onConflictDoNothing().returning();
    return created ?? (await chatRepository.openConversation(db, memberId))!;
  },

  async conversationById(db: DbOrTx, id: bigint): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
    return row;
  },

  async insertMessage(
    db: DbOrTx,
    message: { conversationId: bigint; memberId: bigint; author: Author; body: string },
  ): Promise<MessageRow> {
    const [row] = await db.insert(m).values(message).returning();
    await db
      .update(c)
      .set({ lastMessageAt: row!.createdAt })
      .where(eq(c.id, message.conversationId));
    return row!;
  },

  /**
   * A page of the member's messages over all conversations, oldest first: the newest `limit`,
   * or the `limit` after / before an id. `hasEarlier` says whether older ones remain.
   */
  async memberMessages(
    db: DbOrTx,
    memberId: bigint,
    page: { after?: bigint; before?: bigint; limit: number },
  ): Promise<{ rows: MessageRow[]; hasEarlier: boolean }> {
    if (page.after !== undefined) {
      const rows = await db
        .select()
        .from(m)
        .where(and(eq(m.memberId, memberId), gt(m.id, page.after)))
        .orderBy(asc(m.id))
        .limit(page.limit);
      return { rows, hasEarlier: false };
    }
    const conditions: SQL[] = [eq(m.memberId, memberId)];
    if (page.before !== undefined) conditions.push(lt(m.id, page.before));
    const newestFirst = await db
      .select()
      .from(m)
      .where(and(...conditions))
      .orderBy(desc(m.id))
      .limit(page.limit + 1);
    const hasEarlier = newestFirst.length > page.limit;
    return { rows: newestFirst.slice(0, page.limit).reverse(), hasEarlier };
  },

  /** Operator messages after the player's read pointer (the newest read over all conversations). */
  async playerUnread(db: DbOrTx, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(m)
      .where(
        and(
          eq(m.memberId, memberId),
          eq(m.author, 'operator'),
          gt(
            m.id,
            sql`coalesce((select max(${c.playerReadId}) from ${c} where ${c.memberId} = ${memberId}), 0)`,
          ),
        ),
      );
    return row?.count ?? 0;
  },

  /**
   * The player has read up to `upTo` (capped at their own newest message, so a made-up id cannot
   * mark future answers read). Pointers only move forward.
   */
  async markPlayerRead(db: DbOrTx, memberId: bigint, upTo: bigint): Promise<void> {
    await db
      .update(c)
      .set({
        playerReadId: sql`greatest(${c.playerReadId}, least(${upTo}::bigint, (select coalesce(max(${m.id}), 0) from ${m} where ${m.memberId} = ${memberId})))`,
      })
      .where(eq(c.memberId, memberId));
  },

  /** The operator has read the whole conversation. */
  async markOperatorRead(db: DbOrTx, conversationId: bigint): Promise<void> {
    await db
      .update(c)
      .set({
        operatorReadId: sql`greatest(${c.operatorReadId}, (select coalesce(max(${m.id}), 0) from ${m} where ${m.conversationId} = ${conversationId}))`,
      })
      .where(eq(c.id, conversationId));
  },

  /** Open conversations (the chat_conversations_recent index answers it). */
  async openCount(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(c)
      .where(eq(c.status, 'open'));
    return Number(row?.count ?? 0);
  },

  async setStatus(db: DbOrTx, conversationId: bigint, status: 'open' | 'closed'): Promise<void> {
    await db
      .update(c)
      // Closing twice keeps the first closing time.
      .set({ status, closedAt: status === 'closed' ? sql`coalesce(${c.closedAt}, now())` : null })
      .where(eq(c.id, conversationId));
  },

  /** Conversations for the operator: unread player messages first, then the most recent. */
  async listSummaries(
    db: DbOrTx,
    filter: { status: 'open' | 'closed' | 'all'; limit: number },
  ): Promise<ConversationSummaryRow[]> {
    return db
      .select(summarySelect)
      .from(c)
      .where(filter.status === 'all' ? undefined : eq(c.status, filter.status))
      .orderBy(desc(sql`${summarySelect.unreadForOperator} > 0`), desc(c.lastMessageAt), desc(c.id))
      .limit(filter.limit);
  },

  async summary(db: DbOrTx, conversationId: bigint): Promise<ConversationSummaryRow | undefined> {
    const [row] = await db.select(summarySelect).from(c).where(eq(c.id, conversationId)).limit(1);
    return row;
  },

  /** The newest message of each of these conversations. */
  async lastMessages(db: DbOrTx, conversationIds: bigint[]): Promise<MessageRow[]> {
    if (conversationIds.length === 0) return [];
    return db
      .selectDistinctOn([m.conversationId])
      .from(m)
      .where(inArray(m.conversationId, conversationIds))
      .orderBy(m.conversationId, desc(m.id));
  },

  /** The newest `limit` messages of one conversation, oldest first. */
  async conversationMessages(
    db: DbOrTx,
    conversationId: bigint,
    limit: number,
  ): Promise<MessageRow[]> {
    const rows = await db
      .select()
      .from(m)
      .where(eq(m.conversationId, conversationId))
      .orderBy(desc(m.id))
      .limit(limit);
    return rows.reverse();
  },
  /** The ids of the hosts a member follows, the most recently followed first. */
  async focusIds(db: DbOrTx, memberId: bigint): Promise<string[]> {
    const rows = await db
      .select({ modelId: f.modelId })
      .from(f)
      .where(eq(f.memberId, memberId))
      .orderBy(desc(f.createdAt), asc(f.modelId));
    return rows.map((row) => row.modelId);
  },

  /** Follows a host; following one already followed changes nothing. */
  async follow(db: DbOrTx, memberId: bigint, modelId: string): Promise<void> {
    await db.insert(f).values({ memberId, modelId }).onConflictDoNothing();
  },

  async unfollow(db: DbOrTx, memberId: bigint, modelId: string): Promise<void> {
    await db.delete(f).where(and(eq(f.memberId, memberId), eq(f.modelId, modelId)));
  },
};
