/** Queries on deposits. Records pages walk one member's deposits newest first by id (no OFFSET). */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DepositStatus } from '@khela/contract/cashier';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/cashier';

export type DepositRow = typeof deposits.$inferSelect;
const d = deposits;

export interface DepositPageQuery {
  memberId: bigint;
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

  page(db: DbOrTx, q: DepositPageQuery): Promise<DepositRow[]> {
    const where: SQL[] = [eq(d.memberId, q.memberId)];
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
   * Moves a deposit out of pending; undefined when it is not pending any more (another notice
   * got there first). On Postgres the row lock makes a concurrent twin wait, then find it settled.
   */
  async settle(
    db: DbOrTx,
    id: bigint,
    status: 'paid' | 'failed',
    failureReason?: string,
  ): Promise<DepositRow | undefined> {
    const [row] = await db
      .update(d)
      .set({ status, settledAt: new Date(), failureReason: failureReason ?? null })
      .where(and(eq(d.id, id), eq(d.status, 'pending')))
      .returning();
    return row;
  },

  async linkLedger(db: DbOrTx, id: bigint, transactionId: bigint) {
    await db.update(d).set({ ledgerTransactionId: transactionId }).where(eq(d.id, id));
  },
};
