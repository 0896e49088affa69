/**
 * The cashier's read API for other modules: figures from its deposits, so no other module
 * queries the deposits table itself. Each read takes the caller's `db` or transaction handle
 * (the deposit guard reads inside the deposit's own transaction).
 */
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberPageWhere, type MemberPageQuery } from '../../db/member-page';
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

  /** One page of the member's deposits, newest first, below a cursor id (the back office). */
  memberPage(db: DbOrTx, q: MemberPageQuery) {
    return db
      .select({
        id: deposits.id,
        channelCode: deposits.channelCode,
        provider: deposits.provider,
        amountMinor: deposits.amountMinor,
        status: deposits.status,
        providerRef: deposits.providerRef,
        createdAt: deposits.createdAt,
        settledAt: deposits.settledAt,
      })
      .from(deposits)
      .where(memberPageWhere(deposits, q))
      .orderBy(desc(deposits.id))
      .limit(q.limit);
  },

  /** How many deposits the member has made (any state). */
  async countOf(db: DbOrTx, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(deposits)
      .where(eq(deposits.memberId, memberId));
    return row?.n ?? 0;
  },
};
