/**
 * The VIP rules as pure functions: a member's level is the highest whose conditions are all met;
 * progress counts the next level's conditions met. A condition of 0 is no condition.
 */
import type { VipCondition, VipConditionKind, VipLevelSetting } from '@khela/contract/vip';
import type { LedgerTotals } from '../ledger/ledger-reads';

export interface VipStanding {
  current: VipLevelSetting | null;
  next: VipLevelSetting | null;
  /** The next level's conditions (those it sets); empty at the top. */
  conditions: VipCondition[];
  completedConditions: number;
  totalExpectedConditions: number;
}

const required = (level: VipLevelSetting, kind: VipConditionKind) =>
  kind === 'deposits' ? level.depositsMinor : level.turnoverMinor;

const achieved = (totals: LedgerTotals, kind: VipConditionKind) =>
  kind === 'deposits' ? totals.depositsMinor : totals.turnoverMinor;

const KINDS: VipConditionKind[] = ['deposits', 'turnover'];

function conditionsOf(level: VipLevelSetting, totals: LedgerTotals): VipCondition[] {
  return KINDS.filter((kind) => required(level, kind) > 0).map((kind) => {
    const need = required(level, kind);
    const have = achieved(totals, kind);
    const haveNumber = Number(have < 0n ? 0n : have);
    return {
      kind,
      requiredMinor: need,
      achievedMinor: haveNumber,
      fraction: Math.min(1, haveNumber / need),
      met: have >= BigInt(need),
    };
  });
}

export function vipStanding(levels: VipLevelSetting[], totals: LedgerTotals): VipStanding {
  let currentIndex = -1;
  levels.forEach((level, i) => {
    if (conditionsOf(level, totals).every((c) => c.met)) currentIndex = i;
  });
  const current = levels[currentIndex] ?? null;
  const next = levels[currentIndex + 1] ?? null;
  const conditions = next ? conditionsOf(next, totals) : [];
  return {
    current,
    next,
    conditions,
    completedConditions: conditions.filter((c) => c.met).length,
    totalExpectedConditions: conditions.length,
  };
}
