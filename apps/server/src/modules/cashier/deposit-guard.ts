/**
 * The seam where player protection stops a deposit: DepositsService asks its guard before it
 * opens a payment, and again inside the transaction that records it. A guard refuses by throwing
 * an AppError (wallet.depositLimitReached, wallet.excluded, …) and no deposit is made. The real
 * guard is ProtectionService (deposit limits, time-outs, self-exclusion), wired in app.ts.
 */
import type { DbOrTx } from '../../db/client';

export interface DepositGuard {
  /**
   * Throws an AppError when the member may not deposit this amount now. Given a transaction, it
   * locks what it read (the member's limits) until that transaction ends.
   */
  assertMayDeposit(memberId: bigint, amountMinor: bigint, tx?: DbOrTx): Promise<void>;
}

/** For tests of the cashier alone: every deposit within the channel's range is allowed. */
export const allowAllDeposits: DepositGuard = {
  assertMayDeposit: () => Promise.resolve(),
};
