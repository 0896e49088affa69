/**
 * The ledger check shared by API suites: one place says what a sound ledger is, so a suite that
 * moves money ends by asking for it rather than spelling out the invariants again.
 */
import { expect } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { ledgerInvariants } from '../src/modules/ledger/ledger';

/** Every movement nets to zero, every balance equals its entries, none is negative. */
export async function expectSoundLedger(db: DbOrTx) {
  expect(await ledgerInvariants(db)).toEqual({
    unbalancedTransactions: [],
    driftedAccounts: [],
    negativeAccounts: [],
    transactionsWithoutEntries: [],
  });
}
