/** Queries on the inbox: a member's page, unread count, read marks, and the operator's sends. */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { inboxMessages } from '../../db/schema/inbox';

export type InboxRow = typeof inboxMessages.$inferSelect;

const m = inboxMessages;

export const inboxRepository = {
  /** Newest first; `limit + 1` rows tell whether an older page exists. */
  page(db: DbOrTx, memberId: bigint, cursor: bigint | undefined, limit: number) {
    return db
      .select()
      .from(m)
      .where(and(eq(m.memberId, memberId), cursor === undefined ? undefined : lt(m.id, cursor)))
      .orderBy(desc(m.id))
      .limit(limit + 1);
  },

  async unreadCount(db: DbOrTx, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(m)
      .where(and(eq(m.memberId, memberId), isNull(m.readAt)));
    return row?.count ?? 0;
  },

  /** Marks one of the member's messages read; false when the member has no such message. */
  async markRead(db: DbOrTx, memberId: bigint, id: bigint): Promise<boolean> {
    const [row] = await db
      .update(m)
      .set({ readAt: sql`coalesce(${m.readAt}, now())` })
      .where(and(eq(m.id, id), eq(m.memberId, memberId)))
      .returning({ id: m.id });
    return row !== undefined;
  },

  async markAllRead(db: DbOrTx, memberId: bigint): Promise<void> {
    await db
      .update(m)
      .set({ readAt: sql`now()` })
      .where(and(eq(m.memberId, memberId), isNull(m.readAt)));
  },

  async insert(
    db: DbOrTx,
    row: Pick<InboxRow, 'memberId' | 'sender' | 'topic'> &
      Partial<Pick<InboxRow, 'title' | 'body' | 'params'>>,
  ): Promise<bigint> {
    const [inserted] = await db.insert(m).values(row).returning({ id: m.id });
    return inserted!.id;
  },

  /**
   * One message to each of these members, in one INSERT over an array (a single parameter,
   * however many members); answers how many were written.
   */
  async insertForMembers(
    db: DbOrTx,
    memberIds: readonly bigint[],
    message: { title: string; body: string; topic: string },
  ): Promise<number> {
    if (memberIds.length === 0) return 0;
    const result: unknown = await db.execute(sql`
      with sent as (
        insert into ${m} (member_id, sender, topic, title, body)
        select id, 'operator', ${message.topic}, ${message.title}, ${message.body}
        from unnest(${`{${memberIds.join(',')}}`}::bigint[]) as id
        returning 1
      )
      select count(*)::int as sent from sent`);
    return Number(rowsOf<{ sent: number }>(result)[0]?.sent ?? 0);
  },
};
