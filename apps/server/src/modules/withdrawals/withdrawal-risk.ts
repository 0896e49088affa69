/**
 * The money desk's risk signals on the withdrawal queue's rows (RISK_SIGNALS in the contract):
 * first withdrawal, payee added in the last 24 h, last deposit not turned over once, other
 * accounts on the same address, identity not verified, amount above the player's usual
 * (ABOVE_USUAL_FACTOR × the median of their earlier paid withdrawals). A page costs one batched
 * read per owner (withdrawals, ledger, accounts, identity checks), never a query per row.
 */
import {
  ABOVE_USUAL_FACTOR,
  NEW_PAYEE_HOURS,
  type RiskSignal,
  type WithdrawalRisk,
} from '@khela/contract/backoffice/money';
import type { DbOrTx } from '../../db/client';
import { memberReads } from '../accounts/member-reads';
import { kycReads } from '../kyc/kyc-reads';
import { ledgerReads } from '../ledger/ledger-reads';
import { withdrawalsRepository as repo, type WithdrawalView } from './withdrawals.repository';

/** The median of a non-empty list of amounts (the lower middle one of an even count). */
function median(values: bigint[]): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = sorted.length / 2;
  if (sorted.length % 2 === 1) return sorted[Math.floor(mid)]!;
  return (sorted[mid - 1]! + sorted[mid]!) / 2n;
}

export async function withdrawalRisks(
  db: DbOrTx,
  views: WithdrawalView[],
): Promise<Map<bigint, WithdrawalRisk>> {
  const memberIds = [...new Set(views.map((view) => view.memberId))];
  const [paid, deposits, shared, kyc] = await Promise.all([
    repo.paidOf(db, memberIds),
    ledgerReads.lastDepositTurnover(db, memberIds),
    memberReads.sharedAddressAccounts(db, memberIds),
    kycReads.states(db, memberIds),
  ]);
  const risks = new Map<bigint, WithdrawalRisk>();
  for (const view of views) {
    // Earlier paid withdrawals only: the row itself (once paid) is not its own history.
    const earlier = paid
      .filter((row) => row.memberId === view.memberId && row.id < view.id)
      .map((row) => row.amountMinor);
    const usual = earlier.length > 0 ? median(earlier) : null;
    const deposit = deposits.get(view.memberId);
    const others = shared.get(view.memberId) ?? [];
    const kycState = kyc.get(view.memberId) ?? 'none';
    const payeeAge = view.createdAt.getTime() - view.payeeCreatedAt.getTime();
    const signals: RiskSignal[] = [];
    if (earlier.length === 0) signals.push('firstWithdrawal');
    if (payeeAge < NEW_PAYEE_HOURS * 3_600_000) signals.push('newPayee');
    if (deposit && deposit.turnoverSinceMinor < deposit.depositMinor) {
      signals.push('depositNotTurnedOver');
    }
    if (others.length > 0) signals.push('sharedDeviceOrAddress');
    if (kycState !== 'approved') signals.push('identityNotVerified');
    if (usual !== null && view.amountMinor > usual * BigInt(ABOVE_USUAL_FACTOR)) {
      signals.push('aboveUsual');
    }
    risks.set(view.id, {
      signals,
      facts: {
        paidWithdrawals: earlier.length,
        payeeAddedAt: view.payeeCreatedAt.toISOString(),
        lastDepositMinor: deposit ? Number(deposit.depositMinor) : null,
        betsSinceDepositMinor: deposit ? Number(deposit.turnoverSinceMinor) : 0,
        otherAccounts: others,
        kycState,
        usualMinor: usual === null ? null : Number(usual),
      },
    });
  }
  return risks;
}
