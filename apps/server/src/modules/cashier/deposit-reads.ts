/**
 * The cashier's read API for other modules: figures from its deposits, so no other module
 * queries the deposits table itself. Each read takes the caller's `db` or transaction handle
 * (the deposit guard reads inside the deposit's own transaction).
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/cashier';

/** Deposits that count toward a limit: paid, or still waiting for the provider. */
export const COUNTED_DEPOSIT_STATUSES = ['pending', 'paid'];

export const depositReads = {
  /** Sum of the member's counted deposits created at or after `since`. */
  async countedSince(db: DbOrTx, memberId: bigint, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)` })
      .from(deposits)
      .where(
        and(
          eq(deposits.memberId, memberId),
          gte(deposits.createdAt, since),
          inArray(deposits.status, COUNTED_DEPOSIT_STATUSES),
        ),
      );
    return BigInt(row?.total ?? 0);
  },
};
