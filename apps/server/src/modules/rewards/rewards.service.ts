/**
 * Manual rebate and the reward centre.
 *
 * Rebate is earned on turnover at the operator's rates (setting `rebateRates`, basis points per
 * game category). Turnover comes from the ledger: the member's bet movements (and rollbacks) by
 * `reference.category` — the contract the game rounds follow (see @khela/contract/rewards).
 * Periods are Dhaka calendar days; a day's rebate is final and claimable once the day has ended,
 * for `REBATE_WINDOW_DAYS` days. A claim pays one day once: the claim row is unique per member
 * and day, and its ledger movement (source 'rebate', key `${memberId}:${periodStart}`, bonus →
 * cash) is unique too, so concurrent claims pay once and the rest get 409.
 */
import { addDays, siteDay, siteDayStart } from '@khela/contract/date';
import { GAME_CATEGORIES, type GameCategory } from '@khela/contract/game-categories';
import {
  REBATE_TIME_ZONE,
  REBATE_WINDOW_DAYS,
  isGameCategory,
  type ClaimRebateAnswer,
  type ClaimRebateBody,
  type RebateCategory,
  type RebateClaim,
  type RebateOverview,
  type RebatePeriod,
  type RewardCentre,
} from '@khela/contract/rewards';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import type { SettingsService } from '../settings/settings.service';
import type { Balances } from '../ledger/balances';
import { fingerprint, type Ledger } from '../ledger/ledger';
import { ledgerReads } from '../ledger/ledger-reads';
import { rewardsRepository as repo, type ClaimRow } from './rewards.repository';

export const REBATE_SOURCE = 'rebate';
const HISTORY_LIMIT = 50;

export interface RewardsDeps {
  db: Database;
  ledger: Ledger;
  balances: Balances;
  settings: SettingsService;
  now?: () => Date;
}

const toClaim = (row: ClaimRow): RebateClaim => ({
  id: row.id.toString(),
  periodStart: row.periodStart,
  amountMinor: Number(row.amountMinor),
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
});

export class RewardsService {
  constructor(private readonly deps: RewardsDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private async memberCurrency(memberId: bigint) {
    const member = await memberReads.member(this.deps.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return member.currency ?? this.deps.settings.get('merchant').currency;
  }

  /** Rebate per category of one day's turnover at the current rates (floor per category). */
  private breakdown(turnover: Map<GameCategory, bigint>): RebateCategory[] {
    const rates = this.deps.settings.get('rebateRates');
    return GAME_CATEGORIES.filter((category) => (turnover.get(category) ?? 0n) > 0n).map(
      (category) => {
        const turnoverMinor = turnover.get(category)!;
        const rateBp = rates[category] ?? 0;
        return {
          category,
          turnoverMinor: Number(turnoverMinor),
          rateBp,
          rebateMinor: Number((turnoverMinor * BigInt(rateBp)) / 10_000n),
        };
      },
    );
  }

  /** Turnover by day and category since the first day of the window. */
  private async turnover(memberId: bigint, firstDay: string) {
    const rows = await ledgerReads.turnoverByDay(this.deps.db, memberId, siteDayStart(firstDay));
    const byDay = new Map<string, Map<GameCategory, bigint>>();
    for (const row of rows) {
      // A bet without a known category earns no rebate.
      if (!isGameCategory(row.category)) continue;
      const day = byDay.get(row.day) ?? new Map<GameCategory, bigint>();
      day.set(row.category, (day.get(row.category) ?? 0n) + row.turnoverMinor);
      byDay.set(row.day, day);
    }
    return byDay;
  }

  private async periods(
    memberId: bigint,
  ): Promise<{ periods: RebatePeriod[]; claims: ClaimRow[] }> {
    const today = siteDay(this.now());
    const firstDay = addDays(today, 1 - REBATE_WINDOW_DAYS);
    const [byDay, claims] = await Promise.all([
      this.turnover(memberId, firstDay),
      repo.claims(this.deps.db, memberId, HISTORY_LIMIT),
    ]);
    const periods: RebatePeriod[] = [];
    for (let i = 0; i < REBATE_WINDOW_DAYS; i += 1) {
      const day = addDays(today, -i);
      const claim = claims.find((c) => c.periodStart === day);
      if (claim) {
        periods.push({
          periodStart: day,
          status: 'claimed',
          totalMinor: Number(claim.amountMinor),
          categories: claim.breakdown as RebateCategory[],
          claimedAt: claim.createdAt.toISOString(),
        });
        continue;
      }
      const categories = this.breakdown(byDay.get(day) ?? new Map<GameCategory, bigint>());
      const totalMinor = categories.reduce((sum, c) => sum + c.rebateMinor, 0);
      periods.push({
        periodStart: day,
        status: day === today ? 'accruing' : totalMinor > 0 ? 'claimable' : 'none',
        totalMinor,
        categories,
        claimedAt: null,
      });
    }
    return { periods, claims };
  }

  private enabled() {
    return this.deps.settings.flag('MANPLAYREB3');
  }

  /** The rebate page: rates, the window's days with their rebate, and the claims made. */
  async overview(memberId: bigint): Promise<RebateOverview> {
    if (!this.enabled()) throw new AppError('feature.disabled');
    const [currency, { periods, claims }] = await Promise.all([
      this.memberCurrency(memberId),
      this.periods(memberId),
    ]);
    const rates = this.deps.settings.get('rebateRates');
    return {
      currency,
      timeZone: REBATE_TIME_ZONE,
      rates: GAME_CATEGORIES.filter((c) => (rates[c] ?? 0) > 0).map((category) => ({
        category,
        rateBp: rates[category]!,
      })),
      periods,
      claimableMinor: periods
        .filter((p) => p.status === 'claimable')
        .reduce((sum, p) => sum + p.totalMinor, 0),
      history: claims.map(toClaim),
    };
  }

  /** The reward centre: what may be claimed now. Promotions carry no bonus amount, so rebates only. */
  async centre(memberId: bigint): Promise<RewardCentre> {
    if (!this.deps.settings.flag('REWCEN3')) throw new AppError('feature.disabled');
    const currency = await this.memberCurrency(memberId);
    if (!this.enabled()) return { currency, rebateEnabled: false, totalMinor: 0, items: [] };
    const { periods } = await this.periods(memberId);
    const items = periods
      .filter((p) => p.status === 'claimable')
      .map((p) => ({
        kind: 'rebate' as const,
        periodStart: p.periodStart,
        amountMinor: p.totalMinor,
      }));
    return {
      currency,
      rebateEnabled: true,
      totalMinor: items.reduce((sum, item) => sum + item.amountMinor, 0),
      items,
    };
  }

  /**
   * Claims one ended day's rebate. `key` is the client's Idempotency-Key: the same key and body
   * again answer the first claim; the same key with another day is a 422. A day that is still
   * running, earned nothing, is outside the window or was claimed already: 409.
   */
  async claim(
    memberId: bigint,
    key: string | undefined,
    body: ClaimRebateBody,
  ): Promise<ClaimRebateAnswer> {
    if (!this.enabled()) throw new AppError('feature.disabled');
    if (!key) throw new AppError('idempotency.keyRequired');
    const request = { periodStart: body.periodStart };
    const print = fingerprint(request);
    const earlier = await repo.claimByKey(this.deps.db, memberId, key);
    if (earlier) return this.replay(earlier, print, memberId);

    const today = siteDay(this.now());
    const day = body.periodStart;
    const firstDay = addDays(today, 1 - REBATE_WINDOW_DAYS);
    if (day >= today || day < firstDay) throw new AppError('rewards.nothingToClaim');
    const turnover = await ledgerReads.turnoverByDay(this.deps.db, memberId, siteDayStart(day));
    const byCategory = new Map<GameCategory, bigint>();
    for (const row of turnover) {
      if (row.day !== day || !isGameCategory(row.category)) continue;
      byCategory.set(row.category, (byCategory.get(row.category) ?? 0n) + row.turnoverMinor);
    }
    const categories = this.breakdown(byCategory);
    const amount = BigInt(categories.reduce((sum, c) => sum + c.rebateMinor, 0));
    if (amount <= 0n) throw new AppError('rewards.nothingToClaim');
    const currency = await this.memberCurrency(memberId);

    let made: { row: ClaimRow; balance: bigint } | null;
    try {
      made = await this.deps.db.transaction(async (tx) => {
        const posted = await this.deps.ledger.post(tx, {
          kind: 'rebate',
          source: REBATE_SOURCE,
          key: `${memberId}:${day}`,
          // The day alone: any second claim of it is the same movement, refused below.
          request: { memberId: memberId.toString(), periodStart: day },
          currency,
          memberId,
          reference: { periodStart: day },
          legs: [
            { account: { kind: 'bonus' }, amountMinor: -amount },
            { account: { kind: 'cash', ownerId: memberId }, amountMinor: amount },
          ],
        });
        if (posted.replayed) throw new AppError('rewards.nothingToClaim');
        const row = await repo.insertClaim(tx, {
          memberId,
          periodStart: day,
          amountMinor: amount,
          currency,
          breakdown: categories,
          idempotencyKey: key,
          fingerprint: print,
          ledgerTransactionId: posted.transactionId,
        });
        // The key was used for another day by a concurrent request.
        if (!row) throw new AppError('idempotency.mismatch');
        return { row, balance: posted.balancesAfter.get(`cash:${memberId}`) ?? 0n };
      });
    } catch (error) {
      // A concurrent retry with this very key got there first: answer with its claim.
      const winner = await repo.claimByKey(this.deps.db, memberId, key);
      if (winner) return this.replay(winner, print, memberId);
      throw error;
    }
    await this.deps.balances.changed(memberId);
    return { claim: toClaim(made.row), balanceMinor: Number(made.balance), replayed: false };
  }

  private async replay(earlier: ClaimRow, print: string, memberId: bigint) {
    if (earlier.fingerprint !== print) throw new AppError('idempotency.mismatch');
    return {
      claim: toClaim(earlier),
      balanceMinor: Number(await this.deps.balances.balanceMinor(memberId)),
      replayed: true,
    };
  }
}
