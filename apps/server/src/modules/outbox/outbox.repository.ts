import { and, asc, count, desc, eq, gt, lte, min, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import type { MessageChannel } from '../../providers/messages/message-provider';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxState = 'queued' | 'sent' | 'failed';

/** The advisory lock class that serialises claims of messages to one recipient (rate limit). */
const RECIPIENT_LOCK_CLASS = 727_003;

/** A claimed message's own update: only while it is still queued under this attempt. */
const stillClaimed = (id: string, attempt: number) =>
  and(eq(outbox.id, id), eq(outbox.attempts, attempt), eq(outbox.state, 'queued'));

export const outboxRepository = {
  async insert(
    db: DbOrTx,
    message: {
      channel: MessageChannel;
      recipient: string;
      subject: string | null;
      body: string;
      html: string | null;
      expiresAt: Date | null;
      nextAttemptAt: Date;
    },
  ) {
    const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
    return row!.id;
  },

  list(db: DbOrTx, filter: { to?: string | undefined; state?: OutboxState; limit: number }) {
    return db
      .select()
      .from(outbox)
      .where(
        and(
          filter.to ? eq(outbox.recipient, filter.to) : undefined,
          filter.state ? eq(outbox.state, filter.state) : undefined,
        ),
      )
      .orderBy(desc(outbox.createdAt))
      .limit(filter.limit);
  },

  /** The queued message due first, locked; rows another sender is claiming are skipped. */
  async lockNextDue(tx: DbOrTx, now: Date) {
    const [row] = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.state, 'queued'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  },

  /** Until the transaction ends, no other claim may count or take this recipient's messages. */
  async lockRecipient(tx: DbOrTx, channel: MessageChannel, recipient: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK_CLASS}, hashtext(${`${channel}:${recipient}`}))`,
    );
  },

  /** Other messages to this recipient attempted since `since`, and the oldest such attempt. */
  async attemptsSince(tx: DbOrTx, row: OutboxRow, since: Date) {
    const [found] = await tx
      .select({ attempts: count(), oldest: min(outbox.lastAttemptAt) })
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, row.channel),
          eq(outbox.recipient, row.recipient),
          ne(outbox.id, row.id),
          gt(outbox.lastAttemptAt, since),
        ),
      );
    return { attempts: found?.attempts ?? 0, oldest: found?.oldest ?? null };
  },

  /** Counts the attempt and holds the message until `leaseUntil`. */
  async claim(tx: DbOrTx, id: string, now: Date, leaseUntil: Date) {
    const [row] = await tx
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        lastAttemptAt: now,
        nextAttemptAt: leaseUntil,
      })
      .where(eq(outbox.id, id))
      .returning();
    return row!;
  },

  async holdBack(tx: DbOrTx, id: string, until: Date, reason: string) {
    await tx
      .update(outbox)
      .set({ nextAttemptAt: until, lastError: reason })
      .where(eq(outbox.id, id));
  },

  async markSent(
    db: DbOrTx,
    id: string,
    attempt: number,
    sent: { provider: string; providerMessageId: string | null; at: Date },
  ) {
    await db
      .update(outbox)
      .set({
        state: 'sent',
        provider: sent.provider,
        providerMessageId: sent.providerMessageId,
        sentAt: sent.at,
      })
      .where(stillClaimed(id, attempt));
  },

  async byId(db: DbOrTx, id: string) {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  },

  /** One message, locked until the transaction ends (an operator's retry). */
  async lockById(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
    return row;
  },

  /**
   * A failed message queued again with a fresh count of attempts, due at `now`. The count starts
   * over so the worker gives it its full set of tries; a sender still holding an old attempt can
   * no longer write (its attempt number and state no longer match).
   */
  async requeue(tx: DbOrTx, id: string, now: Date) {
    await tx
      .update(outbox)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: now })
      .where(and(eq(outbox.id, id), eq(outbox.state, 'failed')));
  },

  /** A failed attempt: tried again at `retryAt`, or failed for good without one. */
  async markAttemptFailed(
    db: DbOrTx,
    id: string,
    attempt: number,
    failure: { provider: string | null; error: string; retryAt: Date | null },
  ) {
    await db
      .update(outbox)
      .set({
        state: failure.retryAt ? 'queued' : 'failed',
        provider: failure.provider,
        lastError: failure.error,
        ...(failure.retryAt ? { nextAttemptAt: failure.retryAt } : {}),
      })
      .where(stillClaimed(id, attempt));
  },

  /** Queue depth and failures for the operator's dashboards. */
  async stats(db: DbOrTx, now: Date) {
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const [queued] = await db
      .select({ count: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(eq(outbox.state, 'queued'));
    const [recent] = await db
      .select({
        sent: sql<number>`count(*) filter (where ${outbox.state} = 'sent' and ${outbox.sentAt} > ${hourAgo})`,
        failed: sql<number>`count(*) filter (where ${outbox.state} = 'failed')`,
      })
      .from(outbox)
      .where(gt(outbox.createdAt, dayAgo));
    return {
      queued: queued?.count ?? 0,
      oldestQueuedAt: queued?.oldest ?? null,
      sentLastHour: Number(recent?.sent ?? 0),
      failedLastDay: Number(recent?.failed ?? 0),
    };
  },
};
