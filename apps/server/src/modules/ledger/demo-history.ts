/**
 * Demo history: the demo seed shows an agent a team with yesterday's deposits and bets, so it
 * dates movements it has just posted through `Ledger.post` on earlier days. Nothing a player or
 * operator does reaches this; tests that need movements on other days use it too.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/** Dates a posted movement (its transaction and every entry of it) at `at`. */
export async function backdateMovement(db: DbOrTx, transactionId: bigint, at: Date) {
  await db
    .update(ledgerTransactions)
    .set({ createdAt: at })
    .where(inArray(ledgerTransactions.id, [transactionId]));
  await db
    .update(ledgerEntries)
    .set({ createdAt: sql`${at.toISOString()}::timestamptz` })
    .where(inArray(ledgerEntries.transactionId, [transactionId]));
}
