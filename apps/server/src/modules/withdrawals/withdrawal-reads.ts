/**
 * The withdrawals module's read API for other modules (the back office's member page): a
 * member's withdrawals with their payee accounts, so no other module queries these tables.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberPageWhere, type MemberPageQuery } from '../../db/member-page';
import { payeeAccounts, withdrawals } from '../../db/schema/withdrawals';

export const withdrawalReads = {
  /** One page of the member's withdrawals, newest first, below a cursor id. */
  memberPage(db: DbOrTx, q: MemberPageQuery) {
    return db
      .select({
        id: withdrawals.id,
        channelCode: withdrawals.channelCode,
        amountMinor: withdrawals.amountMinor,
        status: withdrawals.status,
        accountNumber: payeeAccounts.accountNumber,
        accountName: payeeAccounts.accountName,
        decisionNote: withdrawals.decisionNote,
        createdAt: withdrawals.createdAt,
        decidedAt: withdrawals.decidedAt,
      })
      .from(withdrawals)
      .innerJoin(payeeAccounts, eq(payeeAccounts.id, withdrawals.payeeAccountId))
      .where(memberPageWhere(withdrawals, q))
      .orderBy(desc(withdrawals.id))
      .limit(q.limit);
  },

  /** How many withdrawals the member has asked for (any state). */
  async countOf(db: DbOrTx, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(withdrawals)
      .where(eq(withdrawals.memberId, memberId));
    return row?.n ?? 0;
  },

  /** The member's payee accounts as `channel:number` (the bonus engine's once-per-person check). */
  async payeeNumbers(db: DbOrTx, memberId: bigint): Promise<string[]> {
    const rows = await db
      .select({ channelCode: payeeAccounts.channelCode, number: payeeAccounts.accountNumber })
      .from(payeeAccounts)
      .where(eq(payeeAccounts.memberId, memberId));
    return rows.map((row) => `${row.channelCode}:${row.number}`);
  },
};
