/** Queries on deposits. Records pages walk one member's deposits newest first by id (no OFFSET). */
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DepositStatus } from '@khela/contract/cashier';
import type { DbOrTx } from '../../db/client';
import { deposits, paymentFindings } from '../../db/schema/cashier';

export type DepositRow = typeof deposits.$inferSelect;
export type FindingRow = typeof paymentFindings.$inferSelect;
const d = deposits;

export interface DepositPageQuery {
  /** One member's deposits; every member's for the operator's list. */
  memberId?: bigint;
  channelCode?: string;
  /** Older than this id. */
  before?: bigint;
  limit: number;
  from?: Date;
  to?: Date;
  status?: DepositStatus;
  /** Pending deposits made before this show as expired. */
  expiredBefore: Date;
}

export const depositsRepository = {
  async byKey(db: DbOrTx, memberId: bigint, key: string): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(d)
      .where(and(eq(d.memberId, memberId), eq(d.idempotencyKey, key)));
    return row;
  },

  /** Inserts unless the member used the key already (then undefined). */
  async insert(db: DbOrTx, values: typeof deposits.$inferInsert): Promise<DepositRow | undefined> {
    const [row] = await db
      .insert(d)
      .values(values)
      .onConflictDoNothing({ target: [d.memberId, d.idempotencyKey] })
      .returning();
    return row;
  },

  async byId(db: DbOrTx, memberId: bigint, id: bigint): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(d)
      .where(and(eq(d.id, id), eq(d.memberId, memberId)));
    return row;
  },

  async byRef(db: DbOrTx, provider: string, ref: string): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(d)
      .where(and(eq(d.provider, provider), eq(d.providerRef, ref)));
    return row;
  },

  async byOurRef(db: DbOrTx, ourRef: string): Promise<DepositRow | undefined> {
    const [row] = await db.select().from(d).where(eq(d.ourRef, ourRef));
    return row;
  },

  page(db: DbOrTx, q: DepositPageQuery): Promise<DepositRow[]> {
    const where: SQL[] = [];
    if (q.memberId !== undefined) where.push(eq(d.memberId, q.memberId));
    if (q.channelCode) where.push(eq(d.channelCode, q.channelCode));
    if (q.before !== undefined) where.push(lt(d.id, q.before));
    if (q.from) where.push(gte(d.createdAt, q.from));
    if (q.to) where.push(lt(d.createdAt, q.to));
    if (q.status === 'pending') {
      where.push(eq(d.status, 'pending'), gte(d.createdAt, q.expiredBefore));
    } else if (q.status === 'expired') {
      where.push(
        sql`(${d.status} = 'expired' or (${d.status} = 'pending' and ${d.createdAt} < ${q.expiredBefore}))`,
      );
    } else if (q.status) {
      where.push(eq(d.status, q.status));
    }
    return db
      .select()
      .from(d)
      .where(and(...where))
      .orderBy(desc(d.id))
      .limit(q.limit);
  },

  /**
   * Moves a deposit to paid (from pending, failed or expired: a payment the gateway confirms was
   * taken from the player) or to failed / expired (from pending only). Undefined when it is in
   * none of those states any more (another notice got there first). On Postgres the row lock
   * makes a concurrent twin wait, then find it settled.
   */
  async settle(
    db: DbOrTx,
    id: bigint,
    status: 'paid' | 'failed' | 'expired',
    failureReason?: string,
  ): Promise<DepositRow | undefined> {
    const from = status === 'paid' ? ['pending', 'failed', 'expired'] : ['pending'];
    const [row] = await db
      .update(d)
      .set({ status, settledAt: new Date(), failureReason: failureReason ?? null })
      .where(and(eq(d.id, id), inArray(d.status, from)))
      .returning();
    return row;
  },

  /**
   * Takes up to `limit` pending deposits made before `before` that are due a check, and sets
   * their next check `leaseMs` ahead, in one statement: processes running the pass at once take
   * different deposits (SKIP LOCKED), and a deposit is asked about again only after its lease.
   */
  async claimForCheck(
    db: DbOrTx,
    q: { before: Date; now: Date; leaseMs: number; limit: number },
  ): Promise<DepositRow[]> {
    const due = db
      .select({ id: d.id })
      .from(d)
      .where(
        and(
          eq(d.status, 'pending'),
          lt(d.createdAt, q.before),
          or(isNull(d.nextCheckAt), lte(d.nextCheckAt, q.now)),
        ),
      )
      .orderBy(d.id)
      .limit(q.limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(d)
      .set({ nextCheckAt: new Date(q.now.getTime() + q.leaseMs) })
      .where(inArray(d.id, due))
      .returning();
    return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  },

  async recordFinding(db: DbOrTx, values: typeof paymentFindings.$inferInsert) {
    await db.insert(paymentFindings).values(values);
  },

  findings(db: DbOrTx, limit: number): Promise<FindingRow[]> {
    return db.select().from(paymentFindings).orderBy(desc(paymentFindings.id)).limit(limit);
  },

  async linkLedger(db: DbOrTx, id: bigint, transactionId: bigint) {
    await db.update(d).set({ ledgerTransactionId: transactionId }).where(eq(d.id, id));
  },
};
