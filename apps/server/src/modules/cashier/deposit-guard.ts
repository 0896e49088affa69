/**
 * The seam where player protection stops a deposit. DepositsService asks its guard before it
 * opens any payment; a guard refuses by throwing an AppError (wallet.depositLimitReached,
 * wallet.excluded, …) and the deposit is not made.
 *
 * PLAYER PROTECTION FILLS THIS IN: its deposit limits (24 h / 7 days / 30 days) and its time-outs
 * and self-exclusions provide a real `DepositGuard` and pass it to the DepositsService
 * constructor in app.ts, in place of `allowAllDeposits`.
 */
export interface DepositGuard {
  /** Throws an AppError when the member may not deposit this amount now. */
  assertMayDeposit(memberId: bigint, amountMinor: bigint): Promise<void>;
}

/** Until player protection lands: every deposit within the channel's range is allowed. */
export const allowAllDeposits: DepositGuard = {
  assertMayDeposit: () => Promise.resolve(),
};
