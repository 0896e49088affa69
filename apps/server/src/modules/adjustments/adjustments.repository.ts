/** Queries on adjustments (owned by modules/adjustments). */
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adjustments } from '../../db/schema/adjustments';

export type AdjustmentRow = typeof adjustments.$inferSelect;
export type NewAdjustment = typeof adjustments.$inferInsert;

export const adjustmentsRepository = {
  async countWaiting(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(adjustments)
      .where(eq(adjustments.state, 'waiting'));
    return Number(row?.n ?? 0);
  },

  /** Inserts unless the key is taken; undefined when it was (a retry or a race on the key). */
  async insert(db: DbOrTx, row: NewAdjustment): Promise<AdjustmentRow | undefined> {
    const [inserted] = await db
      .insert(adjustments)
      .values(row)
      .onConflictDoNothing({ target: adjustments.key })
      .returning();
    return inserted;
  },

  async byKey(db: DbOrTx, key: string): Promise<AdjustmentRow | undefined> {
    const [row] = await db.select().from(adjustments).where(eq(adjustments.key, key));
    return row;
  },

  /** The adjustment locked until the transaction ends: two decisions on it queue here. */
  async lock(db: DbOrTx, id: bigint): Promise<AdjustmentRow | undefined> {
    const [row] = await db.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    return row;
  },

  async update(db: DbOrTx, id: bigint, change: Partial<NewAdjustment>): Promise<AdjustmentRow> {
    const [row] = await db
      .update(adjustments)
      .set(change)
      .where(eq(adjustments.id, id))
      .returning();
    return row!;
  },

  page(db: DbOrTx, q: { state?: string; beforeId?: bigint; limit: number }) {
    return db
      .select()
      .from(adjustments)
      .where(
        and(
          q.state === undefined ? undefined : eq(adjustments.state, q.state),
          q.beforeId === undefined ? undefined : lt(adjustments.id, q.beforeId),
        ),
      )
      .orderBy(desc(adjustments.id))
      .limit(q.limit);
  },
};
