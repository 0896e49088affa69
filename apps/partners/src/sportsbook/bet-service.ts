/**
 * The sportsbook's bets over the product's seamless wallet, as the demo vendor's rounds go: one
 * bet is one wallet round (round id = bet id). Its stake is debited at placement (`<bet>:bet`);
 * its return is credited when its markets' results are known, possibly hours later, by a final
 * win (`<bet>:settle`, 0 for a lost bet); a cash-out is a final win of the offered value
 * (`<bet>:cashout`); a cancelled bet is rolled back (`<bet>:rollback`). Every id is derived from
 * the bet, so a settlement delivered twice, a retry or a recovery pass sends the same id and the
 * wallet pays once.
 *
 * A result corrected after settlement re-settles the bet's own settled round through the
 * wallet's `adjust` (`<bet>:v<n>:adjust`, the difference, signed), taken however long after the
 * game session ended; a take-back moves at most what the player's cash holds, and the bet
 * records what was paid in the end. Nothing paid is ever edited.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '@khela/contract/language';
import type { VendorWinBody, VendorWinsItem } from '@khela/contract/vendor-wallet';
import type { FastifyBaseLogger } from 'fastify';
import { WalletRefusal, WalletUnreachable, type WalletClient } from '../wallet-client';
import { type BetStore, type BetState, type StoredBet, type StoredLeg } from './bet-store';
import { corrected, type ResultCorrection } from './domain/corrections';
import { fixtureById, type ScheduleOptions } from './domain/fixtures';
import { localName } from './domain/names';
import {
  indexAt,
  offerOf,
  outcomeAt,
  simulate,
  type AnyMatch,
  type PricingConfig,
} from './domain/markets';
import {
  betResult,
  betReturn,
  cashOutValue,
  combinedOdds,
  potentialReturn,
} from './domain/settlement';
import type { Fixture, Outcome, Sport, Text } from './domain/types';
import { SportsbookError } from './messages';

export interface SportsbookLimits {
  minStakeMinor: number;
  maxStakeMinor: number;
  /** Largest return a bet may have (its stake at its odds). */
  maxPayoutMinor: number;
  maxLegs: number;
}

export interface SportsbookSettings {
  schedule: ScheduleOptions;
  /** How long a step of a match lasts: a ball, a minute, a raid. */
  stepMs: Record<Sport, number>;
  pricing: PricingConfig;
  limits: SportsbookLimits;
  /** Taken off a cash-out's value, basis points. */
  cashOutFeeBp: number;
  /** Wallet calls a settlement pass makes at once (batches of wins, or adjustments). */
  settleConcurrency: number;
  /** Wins one settlement call carries (at most the wallet's VENDOR_WINS_MAX_ITEMS). */
  settleBatchSize: number;
}

/** The player's choice when odds move between the slip and the placement. */
export type OddsAcceptance = 'ask' | 'higher' | 'any';

export interface SlipLeg {
  fixtureId: string;
  marketId: string;
  selectionId: string;
  /** The odds the player saw (hundredths). */
  odds: number;
}

export interface LegView extends StoredLeg {
  event: Text;
  sport: Sport;
  market: Text;
  selection: Text;
  outcome: Outcome['kind'] | null;
}

export interface BetView {
  betId: string;
  kind: 'single' | 'accumulator';
  stakeMinor: number;
  odds: number;
  potentialReturnMinor: number;
  currency: string;
  state: BetState;
  result: string | null;
  returnMinor: number | null;
  paidMinor: number;
  placedAt: string;
  settledAt: string | null;
  /** What a cash-out would pay now; null when none is offered. */
  cashOutMinor: number | null;
  legs: LegView[];
}

export interface PassReport {
  settled: number;
  failed: number;
}

const MATCHES_KEPT = 300;

export class SportsbookService {
  readonly store: BetStore;
  private readonly matches = new Map<string, AnyMatch>();

  constructor(
    private readonly deps: {
      store: BetStore;
      wallet: WalletClient;
      settings: SportsbookSettings;
      now?: () => number;
      log?: FastifyBaseLogger;
    },
  ) {
    this.store = deps.store;
  }

  get settings() {
    return this.deps.settings;
  }

  now() {
    return (this.deps.now ?? Date.now)();
  }

  fixture(fixtureId: string): Fixture | undefined {
    return fixtureById(this.deps.settings.schedule, fixtureId);
  }

  /** The simulated match of a fixture (kept in memory: replaying is deterministic). */
  match(fixtureId: string): AnyMatch | undefined {
    const cached = this.matches.get(fixtureId);
    if (cached) return cached;
    const fixture = this.fixture(fixtureId);
    if (!fixture) return undefined;
    const match = simulate(fixture);
    if (this.matches.size >= MATCHES_KEPT) this.matches.delete(this.matches.keys().next().value!);
    this.matches.set(fixtureId, match);
    return match;
  }

  /** The index of the match's state now. */
  indexNow(match: AnyMatch) {
    return indexAt(match, this.now(), this.deps.settings.stepMs[match.fixture.sport]);
  }

  /**
   * Places a single (one leg) or an accumulator (one leg per match): each leg's market must be
   * open and its odds acceptable, the stake and the return within the limits; then the stake is
   * debited through the wallet. A wallet refusal (funds, limits, a break) passes through.
   */
  async place(input: {
    token: string;
    language: Language;
    stakeMinor: number;
    acceptance: OddsAcceptance;
    legs: SlipLeg[];
  }): Promise<BetView> {
    const { limits } = this.deps.settings;
    const { legs } = input;
    if (
      legs.length < 1 ||
      legs.length > limits.maxLegs ||
      new Set(legs.map((l) => l.fixtureId)).size !== legs.length
    ) {
      throw new SportsbookError('sportsbook.badSlip', { maxLegs: limits.maxLegs });
    }
    const taken: StoredLeg[] = [];
    const moved: { fixtureId: string; marketId: string; selectionId: string; odds: number }[] = [];
    for (const leg of legs) {
      const match = this.match(leg.fixtureId);
      const offer =
        match && offerOf(match, this.indexNow(match), leg.marketId, this.deps.settings.pricing);
      const selection = offer?.selections.find((s) => s.id === leg.selectionId);
      if (!offer || !selection)
        throw new SportsbookError('sportsbook.marketUnknown', { marketId: leg.marketId });
      if (offer.status === 'closed')
        throw new SportsbookError('sportsbook.marketClosed', { marketId: leg.marketId });
      if (offer.status === 'suspended')
        throw new SportsbookError('sportsbook.marketSuspended', { marketId: leg.marketId });
      const acceptable =
        input.acceptance === 'any' ||
        selection.odds === leg.odds ||
        (input.acceptance === 'higher' && selection.odds > leg.odds);
      if (!acceptable) moved.push({ ...leg, odds: selection.odds });
      taken.push({ ...leg, odds: selection.odds });
    }
    if (moved.length > 0) throw new SportsbookError('sportsbook.oddsChanged', { legs: moved });
    if (input.stakeMinor < limits.minStakeMinor)
      throw new SportsbookError('sportsbook.stakeTooLow', { minStakeMinor: limits.minStakeMinor });
    if (input.stakeMinor > limits.maxStakeMinor)
      throw new SportsbookError('sportsbook.stakeTooHigh', { maxStakeMinor: limits.maxStakeMinor });
    const stake = BigInt(input.stakeMinor);
    const odds = taken.map((l) => l.odds);
    if (potentialReturn(stake, odds) > BigInt(limits.maxPayoutMinor)) {
      const maxStakeMinor = Number(
        (BigInt(limits.maxPayoutMinor) * 100n) / BigInt(combinedOdds(odds)),
      );
      throw new SportsbookError('sportsbook.payoutTooHigh', {
        maxPayoutMinor: limits.maxPayoutMinor,
        maxStakeMinor,
      });
    }

    const who = await this.walletCall(() => this.deps.wallet.balance(input.token, input.language));
    const betId = `sb-${randomUUID()}`;
    await this.store.insertPlacing({
      betId,
      playerId: who.playerId,
      token: input.token,
      currency: who.currency,
      language: input.language,
      stakeMinor: stake,
      odds: combinedOdds(odds),
      legs: taken,
    });
    try {
      await this.deps.wallet.bet(
        {
          token: input.token,
          txId: `${betId}:bet`,
          roundId: betId,
          amount: input.stakeMinor,
          currency: who.currency,
        },
        input.language,
      );
    } catch (error) {
      if (error instanceof WalletRefusal) {
        await this.store.move(betId, ['placing'], 'refused');
        throw error;
      }
      // Maybe taken, maybe not: left `placing`, recovery rolls it back.
      this.deps.log?.warn({ err: error, betId }, 'sportsbook: bet not answered');
      throw new SportsbookError('sportsbook.walletUnreachable');
    }
    await this.store.move(betId, ['placing'], 'open');
    return this.view((await this.store.get(betId))!);
  }

  /** The bet's legs with what is known of their outcomes, results corrected as recorded. */
  private async legOutcomes(
    bet: StoredBet,
    corrections?: Map<string, AnyMatch>,
  ): Promise<(Outcome | undefined)[]> {
    return Promise.all(
      bet.legs.map(async (leg) => {
        const match = corrections?.get(leg.fixtureId) ?? (await this.correctedMatch(leg.fixtureId));
        if (!match) return { kind: 'void' };
        return outcomeAt(match, this.indexNow(match), leg.marketId, leg.selectionId);
      }),
    );
  }

  /** The match with its recorded result corrections, and the last correction's version. */
  private async correctedMatchWithVersion(
    fixtureId: string,
  ): Promise<{ match: AnyMatch; version: number } | undefined> {
    const match = this.match(fixtureId);
    if (!match) return undefined;
    const list = await this.store.corrections(fixtureId);
    return {
      match: corrected(
        match,
        list.map((c) => c.correction),
      ),
      version: list.at(-1)?.version ?? 0,
    };
  }

  private async correctedMatch(fixtureId: string) {
    return (await this.correctedMatchWithVersion(fixtureId))?.match;
  }

  /**
   * Settles the bets of a fixture whose results are known now (a lost leg settles an
   * accumulator at once). Bets left `settling` by an earlier pass are sent again with their
   * fixed return and the same id.
   */
  async settleFixture(fixtureId: string): Promise<PassReport> {
    const bets = await this.store.ofFixture(fixtureId, ['open', 'settling']);
    const matches = new Map<string, AnyMatch>();
    const versions = new Map<string, number>();
    for (const id of new Set(bets.flatMap((b) => b.legs.map((l) => l.fixtureId)))) {
      const found = await this.correctedMatchWithVersion(id);
      if (found) {
        matches.set(id, found.match);
        versions.set(id, found.version);
      }
    }
    // Decided in memory, claimed in one statement, paid in batches of wins, marked settled in one
    // statement: two journal writes and a few wallet calls for the whole fixture, not two and one
    // per bet. A bet left `settling` (a win unanswered, a crash before the mark) is sent again
    // with the same id.
    const claims: { betId: string; returnMinor: bigint; result: string; resultVersion: number }[] =
      [];
    for (const bet of bets) {
      if (bet.state !== 'open') continue;
      const outcomes = await this.legOutcomes(bet, matches);
      const legs = bet.legs.map((leg, i) => ({ odds: leg.odds, outcome: outcomes[i] }));
      const returned = betReturn(bet.stakeMinor, legs);
      if (returned === undefined) continue;
      claims.push({
        betId: bet.betId,
        returnMinor: returned,
        result: betResult(bet.stakeMinor, legs, returned),
        resultVersion: Math.max(0, ...bet.legs.map((l) => versions.get(l.fixtureId) ?? 0)),
      });
    }
    const claimed = await this.store.claimSettlements(claims);
    const fixed = new Map(claims.map((c) => [c.betId, c]));
    return this.paySettlements(
      bets
        .filter((b) => b.state === 'settling' || claimed.has(b.betId))
        .map((b) =>
          b.state === 'settling' ? b : { ...b, returnMinor: fixed.get(b.betId)!.returnMinor },
        ),
    );
  }

  /**
   * Pays claimed (`settling`) bets their fixed returns through the wallet's batch of wins, a
   * chunk of settleBatchSize per call, settleConcurrency calls at once, and marks those paid
   * settled in one statement. Nothing else pays a settlement: a bet whose item was refused or
   * not answered stays `settling`, and the next pass or recovery sends the same `<bet>:settle`
   * again, which the wallet pays once.
   */
  private async paySettlements(bets: StoredBet[]): Promise<PassReport> {
    const { settleBatchSize, settleConcurrency } = this.deps.settings;
    const chunks: StoredBet[][] = [];
    for (let i = 0; i < bets.length; i += settleBatchSize) {
      chunks.push(bets.slice(i, i + settleBatchSize));
    }
    const paid: string[] = [];
    let failed = 0;
    await inParallel(chunks, settleConcurrency, async (chunk) => {
      let answers: Map<string, VendorWinsItem>;
      try {
        // One language for the batch: its refusals' messages only reach the log.
        const items = await this.deps.wallet.wins(chunk.map(settlementOf), 'EN');
        answers = new Map(items.map((item) => [item.txId, item]));
      } catch (error) {
        failed += chunk.length;
        this.deps.log?.warn(
          { err: error, bets: chunk.length, firstBetId: chunk[0]!.betId },
          'sportsbook: settlement batch failed',
        );
        return;
      }
      for (const bet of chunk) {
        const answer = answers.get(settleTxId(bet));
        if (answer?.success) {
          paid.push(bet.betId);
          continue;
        }
        failed += 1;
        this.deps.log?.warn(
          { betId: bet.betId, refusal: answer ?? 'no answer' },
          'sportsbook: settlement failed',
        );
      }
    });
    return { settled: await this.store.markSettled(paid), failed };
  }

  /** One pass over every fixture with bets to settle. */
  async settleDue(): Promise<PassReport> {
    const report: PassReport = { settled: 0, failed: 0 };
    for (const fixtureId of await this.store.fixturesWithOpenBets()) {
      const one = await this.settleFixture(fixtureId);
      report.settled += one.settled;
      report.failed += one.failed;
    }
    return report;
  }

  /** Records a corrected result of a finished match and re-settles its settled bets. */
  async correctResult(
    fixtureId: string,
    correction: ResultCorrection,
  ): Promise<PassReport & { version: number }> {
    if (!this.match(fixtureId)) throw new SportsbookError('sportsbook.marketUnknown');
    const version = await this.store.addCorrection(fixtureId, correction);
    return { version, ...(await this.resettleFixture(fixtureId)) };
  }

  /**
   * Re-settles a fixture's settled bets under its last correction: each bet whose return changed
   * gets one adjustment of its round (`<bet>:v<version>:adjust`, the difference, signed); a pass
   * run again (or twice at once) sends the same id, so the wallet moves it once. A take-back the
   * player's cash cannot cover in full takes what it holds: the bet's paid amount says so.
   */
  async resettleFixture(fixtureId: string): Promise<PassReport> {
    const report: PassReport = { settled: 0, failed: 0 };
    const found = await this.correctedMatchWithVersion(fixtureId);
    if (!found || found.version === 0) return report;
    const bets = (await this.store.ofFixture(fixtureId, ['settled'])).filter(
      (b) => b.resultVersion < found.version,
    );
    await inParallel(bets, this.deps.settings.settleConcurrency, async (bet) => {
      try {
        const outcomes = await this.legOutcomes(bet, new Map([[fixtureId, found.match]]));
        const legs = bet.legs.map((leg, i) => ({ odds: leg.odds, outcome: outcomes[i] }));
        const returned = betReturn(bet.stakeMinor, legs);
        if (returned === undefined) return;
        const delta = returned - bet.paidMinor;
        let paid = bet.paidMinor;
        if (delta !== 0n) {
          const moved = await this.deps.wallet.adjust(
            {
              token: bet.token,
              txId: `${bet.betId}:v${found.version}:adjust`,
              roundId: bet.betId,
              amount: Number(delta),
              currency: bet.currency,
              reason: `result correction ${found.version}`,
            },
            bet.language,
          );
          paid += BigInt(moved.appliedAmount);
        }
        if (
          await this.store.resettled(
            bet.betId,
            found.version,
            paid,
            betResult(bet.stakeMinor, legs, returned),
          )
        )
          report.settled += 1;
      } catch (error) {
        report.failed += 1;
        this.deps.log?.warn({ err: error, betId: bet.betId }, 'sportsbook: re-settlement failed');
      }
    });
    return report;
  }

  /** Cancels an open bet (the operator's decision, a bet taken in error): its stake rolled back. */
  async cancel(betId: string): Promise<BetView> {
    const bet = await this.store.get(betId);
    if (!bet) throw new SportsbookError('sportsbook.betUnknown');
    if (!(await this.store.move(betId, ['open'], 'cancelling')))
      throw new SportsbookError('sportsbook.notOpen');
    await this.rollback(bet);
    return this.view((await this.store.get(betId))!);
  }

  private async rollback(bet: StoredBet) {
    await this.deps.wallet.rollback(
      {
        token: bet.token,
        txId: `${bet.betId}:rollback`,
        refTxId: `${bet.betId}:bet`,
        roundId: bet.betId,
        currency: bet.currency,
      },
      bet.language,
    );
    await this.store.move(bet.betId, ['cancelling'], 'cancelled', {
      returnMinor: bet.stakeMinor,
      paidMinor: bet.stakeMinor,
      result: 'cancelled',
    });
  }

  /** What cashing out a bet pays now, or undefined when none is offered. */
  async cashOutQuote(bet: StoredBet): Promise<bigint | undefined> {
    if (bet.state !== 'open') return undefined;
    const outcomes = await this.legOutcomes(bet);
    return cashOutValue(
      bet.stakeMinor,
      bet.legs.map((leg, i) => {
        const match = this.match(leg.fixtureId);
        const offer =
          match && offerOf(match, this.indexNow(match), leg.marketId, this.deps.settings.pricing);
        const current =
          offer?.status === 'open'
            ? offer.selections.find((s) => s.id === leg.selectionId)?.odds
            : undefined;
        return { odds: leg.odds, outcome: outcomes[i], currentOdds: current };
      }),
      this.deps.settings.cashOutFeeBp,
    );
  }

  /**
   * Cashes a player's open bet out at the price now, if it is at least the one they were shown
   * (`quotedMinor`): the round is closed by a final win of that value.
   */
  async cashOut(input: {
    token: string;
    language: Language;
    betId: string;
    quotedMinor: number;
  }): Promise<BetView> {
    const bet = await this.ownBet(input.token, input.language, input.betId);
    if (bet.state !== 'open') throw new SportsbookError('sportsbook.notOpen');
    const value = await this.cashOutQuote(bet);
    if (value === undefined) throw new SportsbookError('sportsbook.cashOutUnavailable');
    if (value < BigInt(input.quotedMinor))
      throw new SportsbookError('sportsbook.cashOutChanged', { cashOutMinor: Number(value) });
    if (
      !(await this.store.move(bet.betId, ['open'], 'cashing_out', {
        returnMinor: value,
        result: 'cashed_out',
      }))
    ) {
      throw new SportsbookError('sportsbook.notOpen');
    }
    await this.sendCashOut({ ...bet, returnMinor: value });
    return this.view((await this.store.get(bet.betId))!);
  }

  private async sendCashOut(bet: StoredBet) {
    try {
      await this.deps.wallet.win(
        {
          token: bet.token,
          txId: `${bet.betId}:cashout`,
          roundId: bet.betId,
          amount: Number(bet.returnMinor),
          currency: bet.currency,
          final: true,
        },
        bet.language,
      );
    } catch (error) {
      if (error instanceof WalletRefusal) throw error;
      // Left `cashing_out`: recovery sends the same win.
      throw new SportsbookError('sportsbook.walletUnreachable');
    }
    await this.store.move(bet.betId, ['cashing_out'], 'cashed_out', {
      paidMinor: bet.returnMinor!,
    });
  }

  /** A bet of the token's player (any of their sessions), or betUnknown. */
  async ownBet(token: string, language: Language, betId: string): Promise<StoredBet> {
    const who = await this.walletCall(() => this.deps.wallet.balance(token, language));
    const bet = await this.store.get(betId);
    if (!bet || bet.playerId !== who.playerId) throw new SportsbookError('sportsbook.betUnknown');
    return bet;
  }

  /** The token's player's bets, open or settled. */
  async myBets(token: string, language: Language, which: 'open' | 'settled') {
    const who = await this.walletCall(() => this.deps.wallet.balance(token, language));
    const bets = await this.store.ofPlayer(who.playerId, which);
    return {
      balance: who.balance,
      currency: who.currency,
      bets: await Promise.all(bets.map((b) => this.view(b))),
    };
  }

  /**
   * Finishes bets left mid-movement: an unanswered placement is rolled back (a rollback of a bet
   * that never arrived is kept by the wallet as void, so a late copy is refused), a settlement or
   * cash-out sent again, a cancellation's rollback sent again.
   */
  async recover(olderThanMs = 30_000): Promise<PassReport> {
    const report: PassReport = { settled: 0, failed: 0 };
    const unfinished = await this.store.claimUnfinished(olderThanMs);
    for (const bet of unfinished) {
      if (bet.state === 'settling') continue;
      try {
        if (bet.state === 'placing') {
          if (await this.store.move(bet.betId, ['placing'], 'cancelling')) await this.rollback(bet);
        } else if (bet.state === 'cancelling') {
          await this.rollback(bet);
        } else if (bet.state === 'cashing_out') {
          await this.sendCashOut(bet);
        }
        report.settled += 1;
      } catch (error) {
        report.failed += 1;
        this.deps.log?.warn({ err: error, betId: bet.betId }, 'sportsbook: recovery failed');
      }
    }
    // Settlements left unanswered go again as the settler sends them: in batches, the same ids.
    const settlements = await this.paySettlements(unfinished.filter((b) => b.state === 'settling'));
    report.settled += settlements.settled;
    report.failed += settlements.failed;
    return report;
  }

  async view(bet: StoredBet): Promise<BetView> {
    const outcomes = await this.legOutcomes(bet);
    const cashOut = bet.state === 'open' ? await this.cashOutQuote(bet) : undefined;
    return {
      betId: bet.betId,
      kind: bet.legs.length === 1 ? 'single' : 'accumulator',
      stakeMinor: Number(bet.stakeMinor),
      odds: bet.odds,
      potentialReturnMinor: Number(
        potentialReturn(
          bet.stakeMinor,
          bet.legs.map((l) => l.odds),
        ),
      ),
      currency: bet.currency,
      state: bet.state,
      result: bet.result,
      returnMinor: bet.returnMinor === null ? null : Number(bet.returnMinor),
      paidMinor: Number(bet.paidMinor),
      placedAt: bet.placedAt.toISOString(),
      settledAt: bet.settledAt?.toISOString() ?? null,
      cashOutMinor: cashOut === undefined ? null : Number(cashOut),
      legs: bet.legs.map((leg, i) => {
        const match = this.match(leg.fixtureId);
        const offer = match && offerOf(match, 0, leg.marketId, this.deps.settings.pricing);
        const fallback = { EN: leg.marketId, BN: leg.marketId };
        const named =
          offer ??
          (match &&
            offerOf(match, match.states.length - 1, leg.marketId, this.deps.settings.pricing));
        const selection = named?.selections.find((s) => s.id === leg.selectionId)?.name ?? {
          EN: leg.selectionId,
          BN: leg.selectionId,
        };
        return {
          ...leg,
          sport: match?.fixture.sport ?? 'cricket',
          event: match ? eventName(match.fixture) : { EN: leg.fixtureId, BN: leg.fixtureId },
          market: named?.name ?? fallback,
          selection,
          outcome:
            bet.state === 'settled' || bet.state === 'open' ? (outcomes[i]?.kind ?? null) : null,
        };
      }),
    };
  }

  /** A wallet read for the player: refusals pass through, silence is the partner's 502. */
  private async walletCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof WalletUnreachable)
        throw new SportsbookError('sportsbook.walletUnreachable');
      throw error;
    }
  }
}

/** `Home v Away` in both languages. */
function eventName(fixture: Fixture): Text {
  const [home, away] = [localName(fixture.home), localName(fixture.away)];
  return { EN: `${home.EN} v ${away.EN}`, BN: `${home.BN} বনাম ${away.BN}` };
}

const settleTxId = (bet: StoredBet) => `${bet.betId}:settle`;

/** A claimed bet's settlement: the final win of its fixed return (0 for a lost bet). */
function settlementOf(bet: StoredBet): VendorWinBody {
  return {
    token: bet.token,
    txId: settleTxId(bet),
    roundId: bet.betId,
    amount: Number(bet.returnMinor),
    currency: bet.currency,
    final: true,
  };
}

/** Runs `work` over `items`, at most `width` at once. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, lane));
}
