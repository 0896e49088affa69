/**
 * The ledger's helpers for other modules' tests: the one place outside `ledger_post` that writes
 * ledger rows. Movements are posted through `Ledger.move`/`post` like any other; suites that need
 * movements on other days date them here rather than writing the ledger tables themselves.
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
