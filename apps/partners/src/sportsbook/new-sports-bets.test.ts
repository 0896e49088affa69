/**
 * E-sports and cockfight bets against the product's real wallet, from a session the cockfight
 * tile opened (the sportsbook serves it, so its signed calls are taken): a cockfight draw pays the
 * draw and returns the meron stake, an accumulator stands on its series leg when the fight's leg
 * is void, and the product's ledger stays balanced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants } from '../../../server/src/modules/ledger/ledger';
import { TEST_DEMO_SEED } from '../../../server/test/demo-seed';
import {
  cashOf,
  freshJournal,
  launchedPlayer,
  startProduct,
  type Product,
} from '../demo-vendor/product.test-kit';
import { WalletClient } from '../wallet-client';
import type { JournalDbHandle } from '../journal-db';
import { BetStore } from './bet-store';
import { SportsbookService, type SportsbookSettings } from './bet-service';
import type { CockfightMatch } from './domain/cockfight';
import type { EsportsMatch } from './domain/esports';
import { fixtureAt } from './domain/fixtures';
import { DEFAULT_PRICING, finalIndex, offerOf, simulate, type AnyMatch } from './domain/markets';

const T0 = Date.UTC(2026, 5, 1, 12);
const STEP = 1_000;
const settings: SportsbookSettings = {
  schedule: { seed: 'new-sports-bets', origin: T0, spacingMs: 3_600_000 },
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
let now = T0;

beforeAll(async () => {
  product = await startProduct();
  journal = await freshJournal();
  service = new SportsbookService({
    store: new BetStore(journal.db),
    wallet: new WalletClient({
      baseUrl: () => product.base,
      provider: 'SPORTSBOOK',
      secret: () => TEST_DEMO_SEED.sportsbook!.secret,
    }),
    settings,
    now: () => now,
  });
}, 60_000);
afterAll(async () => {
  await journal?.close();
  await product?.t.close();
});

function slot<M extends AnyMatch>(test: (m: M) => boolean, from = 0): M {
  for (let k = from; k < from + 2_000; k += 1) {
    const match = simulate(fixtureAt(settings.schedule, k)) as M;
    if (test(match)) return match;
  }
  throw new Error('no match');
}
const atEnd = (m: AnyMatch) => m.fixture.startAt + (finalIndex(m) - 1) * STEP + 1;
const oddsOf = (m: AnyMatch, market: string, selection: string) =>
  offerOf(m, 0, market, DEFAULT_PRICING)!.selections.find((s) => s.id === selection)!.odds;

describe('e-sports and cockfight bets', () => {
  it('pays a cockfight draw, returns the meron stake, and lets an accumulator stand on its series leg', async () => {
    const fight = slot<CockfightMatch>(
      (m) => m.fixture.sport === 'cockfight' && m.states[finalIndex(m)]!.result === 'draw',
    );
    const series = slot<EsportsMatch>(
      (m) => m.fixture.sport === 'esports' && m.states[finalIndex(m)]!.status === 'finished',
      Math.round((fight.fixture.startAt - T0) / settings.schedule.spacingMs) + 1,
    );
    const winner = series.states[finalIndex(series)]!.maps.home === 2 ? 'home' : 'away';
    const p = await launchedPlayer(product, 1_000_00, 'SV3');
    now = fight.fixture.startAt - 60_000;
    const place = (legs: { m: AnyMatch; market: string; selection: string }[], stake: number) =>
      service.place({
        token: p.gameToken,
        language: 'EN',
        stakeMinor: stake,
        acceptance: 'ask',
        legs: legs.map(({ m, market, selection }) => ({
          fixtureId: m.fixture.id,
          marketId: market,
          selectionId: selection,
          odds: oddsOf(m, market, selection),
        })),
      });
    const meron = await place([{ m: fight, market: 'fight_winner', selection: 'meron' }], 100_00);
    const draw = await place([{ m: fight, market: 'fight_winner', selection: 'draw' }], 20_00);
    const acca = await place(
      [
        { m: fight, market: 'fight_winner', selection: 'wala' },
        { m: series, market: 'series_winner', selection: winner },
      ],
      50_00,
    );
    expect(await cashOf(product, p.memberId)).toBe(830_00);

    now = Math.max(atEnd(fight), atEnd(series));
    await service.settleDue();
    const drawPays = Math.floor((20_00 * oddsOf(fight, 'fight_winner', 'draw')) / 100);
    const accaPays = Math.floor((50_00 * oddsOf(series, 'series_winner', winner)) / 100);
    const settled = await service.myBets(p.gameToken, 'EN', 'settled');
    const byId = (id: string) => settled.bets.find((b) => b.betId === id);
    expect(byId(meron.betId)).toMatchObject({ result: 'void', paidMinor: 100_00 });
    expect(byId(draw.betId)).toMatchObject({ result: 'won', paidMinor: drawPays });
    expect(byId(acca.betId)).toMatchObject({ result: 'won', paidMinor: accaPays });
    expect(byId(acca.betId)!.legs.map((l) => l.outcome)).toEqual(['void', 'win']);
    expect(await cashOf(product, p.memberId)).toBe(830_00 + 100_00 + drawPays + accaPays);
    expect(await ledgerInvariants(product.t.app.database.db)).toMatchObject({
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeAccounts: [],
    });
  });
});
