/**
 * The sportsbook partner over HTTP, launched from the product's SPORTS tile as a player would
 * open it: its page in both languages, events by sport, a slip placed, my bets with a cash-out
 * price and a cash-out (settlement: bet-service.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashOf,
  launchedPlayer,
  startProduct,
  startVendor,
  type Product,
  type Vendor,
} from '../demo-vendor/product.test-kit';
import { fixturesBetween } from './domain/fixtures';
import { simulate, suspendedAt, DEFAULT_PRICING } from './domain/markets';
import { REAL_SPACING_MS, REAL_STEP_MS, SCHEDULE_ORIGIN } from './settings';

let product: Product;
let vendor: Vendor;
let now = Date.UTC(2026, 6, 1, 10, 5);

beforeAll(async () => {
  product = await startProduct();
  vendor = await startVendor(product, { recovery: false }, undefined, {
    settleEveryMs: false,
    now: () => now,
  });
}, 60_000);
afterAll(async () => {
  await vendor?.close();
  await product?.t.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  vendor.app.inject({ method, url: `/sportsbook/api/${url}`, ...(payload ? { payload } : {}) });

describe('the sportsbook partner', () => {
  it('opens from the SPORTS tile: its page in Bengali and English, framed only by the product', async () => {
    const p = await launchedPlayer(product, 500_00, 'CRICKETLINE');
    expect(p.pagePath).toMatch(/^\/sportsbook\/play\?/);
    const en = await vendor.app.inject({ url: p.pagePath });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Bet slip');
    expect(en.headers['content-security-policy']).toContain(`frame-ancestors ${product.base}`);
    const url = new URL(p.pagePath, 'http://x');
    url.searchParams.set('lang', 'BN');
    const bn = await vendor.app.inject({ url: `${url.pathname}${url.search}` });
    expect(bn.body).toContain('ক্রিকেট');
    expect(bn.body).toContain('বেট স্লিপ');
  });

  it('lists events by sport, shows one with its scoreboard and markets, takes a slip and cashes out', async () => {
    const p = await launchedPlayer(product, 1_000_00, 'CRICKETLINE');
    const cricket = (await api('GET', 'events?sport=cricket&lang=EN')).json<{
      events: {
        id: string;
        sport: string;
        status: string;
        main: { id: string; selections: { id: string; odds: number }[] };
      }[];
    }>();
    expect(cricket.events.length).toBeGreaterThan(0);
    expect(cricket.events.every((e) => e.sport === 'cricket')).toBe(true);
    const football = (await api('GET', 'events?sport=football')).json<{
      events: { sport: string }[];
    }>();
    expect(football.events.every((e) => e.sport === 'football')).toBe(true);

    // A football match about to start: back home on 1X2.
    const settings = { seed: 'test', origin: SCHEDULE_ORIGIN, spacingMs: REAL_SPACING_MS };
    const fixture = fixturesBetween(settings, now, now + 6 * 3_600_000).find(
      (f) => f.sport === 'football',
    )!;
    now = fixture.startAt - 1_000;
    const detail = (await api('GET', `events/${fixture.id}?lang=EN`)).json<{
      event: { status: string };
      markets: { id: string; status: string; selections: { id: string; odds: number }[] }[];
    }>();
    expect(detail.event.status).toBe('scheduled');
    const odds = detail.markets
      .find((m) => m.id === '1x2')!
      .selections.find((s) => s.id === 'home')!.odds;
    const placed = await api('POST', 'bets?lang=EN', {
      token: p.gameToken,
      stakeMinor: 100_00,
      acceptance: 'ask',
      legs: [{ fixtureId: fixture.id, marketId: '1x2', selectionId: 'home', odds }],
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ state: 'open', balance: 900_00, odds });
    expect(await cashOf(product, p.memberId)).toBe(900_00);
    // Moved odds are refused, with the odds now.
    const stale = await api('POST', 'bets?lang=BN', {
      token: p.gameToken,
      stakeMinor: 10_00,
      acceptance: 'ask',
      legs: [{ fixtureId: fixture.id, marketId: '1x2', selectionId: 'home', odds: odds + 7 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'sportsbook.oddsChanged',
      message: 'অডস বদলে গেছে; আপনার স্লিপ দেখুন',
    });

    // Into the match, markets open: a cash-out price is offered and taken.
    const match = simulate(fixture);
    let index = 30;
    while (suspendedAt(match, index, DEFAULT_PRICING)) index += 1;
    now = fixture.startAt + (index - 1) * REAL_STEP_MS.football;
    const open = (await api('GET', `bets?which=open&token=${p.gameToken}&lang=EN`)).json<{
      bets: { betId: string; cashOutMinor: number | null }[];
    }>();
    const bet = open.bets[0]!;
    expect(bet.cashOutMinor).toBeGreaterThan(0);
    const cashed = await api('POST', `bets/${bet.betId}/cash-out`, {
      token: p.gameToken,
      quotedMinor: bet.cashOutMinor,
    });
    expect(cashed.statusCode).toBe(200);
    expect(cashed.json()).toMatchObject({
      state: 'cashed_out',
      balance: 900_00 + bet.cashOutMinor!,
    });
    const settled = (await api('GET', `bets?which=settled&token=${p.gameToken}`)).json<{
      bets: { betId: string; state: string }[];
    }>();
    expect(settled.bets).toMatchObject([{ betId: bet.betId, state: 'cashed_out' }]);
  });

  it('opens an e-sports tile on the series and a cockfight tile on the fights, named in Bengali too', async () => {
    const tab = (body: string, sport: string) =>
      new RegExp(`data-tab="${sport}" aria-selected="true"`).test(body);
    const esports = await launchedPlayer(product, 500_00, 'AV');
    expect(esports.pagePath).toMatch(/^\/sportsbook\/play\?.*category=ESPORTS/);
    const page = await vendor.app.inject({ url: esports.pagePath });
    expect(tab(page.body, 'esports')).toBe(true);
    expect(tab(page.body, 'cricket')).toBe(false);
    const cockfight = await launchedPlayer(product, 500_00, 'SV3');
    const bn = new URL(cockfight.pagePath, 'http://x');
    bn.searchParams.set('lang', 'BN');
    const bnPage = await vendor.app.inject({ url: `${bn.pathname}${bn.search}` });
    expect(tab(bnPage.body, 'cockfight')).toBe(true);
    expect(bnPage.body).toContain('মোরগ লড়াই');
    expect(bnPage.body).toContain('ই-স্পোর্টস');

    type Listed = {
      events: {
        id: string;
        sport: string;
        status: string;
        home: string;
        main: { id: string; selections: { id: string; name: string; odds: number }[] } | null;
      }[];
    };
    const series = (await api('GET', 'events?sport=esports&lang=EN')).json<Listed>();
    expect(series.events.length).toBeGreaterThan(0);
    expect(series.events.every((e) => e.sport === 'esports' && e.id.startsWith('e-'))).toBe(true);
    const upcoming = series.events.find((e) => e.status === 'scheduled' && e.main)!;
    expect(upcoming.main!.id).toBe('series_winner');
    const fights = (await api('GET', 'events?sport=cockfight&lang=BN')).json<Listed>();
    const fight = fights.events.find((e) => e.main)!;
    expect(fight.id).toMatch(/^r-/);
    // Bengali names: the fighter and the pit's words.
    expect(fight.home).toMatch(/[\u0980-\u09ff]/);
    expect(fight.main!.selections.map((s) => s.id)).toEqual(['meron', 'draw', 'wala']);
    expect(fight.main!.selections[0]!.name).toMatch(/^মেরন: /);

    // A bet on the series goes through the product's wallet like any other.
    const home = upcoming.main!.selections.find((s) => s.id === 'home')!;
    const placed = await api('POST', 'bets?lang=EN', {
      token: esports.gameToken,
      stakeMinor: 50_00,
      acceptance: 'ask',
      legs: [
        { fixtureId: upcoming.id, marketId: 'series_winner', selectionId: 'home', odds: home.odds },
      ],
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ state: 'open', balance: 450_00 });
    expect(await cashOf(product, esports.memberId)).toBe(450_00);
    const mine = (await api('GET', `bets?which=open&token=${esports.gameToken}&lang=BN`)).json<{
      bets: { legs: { event: string; market: string }[] }[];
    }>();
    expect(mine.bets[0]!.legs[0]).toMatchObject({ market: 'সিরিজ বিজয়ী' });
    expect(mine.bets[0]!.legs[0]!.event).toContain(' বনাম ');
  });
});
