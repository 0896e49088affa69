/**
 * What the operator reads of a campaign: where it stands now (scheduled, running, paused, ended)
 * and its uptake and cost, from the members' bonuses counted by status. Pure: the queries are in
 * campaign-admin.repository.ts.
 */
import type {
  CampaignState,
  CampaignUptake,
  OpsCampaign,
} from '@khela/contract/backoffice/bonuses';
import type { BonusKind, WageringBase } from '@khela/contract/bonus';
import type { CampaignRow, UptakeRow } from './campaign-admin.repository';

const num = (value: bigint | null) => (value === null ? null : Number(value));
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * Ended wins over paused (resuming it would not make it run), paused over scheduled. A campaign
 * given `totalCap` times has ended too: nobody can get it any more.
 */
export function campaignState(row: CampaignRow, now: Date): CampaignState {
  const time = now.getTime();
  if (row.endsAt !== null && row.endsAt.getTime() <= time) return 'ended';
  if (row.totalCap !== null && row.uses >= row.totalCap) return 'ended';
  if (row.pausedAt !== null) return 'paused';
  if (row.startsAt !== null && row.startsAt.getTime() > time) return 'scheduled';
  return 'running';
}

export const NO_UPTAKE: CampaignUptake = {
  given: 0,
  queued: 0,
  active: 0,
  converted: 0,
  forfeited: 0,
  expired: 0,
  refused: 0,
  givenMinor: 0,
  costMinor: 0,
  removedMinor: 0,
  outstandingMinor: 0,
};

/**
 * One campaign's figures from its rows by status. Given: every bonus not refused. Cost: what
 * conversions turned into cash (`settled_minor` of converted ones). Removed: what forfeits and
 * expiries took back. Outstanding: `heldMinor`, what the bonus balances of its active bonuses
 * still hold (a queued bonus holds nothing yet; an active one's face value is not what is left
 * of it once it has been played with).
 */
export function uptakeOf(rows: readonly UptakeRow[], heldMinor = 0n): CampaignUptake {
  const uptake = { ...NO_UPTAKE };
  let given = 0n;
  let cost = 0n;
  let removed = 0n;
  for (const row of rows) {
    switch (row.status) {
      case 'refused':
        uptake.refused += row.count;
        continue;
      case 'queued':
      case 'active':
        uptake[row.status] += row.count;
        break;
      case 'converted':
        uptake.converted += row.count;
        cost += row.settledMinor;
        break;
      case 'forfeited':
      case 'expired':
        uptake[row.status] += row.count;
        removed += row.settledMinor;
        break;
      default:
        continue;
    }
    uptake.given += row.count;
    given += row.amountMinor;
  }
  return {
    ...uptake,
    givenMinor: Number(given),
    costMinor: Number(cost),
    removedMinor: Number(removed),
    outstandingMinor: Number(heldMinor),
  };
}

/** The campaign as the operator API answers it. */
export function toOpsCampaign(row: CampaignRow, uptake: CampaignUptake, now: Date): OpsCampaign {
  return {
    id: row.id.toString(),
    kind: row.kind as BonusKind,
    nameEn: row.nameEn,
    nameBn: row.nameBn,
    termsEn: row.termsEn,
    termsBn: row.termsBn,
    currency: row.currency,
    percentBp: row.percentBp,
    amountMinor: num(row.amountMinor),
    capMinor: num(row.capMinor),
    minDepositMinor: num(row.minDepositMinor),
    wageringMultiplier: row.wageringMultiplier,
    wageringBase: row.wageringBase as WageringBase,
    weights: row.weights,
    maxStakeMinor: num(row.maxStakeMinor),
    maxConversionMinor: num(row.maxConversionMinor),
    validHours: row.validHours,
    promoCode: row.promoCode,
    totalCap: row.totalCap,
    uses: row.uses,
    audience: row.audience,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    pausedAt: iso(row.pausedAt),
    priority: row.priority,
    state: campaignState(row, now),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    uptake,
  };
}
