/**
 * The sportsbook's bets against the product's real wallet (its test harness listening on a free
 * port), signed as a registered vendor: placement debits, settlement credits once however often
 * it is delivered, cash-out and cancel close the round, a corrected result re-settles with an
 * adjustment of the round (also after the game session expired), and the product's ledger stays balanced throughout.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants } from '../../../server/src/modules/ledger/ledger';
import { TEST_DEMO_SEED } from '../../../server/test/demo-seed';
import {
  freshJournal,
  launchedPlayer,
  startProduct,
  type Product,
  cashOf,
} from '../demo-vendor/product.test-kit';
import { WalletClient, WalletRefusal } from '../wallet-client';
import { rowsOf, type JournalDbHandle } from '../journal-db';
import { BetStore } from './bet-store';
import { SportsbookService, type SportsbookSettings } from './bet-service';
import type { CricketMatch } from './domain/cricket';
import { fixtureAt } from './domain/fixtures';
import type { FootballMatch } from './domain/football';
import {
  DEFAULT_PRICING,
  finalIndex,
  offerOf,
  simulate,
  suspendedAt,
  type AnyMatch,
} from './domain/markets';
import { SportsbookError } from './messages';

const T0 = Date.UTC(2026, 5, 1, 12);
const STEP = 1_000;
const settings: SportsbookSettings = {
  schedule: { seed: 'bets-test', origin: T0, spacingMs: 3_600_000 },
  stepMs: { cricket: STEP, football: STEP, kabaddi: STEP, esports: STEP, cockfight: STEP },
  pricing: DEFAULT_PRICING,
  limits: { minStakeMinor: 10_00, maxStakeMinor: 5_000_00, maxPayoutMinor: 50_000_00, maxLegs: 8 },
  cashOutFeeBp: 300,
  settleConcurrency: 8,
  settleBatchSize: 250,
};

let product: Product;
let journal: JournalDbHandle;
let service: SportsbookService;
let now = T0 - 60_000;
let walletCalls: string[] = [];

beforeAll(async () => {
  product = await startProduct();
  journal = await freshJournal();
  const wallet = new WalletClient({
    baseUrl: () => product.base,
    provider: 'DEMO',
    secret: () => TEST_DEMO_SEED.demoVendor.secret,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const body = JSON.parse(init!.body as string) as {
        txId?: string;
        items?: { txId: string }[];
      };
      const txIds = body.items?.map((item) => item.txId).join(' ') ?? body.txId ?? '';
      walletCalls.push(`${new URL(url).pathname.split('/').pop()} ${txIds}`);
      return fetch(input, init);
    },
  });
  service = new SportsbookService({
    store: new BetStore(journal.db),
    wallet,
    settings,
    now: () => now,
  });
}, 60_000);
afterAll(async () => {
  await journal?.close();
  await product?.t.close();
});

/** The first slot (from `from`) whose match satisfies `test`. */
function slot<M extends AnyMatch>(test: (m: M) => boolean, from = 0): M {
  for (let k = from; k < from + 300; k += 1) {
    const match = simulate(fixtureAt(settings.schedule, k)) as M;
    if (test(match)) return match;
  }
  throw new Error('no match');
}
const at = (m: AnyMatch, index: number) => m.fixture.startAt + (index - 1) * STEP;
const atEnd = (m: AnyMatch) => at(m, finalIndex(m)) + 1;
const oddsOf = (m: AnyMatch, index: number, market: string, selection: string) =>
  offerOf(m, index, market, DEFAULT_PRICING)!.selections.find((s) => s.id === selection)!.odds;
const last = <S>(m: { states: S[] }) => m.states[m.states.length - 1]!;
const statusOf = (m: AnyMatch) => m.states[m.states.length - 1]!.status;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SportsbookError || error instanceof WalletRefusal)
      return { code: 'code' in error ? error.code : error.errorCode, data: error.data };
    throw error;
  }
  throw new Error('not refused');
}

const roundOf = async (roundRef: string) =>
  rowsOf<{ stake_minor: string; win_minor: string; status: string }>(
    await product.t.app.database.db.execute(
      sql`select stake_minor::text, win_minor::text, status from game_rounds where round_ref = ${roundRef}`,
    ),
  )[0];

const invariantsHold = async () =>
  expect(await ledgerInvariants(product.t.app.database.db)).toMatchObject({
    unbalancedTransactions: [],
    driftedAccounts: [],
    negativeAccounts: [],
  });

const cricketDone = slot<CricketMatch>(
  (m) => m.fixture.sport === 'cricket' && last(m).status === 'finished' && last(m).winner !== 'tie',
);
const footballDone = slot<FootballMatch>(
  (m) =>
    m.fixture.sport === 'football' &&
    last(m).status === 'finished' &&
    last(m).score.home !== last(m).score.away,
);

describe('placing bets', () => {
  it('debits a single at placement: the bet is open, the wallet has its round', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    now = cricketDone.fixture.startAt - 60_000;
    const odds = oddsOf(cricketDone, 0, 'match_winner', 'home');
    const bet = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 100_00,
      acceptance: 'ask',
      legs: [
        { fixtureId: cricketDone.fixture.id, marketId: 'match_winner', selectionId: 'home', odds },
      ],
    });
    expect(bet).toMatchObject({
      kind: 'single',
      state: 'open',
      stakeMinor: 100_00,
      odds,
      potentialReturnMinor: Math.floor((100_00 * odds) / 100),
    });
    expect(await cashOf(product, p.memberId)).toBe(900_00);
    expect(await roundOf(bet.betId)).toMatchObject({
      stake_minor: '10000',
      win_minor: '0',
      status: 'open',
    });
    const mine = await service.myBets(p.gameToken, 'EN', 'open');
    expect(mine.bets.map((b) => b.betId)).toEqual([bet.betId]);
    expect(mine.balance).toBe(900_00);
  });

  it('refuses a bet on a suspended market, and on odds that moved beyond what the player accepts', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    const m = cricketDone;
    const wicket = m.events.findIndex((e) => e.kind === 'ball' && e.wicket !== null) + 1;
    expect(suspendedAt(m, wicket, DEFAULT_PRICING)).toBe(true);
    now = at(m, wicket);
    const leg = {
      fixtureId: m.fixture.id,
      marketId: 'match_winner',
      selectionId: 'home',
      odds: oddsOf(m, wicket, 'match_winner', 'home'),
    };
    expect(
      await refusal(
        service.place({
          token: p.gameToken,
          language: 'EN',
          stakeMinor: 50_00,
          acceptance: 'any',
          legs: [leg],
        }),
      ),
    ).toMatchObject({ code: 'sportsbook.marketSuspended' });

    // The ball after: open again, at new odds. The slip still shows the odds of two balls ago.
    now = at(m, wicket + 1);
    const seen = oddsOf(m, wicket - 1, 'match_winner', 'home');
    const current = oddsOf(m, wicket + 1, 'match_winner', 'home');
    expect(current).not.toBe(seen);
    const slip = {
      token: p.gameToken,
      language: 'EN' as const,
      stakeMinor: 50_00,
      legs: [{ ...leg, odds: seen }],
    };
    const moved = await refusal(service.place({ ...slip, acceptance: 'ask' }));
    expect(moved).toMatchObject({
      code: 'sportsbook.oddsChanged',
      data: { legs: [{ odds: current }] },
    });
    if (current < seen) {
      expect(await refusal(service.place({ ...slip, acceptance: 'higher' }))).toMatchObject({
        code: 'sportsbook.oddsChanged',
      });
    } else {
      expect((await service.place({ ...slip, acceptance: 'higher' })).odds).toBe(current);
    }
    const any = await service.place({ ...slip, acceptance: 'any' });
    expect(any.odds).toBe(current);
    expect(await cashOf(product, p.memberId)).toBe(1_000_00 - 50_00 * (current < seen ? 1 : 2));
    // A closed market: the match is over.
    now = atEnd(m);
    expect(await refusal(service.place({ ...slip, acceptance: 'any' }))).toMatchObject({
      code: 'sportsbook.marketClosed',
    });
  });

  it('keeps stakes and returns within the configured limits, and refuses what the wallet refuses', async () => {
    const p = await launchedPlayer(product, 100_00);
    const m = footballDone;
    now = m.fixture.startAt - 1;
    const leg = {
      fixtureId: m.fixture.id,
      marketId: '1x2',
      selectionId: 'draw',
      odds: oddsOf(m, 0, '1x2', 'draw'),
    };
    const base = {
      token: p.gameToken,
      language: 'EN' as const,
      acceptance: 'ask' as const,
      legs: [leg],
    };
    expect(await refusal(service.place({ ...base, stakeMinor: 5_00 }))).toMatchObject({
      code: 'sportsbook.stakeTooLow',
    });
    expect(await refusal(service.place({ ...base, stakeMinor: 6_000_00 }))).toMatchObject({
      code: 'sportsbook.stakeTooHigh',
    });
    // An operator allowing returns up to 100.00: 50.00 at the draw's odds (above 2.00) is too much.
    const capped = new SportsbookService({
      store: service.store,
      wallet: (service as unknown as { deps: { wallet: WalletClient } }).deps.wallet,
      settings: { ...settings, limits: { ...settings.limits, maxPayoutMinor: 100_00 } },
      now: () => now,
    });
    expect(leg.odds).toBeGreaterThan(200);
    expect(await refusal(capped.place({ ...base, stakeMinor: 50_00 }))).toMatchObject({
      code: 'sportsbook.payoutTooHigh',
      data: { maxStakeMinor: Math.floor((100_00 * 100) / leg.odds) },
    });
    expect(await refusal(service.place({ ...base, stakeMinor: 200_00 }))).toMatchObject({
      code: 'wallet.insufficientFunds',
    });
    expect(
      await refusal(
        service.place({
          ...base,
          legs: [leg, { ...leg, marketId: 'total_goals:2.5', selectionId: 'over' }],
          stakeMinor: 10_00,
        }),
      ),
    ).toMatchObject({ code: 'sportsbook.badSlip' });
    expect(await cashOf(product, p.memberId)).toBe(100_00);
  });
});

describe('settling bets', () => {
  it('credits a settled single once, however often the settlement is delivered', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    const m = footballDone;
    now = m.fixture.startAt - 1;
    const winner = last(m).score.home > last(m).score.away ? 'home' : 'away';
    const odds = oddsOf(m, 0, '1x2', winner);
    const won = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 100_00,
      acceptance: 'ask',
      legs: [{ fixtureId: m.fixture.id, marketId: '1x2', selectionId: winner, odds }],
    });
    const lost = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 20_00,
      acceptance: 'ask',
      legs: [
        {
          fixtureId: m.fixture.id,
          marketId: '1x2',
          selectionId: 'draw',
          odds: oddsOf(m, 0, '1x2', 'draw'),
        },
      ],
    });
    expect(await cashOf(product, p.memberId)).toBe(880_00);
    // Not before the result.
    now = at(m, 10);
    expect((await service.settleFixture(m.fixture.id)).settled).toBe(0);

    now = atEnd(m);
    const payout = Math.floor((100_00 * odds) / 100);
    const first = await service.settleFixture(m.fixture.id);
    expect(first.settled).toBeGreaterThanOrEqual(2);
    expect(await cashOf(product, p.memberId)).toBe(880_00 + payout);
    // Delivered again: by a second pass, and by the settlement call itself sent again.
    await service.settleDue();
    const bet = (await service.store.get(won.betId))!;
    walletCalls = [];
    await (
      service as unknown as { paySettlements: (bets: unknown[]) => Promise<unknown> }
    ).paySettlements([{ ...bet, state: 'settling' }]);
    expect(walletCalls).toEqual([`wins ${won.betId}:settle`]);
    expect(await cashOf(product, p.memberId)).toBe(880_00 + payout);
    const settled = await service.myBets(p.gameToken, 'EN', 'settled');
    expect(settled.bets.find((b) => b.betId === won.betId)).toMatchObject({
      state: 'settled',
      result: 'won',
      paidMinor: payout,
    });
    expect(settled.bets.find((b) => b.betId === lost.betId)).toMatchObject({
      state: 'settled',
      result: 'lost',
      paidMinor: 0,
    });
    expect(await roundOf(won.betId)).toMatchObject({
      stake_minor: '10000',
      win_minor: String(payout),
      status: 'settled',
    });
    expect(await roundOf(lost.betId)).toMatchObject({ win_minor: '0', status: 'settled' });
    await invariantsHold();
  });

  it('pays an accumulator with an abandoned match’s leg void at 1.00, the other leg standing', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    const abandoned = slot<AnyMatch>(
      (m) => statusOf(m) === 'abandoned' && m.fixture.startAt > footballDone.fixture.startAt,
    );
    const other = slot<FootballMatch>(
      (m) =>
        m.fixture.sport === 'football' &&
        last(m).status === 'finished' &&
        m.fixture.startAt > abandoned.fixture.startAt,
    );
    now = abandoned.fixture.startAt - 1;
    const result =
      last(other).score.home > last(other).score.away
        ? 'home'
        : last(other).score.home < last(other).score.away
          ? 'away'
          : 'draw';
    const market = abandoned.fixture.sport === 'cricket' ? 'match_winner' : '1x2';
    const legs = [
      {
        fixtureId: abandoned.fixture.id,
        marketId: market,
        selectionId: 'away',
        odds: oddsOf(abandoned, 0, market, 'away'),
      },
      {
        fixtureId: other.fixture.id,
        marketId: '1x2',
        selectionId: result,
        odds: oddsOf(other, 0, '1x2', result),
      },
    ];
    const acca = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 100_00,
      acceptance: 'ask',
      legs,
    });
    expect(acca).toMatchObject({
      kind: 'accumulator',
      odds: Math.floor((legs[0]!.odds * legs[1]!.odds) / 100),
    });
    now = Math.max(atEnd(abandoned), at(other, 0));
    await service.settleDue();
    expect((await service.store.get(acca.betId))!.state).toBe('open');
    now = atEnd(other);
    await service.settleDue();
    const payout = Math.floor((100_00 * legs[1]!.odds) / 100);
    expect(await service.store.get(acca.betId)).toMatchObject({
      state: 'settled',
      paidMinor: BigInt(payout),
    });
    expect(await cashOf(product, p.memberId)).toBe(900_00 + payout);
    await invariantsHold();
  });

  it('cashes out at the price from current odds, and the later result moves nothing', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    const m = slot<FootballMatch>(
      (x) =>
        x.fixture.sport === 'football' &&
        last(x).status === 'finished' &&
        x.fixture.startAt > footballDone.fixture.startAt,
    );
    now = m.fixture.startAt - 1;
    const bet = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 100_00,
      acceptance: 'ask',
      legs: [
        {
          fixtureId: m.fixture.id,
          marketId: '1x2',
          selectionId: 'home',
          odds: oddsOf(m, 0, '1x2', 'home'),
        },
      ],
    });
    // Half time, markets open.
    let index = 46;
    while (suspendedAt(m, index, DEFAULT_PRICING)) index += 1;
    now = at(m, index);
    const view = (await service.myBets(p.gameToken, 'EN', 'open')).bets.find(
      (b) => b.betId === bet.betId,
    )!;
    const current = oddsOf(m, index, '1x2', 'home');
    expect(view.cashOutMinor).toBe(Math.floor((((100_00 * bet.odds) / current) * 9_700) / 10_000));
    // A price above the one now is refused; the one shown is paid.
    expect(
      await refusal(
        service.cashOut({
          token: p.gameToken,
          language: 'EN',
          betId: bet.betId,
          quotedMinor: view.cashOutMinor! + 1,
        }),
      ),
    ).toMatchObject({ code: 'sportsbook.cashOutChanged' });
    const cashed = await service.cashOut({
      token: p.gameToken,
      language: 'EN',
      betId: bet.betId,
      quotedMinor: view.cashOutMinor!,
    });
    expect(cashed).toMatchObject({ state: 'cashed_out', paidMinor: view.cashOutMinor });
    expect(await cashOf(product, p.memberId)).toBe(900_00 + view.cashOutMinor!);
    now = atEnd(m);
    await service.settleDue();
    expect(await cashOf(product, p.memberId)).toBe(900_00 + view.cashOutMinor!);
    expect(await roundOf(bet.betId)).toMatchObject({
      win_minor: String(view.cashOutMinor),
      status: 'settled',
    });
    expect(
      await refusal(
        service.cashOut({ token: p.gameToken, language: 'EN', betId: bet.betId, quotedMinor: 1 }),
      ),
    ).toMatchObject({ code: 'sportsbook.notOpen' });
  });

  it('rolls a cancelled bet back', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    now = cricketDone.fixture.startAt - 1;
    const bet = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 40_00,
      acceptance: 'any',
      legs: [
        {
          fixtureId: cricketDone.fixture.id,
          marketId: 'match_winner',
          selectionId: 'away',
          odds: 0,
        },
      ],
    });
    expect(await cashOf(product, p.memberId)).toBe(960_00);
    expect(await service.cancel(bet.betId)).toMatchObject({ state: 'cancelled' });
    expect(await cashOf(product, p.memberId)).toBe(1_000_00);
    expect(await roundOf(bet.betId)).toMatchObject({ status: 'refunded' });
    expect(await refusal(service.cancel(bet.betId))).toMatchObject({ code: 'sportsbook.notOpen' });
  });

  it('re-settles a corrected result by adjusting each round once, never editing the first movement', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    const m = slot<FootballMatch>(
      (x) =>
        x.fixture.sport === 'football' &&
        last(x).status === 'finished' &&
        last(x).score.home > last(x).score.away,
      40,
    );
    now = m.fixture.startAt - 1;
    const home = oddsOf(m, 0, '1x2', 'home');
    const draw = oddsOf(m, 0, '1x2', 'draw');
    const onHome = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 100_00,
      acceptance: 'ask',
      legs: [{ fixtureId: m.fixture.id, marketId: '1x2', selectionId: 'home', odds: home }],
    });
    const onDraw = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 50_00,
      acceptance: 'ask',
      legs: [{ fixtureId: m.fixture.id, marketId: '1x2', selectionId: 'draw', odds: draw }],
    });
    now = atEnd(m);
    await service.settleFixture(m.fixture.id);
    const homePay = Math.floor((100_00 * home) / 100);
    const drawPay = Math.floor((50_00 * draw) / 100);
    expect(await cashOf(product, p.memberId)).toBe(850_00 + homePay);

    // A goal ruled out after the whistle: the match was a draw.
    const { score } = last(m);
    const first = await service.correctResult(m.fixture.id, {
      score: { home: score.away, away: score.away },
    });
    expect(first).toMatchObject({ version: 1, settled: 2, failed: 0 });
    expect(await cashOf(product, p.memberId)).toBe(850_00 + drawPay);
    // Each bet's own round is adjusted: its win is what it paid in the end; no new round.
    expect(await roundOf(onHome.betId)).toMatchObject({
      stake_minor: '10000',
      win_minor: '0',
      status: 'settled',
    });
    expect(await roundOf(onDraw.betId)).toMatchObject({
      win_minor: String(drawPay),
      status: 'settled',
    });
    expect(await roundOf(`${onHome.betId}:v1`)).toBeUndefined();
    expect(walletCalls).toContain(`adjust ${onHome.betId}:v1:adjust`);
    // Run again: nothing moves.
    expect(await service.resettleFixture(m.fixture.id)).toEqual({ settled: 0, failed: 0 });
    expect(await cashOf(product, p.memberId)).toBe(850_00 + drawPay);
    expect(await service.store.get(onDraw.betId)).toMatchObject({
      paidMinor: BigInt(drawPay),
      result: 'won',
      resultVersion: 1,
    });
    await invariantsHold();
  });

  it('corrects a result after the game session expired (12 h): the adjustment is taken, once', async () => {
    const p = await launchedPlayer(product, 1_000_00);
    const m = slot<FootballMatch>(
      (x) =>
        x.fixture.sport === 'football' &&
        last(x).status === 'finished' &&
        last(x).score.home > last(x).score.away,
      80,
    );
    now = m.fixture.startAt - 1;
    const draw = oddsOf(m, 0, '1x2', 'draw');
    const onDraw = await service.place({
      token: p.gameToken,
      language: 'EN',
      stakeMinor: 40_00,
      acceptance: 'ask',
      legs: [{ fixtureId: m.fixture.id, marketId: '1x2', selectionId: 'draw', odds: draw }],
    });
    now = atEnd(m);
    await service.settleFixture(m.fixture.id);
    expect(await cashOf(product, p.memberId)).toBe(960_00);

    // Half a day on, the session is over: a new bet on it is refused, the correction is not.
    const db = product.t.app.database.db;
    await db.execute(
      sql`update game_sessions set expires_at = now() - interval '1 hour' where member_id = ${p.memberId}`,
    );
    await product.t.app.services.gameWallet.endSession(p.memberId, p.gameToken);
    now = atEnd(m) + 13 * 3_600_000;
    const { score } = last(m);
    const drawPay = Math.floor((40_00 * draw) / 100);
    const corrected = await service.correctResult(m.fixture.id, {
      score: { home: score.away, away: score.away },
    });
    expect(corrected).toMatchObject({ settled: 1, failed: 0 });
    expect(await cashOf(product, p.memberId)).toBe(960_00 + drawPay);
    expect(await roundOf(onDraw.betId)).toMatchObject({
      win_minor: String(drawPay),
      status: 'settled',
    });
    expect(await service.store.get(onDraw.betId)).toMatchObject({
      paidMinor: BigInt(drawPay),
      result: 'won',
    });
    // Delivered again (a second pass, the same id sent again): nothing more moves.
    expect(await service.resettleFixture(m.fixture.id)).toEqual({ settled: 0, failed: 0 });
    const again = await (
      service as unknown as { deps: { wallet: WalletClient } }
    ).deps.wallet.adjust(
      {
        token: p.gameToken,
        txId: `${onDraw.betId}:v1:adjust`,
        roundId: onDraw.betId,
        amount: drawPay,
        currency: 'BDT',
        reason: 'result correction 1',
      },
      'EN',
    );
    expect(again).toMatchObject({ replayed: true, appliedAmount: drawPay });
    expect(await cashOf(product, p.memberId)).toBe(960_00 + drawPay);
    await invariantsHold();
  });
});

describe('settling a match through the batch of wins', () => {
  /** A settler of the same bets (the same journal) sending `batchSize` wins a call. */
  function batchSettler(batchSize: number, transport: typeof fetch) {
    const calls: string[] = [];
    const settler = new SportsbookService({
      store: service.store,
      wallet: new WalletClient({
        baseUrl: () => product.base,
        provider: 'DEMO',
        secret: () => TEST_DEMO_SEED.demoVendor.secret,
        fetch: async (input, init) => {
          const url =
            input instanceof Request ? input.url : input instanceof URL ? input.href : input;
          const body = JSON.parse(init!.body as string) as { items?: { txId: string }[] };
          calls.push(`${new URL(url).pathname.split('/').pop()} ${body.items?.length ?? 1}`);
          return transport(input, init);
        },
      }),
      settings: { ...settings, settleBatchSize: batchSize, settleConcurrency: 2 },
      now: () => now,
    });
    return { settler, calls };
  }

  /** `count` match-winner bets of 10.00 on `m`, both sides, from `players` in turn. */
  async function betsOn(m: AnyMatch, players: { gameToken: string }[], count: number) {
    now = m.fixture.startAt - 60_000;
    const bets = [];
    for (let i = 0; i < count; i += 1) {
      const selectionId = i % 2 === 0 ? 'home' : 'away';
      bets.push(
        await service.place({
          token: players[i % players.length]!.gameToken,
          language: 'EN',
          stakeMinor: 10_00,
          acceptance: 'any',
          legs: [{ fixtureId: m.fixture.id, marketId: 'match_winner', selectionId, odds: 0 }],
        }),
      );
    }
    return bets;
  }

  const finishedCricket = (from: number) =>
    slot<CricketMatch>(
      (m) =>
        m.fixture.sport === 'cricket' && statusOf(m) === 'finished' && last(m).winner !== 'tie',
      from,
    );

  it("pays a match's bets in a few batch calls, no single win, each bet once", async () => {
    const m = finishedCricket(120);
    const players = [
      await launchedPlayer(product, 1_000_00),
      await launchedPlayer(product, 1_000_00),
      await launchedPlayer(product, 1_000_00),
    ];
    const bets = await betsOn(m, players, 7);
    const { settler, calls } = batchSettler(3, fetch);

    now = atEnd(m);
    expect(await settler.settleFixture(m.fixture.id)).toEqual({ settled: 7, failed: 0 });
    expect(calls.sort()).toEqual(['wins 1', 'wins 3', 'wins 3']);
    const paid = await Promise.all(players.map((p) => cashOf(product, p.memberId)));
    const views = await Promise.all(bets.map(async (b) => (await service.store.get(b.betId))!));
    expect(views.every((b) => b.state === 'settled')).toBe(true);
    const won = views.filter((b) => b.result === 'won');
    expect(won.length).toBeGreaterThan(0);
    for (const bet of views) {
      expect(await roundOf(bet.betId)).toMatchObject({
        win_minor: String(bet.paidMinor),
        status: 'settled',
      });
    }
    // Stakes 70.00 taken, the winners' returns paid, and nothing more on a second pass.
    const returns = views.reduce((sum, b) => sum + Number(b.paidMinor), 0);
    expect(paid.reduce((sum, cash) => sum + cash, 0)).toBe(3_000_00 - 70_00 + returns);
    calls.length = 0;
    expect(await settler.settleFixture(m.fixture.id)).toEqual({ settled: 0, failed: 0 });
    expect(calls).toEqual([]);
    await invariantsHold();
  });

  it('keeps a bet the wallet refused settling while the rest of its batch settles, and pays a lost answer once', async () => {
    const m = finishedCricket(180);
    const p = await launchedPlayer(product, 1_000_00);
    const bets = await betsOn(m, [p], 4);
    // The wallet closes one bet's round another way: its settlement item will be refused.
    const closed = bets[0]!;
    await new WalletClient({
      baseUrl: () => product.base,
      provider: 'DEMO',
      secret: () => TEST_DEMO_SEED.demoVendor.secret,
    }).win(
      {
        token: p.gameToken,
        txId: `${closed.betId}:elsewhere`,
        roundId: closed.betId,
        amount: 0,
        currency: 'BDT',
      },
      'EN',
    );

    // The batch reaches the wallet, which pays it, but its answer is lost on the way back.
    let loseAnswers = true;
    const { settler, calls } = batchSettler(10, async (input, init) => {
      const response = await fetch(input, init);
      if (loseAnswers) throw new Error('connection reset');
      return response;
    });
    now = atEnd(m);
    expect(await settler.settleFixture(m.fixture.id)).toEqual({ settled: 0, failed: 4 });
    const afterFirst = await cashOf(product, p.memberId);
    const states = async () =>
      Promise.all(bets.map(async (b) => (await service.store.get(b.betId))!.state));
    expect(await states()).toEqual(['settling', 'settling', 'settling', 'settling']);

    // The next pass sends the same ids: the three are settled, paid nothing more; the refused
    // one stays settling, its refusal its own.
    loseAnswers = false;
    expect(await settler.settleFixture(m.fixture.id)).toEqual({ settled: 3, failed: 1 });
    expect(calls).toEqual(['wins 4', 'wins 4']);
    expect(await cashOf(product, p.memberId)).toBe(afterFirst);
    expect(await states()).toEqual(['settling', 'settled', 'settled', 'settled']);
    const returns = (
      await Promise.all(bets.slice(1).map(async (b) => (await service.store.get(b.betId))!))
    ).reduce((sum, b) => sum + Number(b.paidMinor), 0);
    expect(afterFirst).toBe(1_000_00 - 40_00 + returns);

    // Recovery sends what is left settling the same way: in a batch, the same id, refused again.
    calls.length = 0;
    expect(await settler.recover(0)).toEqual({ settled: 0, failed: 1 });
    expect(calls).toEqual(['wins 1']);
    expect(await states()).toEqual(['settling', 'settled', 'settled', 'settled']);
    await invariantsHold();
  });
});
