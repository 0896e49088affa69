/**
 * The ledger's read API for other modules: figures summed from a member's entries, so no other
 * module queries the ledger tables itself.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/** A member's paid deposits and turnover (VIP levels). */
export interface LedgerTotals {
  depositsMinor: bigint;
  turnoverMinor: bigint;
}

export const ledgerReads = {
  /**
   * Sums the member's cash-account entries of deposit and bet transactions (walks the member's
   * transactions by the ledger_transactions_member index). A deposit credits cash, a bet debits
   * it and a game's rollback gives a bet back: turnover is the negated sum of bet and rollback
   * entries, so a voided bet never counts.
   */
  async depositsAndTurnover(db: DbOrTx, memberId: bigint): Promise<LedgerTotals> {
    const rows = await db
      .select({
        kind: ledgerTransactions.kind,
        total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.memberId, memberId),
          inArray(ledgerTransactions.kind, ['deposit', 'bet', 'rollback']),
          eq(ledgerAccounts.ownerId, memberId),
          eq(ledgerAccounts.kind, 'cash'),
        ),
      )
      .groupBy(ledgerTransactions.kind);
    const sumOf = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.total ?? '0');
    return {
      depositsMinor: sumOf('deposit'),
      turnoverMinor: -(sumOf('bet') + sumOf('rollback')),
    };
  },
};
