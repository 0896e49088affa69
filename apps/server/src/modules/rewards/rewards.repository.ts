/** Queries for rewards: rebate claims (turnover is the ledger's read, the member accounts'). */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rebateClaims } from '../../db/schema/rewards';

export type ClaimRow = typeof rebateClaims.$inferSelect;

export const rewardsRepository = {
  async claims(db: DbOrTx, memberId: bigint, limit: number) {
    return db
      .select()
      .from(rebateClaims)
      .where(eq(rebateClaims.memberId, memberId))
      .orderBy(desc(rebateClaims.periodStart))
      .limit(limit);
  },

  async claimByKey(db: DbOrTx, memberId: bigint, key: string) {
    const [row] = await db
      .select()
      .from(rebateClaims)
      .where(and(eq(rebateClaims.memberId, memberId), eq(rebateClaims.idempotencyKey, key)));
    return row;
  },

  /** Inserts the claim unless the member has claimed the period (or used the key): then undefined. */
  async insertClaim(db: DbOrTx, values: typeof rebateClaims.$inferInsert) {
    const [row] = await db.insert(rebateClaims).values(values).onConflictDoNothing().returning();
    return row;
  },
};
