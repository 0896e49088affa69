/**
 * VIP levels and progress. Levels come from the operator setting `vipLevels`; a member's deposits
 * and turnover are summed from the ledger on each call (one indexed query), so a deposit shows in
 * the progress at once, on every server process. The header's badge, which member info carries on
 * every call, is kept a minute (see `clubLabel`).
 */
import type { Language } from '@khela/contract/language';
import {
  levelBenefits,
  rankProgress,
  VIP_FLAG,
  type RankProgress,
  type VipRenewal,
  type VipSummary,
} from '@khela/contract/vip';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import { ledgerReads } from '../ledger/ledger-reads';
import type { SettingsService } from '../settings/settings.service';
import { vipStanding, type VipStanding } from './vip-levels';

type ClubLabel = { labelId: number; labelName: string } | null;

/** How long member info may show a badge without summing the ledger again (a lost notice). */
export const BADGE_TTL_MS = 60_000;

export class VipService {
  /** Each member's badge, as member info shows it (boxed: the cache holds no null). */
  private readonly badges: ReadCache<{ label: ClubLabel }>;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    shared: CacheStore,
  ) {
    // Dropped whenever the member's balance is: every money movement says so after its commit.
    this.badges = new ReadCache(shared, {
      name: 'vip-badge',
      max: 50_000,
      ttlMs: BADGE_TTL_MS,
      follows: 'balance',
    });
  }

  /** Listens for other processes' fresh badges; call once before serving. */
  start() {
    return this.badges.start();
  }

  /** The player's VIP calls answer 403 feature.disabled while VIPBENEFIT3 is off. */
  assertEnabled(): void {
    if (!this.settings.flag(VIP_FLAG)) throw new AppError('feature.disabled');
  }

  async standing(
    memberId: bigint,
  ): Promise<VipStanding & { depositsMinor: number; turnoverMinor: number }> {
    const totals = await ledgerReads.depositsAndTurnover(this.db, memberId);
    return {
      ...vipStanding(this.settings.get('vipLevels'), totals),
      depositsMinor: Number(totals.depositsMinor),
      turnoverMinor: Number(totals.turnoverMinor < 0n ? 0n : totals.turnoverMinor),
    };
  }

  /**
   * The header's rank badge (member info `clubLabel`): the level the member holds now, from the
   * ledger's deposits and turnover. Shown whether or not VIPBENEFIT3 is on (the flag governs the
   * benefits page and the bar, not the badge); null when not even the lowest level is met.
   * Member info asks on every call and the sum is over the member's whole ledger, so the badge is
   * kept, and dropped with the member's cached balance (after every money movement), or after
   * BADGE_TTL_MS; `fresh` (the renewal call) sums again and every process takes the new badge.
   */
  async clubLabel(memberId: bigint, fresh = false): Promise<ClubLabel> {
    const key = String(memberId);
    const load = async () => {
      const s = await this.standing(memberId);
      return { label: s.current ? { labelId: s.current.id, labelName: s.current.name } : null };
    };
    if (fresh) await this.badges.invalidate(key);
    const kept = await this.badges.getOrLoad(key, load);
    return kept?.label ?? null;
  }

  /**
   * The spec's "VIP renewal" call: the member's level evaluated again now, with the level the
   * client last showed (`knownLabelId`), so that it can tell the member of a new level.
   */
  async renewal(memberId: bigint, knownLabelId: number | null): Promise<VipRenewal> {
    const label = await this.clubLabel(memberId, true);
    const labelId = label?.labelId ?? null;
    const levels = this.settings.get('vipLevels');
    const rank = (id: number | null) => (id === null ? -1 : levels.findIndex((l) => l.id === id));
    return {
      clubLabel: label,
      labelId,
      changed: knownLabelId !== labelId,
      upgraded: rank(labelId) > rank(knownLabelId),
    };
  }

  /** The spec's MCSFE_getPlayerRankProgress answer: progress toward the next level. */
  async rankProgress(memberId: bigint): Promise<RankProgress> {
    this.assertEnabled();
    const s = await this.standing(memberId);
    return {
      currentProgress: {
        completedConditions: s.completedConditions,
        totalExpectedConditions: s.totalExpectedConditions,
      },
      playerRankProgress: {
        labelId: s.next?.id ?? null,
        labelName: s.next?.name ?? null,
        currentLabelId: s.current?.id ?? null,
        currentLabelName: s.current?.name ?? null,
      },
    };
  }

  async summary(memberId: bigint, language: Language): Promise<VipSummary> {
    this.assertEnabled();
    const s = await this.standing(memberId);
    const currentProgress = {
      completedConditions: s.completedConditions,
      totalExpectedConditions: s.totalExpectedConditions,
    };
    return {
      levels: this.settings.get('vipLevels').map((level) => ({
        id: level.id,
        name: level.name,
        depositsMinor: level.depositsMinor,
        turnoverMinor: level.turnoverMinor,
        benefits: levelBenefits(level, language),
      })),
      currentLevelId: s.current?.id ?? null,
      nextLevelId: s.next?.id ?? null,
      depositsMinor: s.depositsMinor,
      turnoverMinor: s.turnoverMinor,
      progress: {
        ...currentProgress,
        ...rankProgress({ currentProgress, playerRankProgress: { labelId: s.next?.id ?? null } }),
        conditions: s.conditions,
      },
    };
  }
}
