/**
 * Game launch (spec games-and-content §2): routing by vendor and type, who may launch, with which
 * money, and closing a game. Runs on PGlite by default and on Postgres when DATABASE_URL is set.
 */
import { TEST_DEMO_SEED } from '../../../test/demo-seed';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { withToken } from '../../../test/factories';
import { fundedMember, gameOf, vendorCall } from '../game-wallet/game-wallet.test-kit';
import { ledgerInvariants } from '../ledger/ledger';
import { rowsOf } from '../../db/client';

let t: TestApp;
let n = 0;
const id = (prefix: string) => `${prefix}-${Date.now()}-${(n += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const launch = (token: string | undefined, nodeId: string | number | bigint) =>
  t.app.inject({
    url: `/wps/game/launchGame?nodeId=${nodeId}&language=EN`,
    headers: token ? withToken(token) : {},
  });

const closeGame = (token: string, gameToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/game/closeGame?language=EN',
    headers: withToken(token),
    payload: { token: gameToken },
  });

/** Every cash-side balance: members' cash and the house's own accounts. */
async function cashSide() {
  const result = await t.app.database.db.execute(
    sql`select kind, coalesce(sum(balance_minor), 0)::text as total from ledger_accounts
        where kind in ('cash', 'house') group by kind order by kind`,
  );
  return rowsOf<{ kind: string; total: string }>(result);
}

describe('launchGame: routing', () => {
  it('opens an RNG game on the page of the registry vendor serving it (mode vendor)', async () => {
    const p = await fundedMember(t.app, 50_00);
    const game = await gameOf(t.app, 'JILI');
    const res = await launch(p.token, game.id);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ mode: 'vendor', playMoney: false });
    // The seeded demo vendor's page (apps/partners), with the launch in its query.
    const url = new URL(value.url);
    expect(`${url.origin}${url.pathname}`).toBe(TEST_DEMO_SEED.demoVendor.launchUrl);
    expect(url.searchParams.get('token')).toBe(value.token);
    expect(url.searchParams.get('game')).toBe(game.gameCode);
    expect(url.searchParams.get('category')).toBe('RNG');
    expect(url.searchParams.get('lang')).toBe('EN');

    // The token is a DEMO game session on the member's cash.
    const balance = await vendorCall(t.app, 'balance', { token: value.token });
    expect(balance.json().value).toMatchObject({
      balance: 50_00,
      playMoney: false,
      gameCode: game.gameCode,
    });
    // The launch put the game first in the recent games.
    const recent = await t.app.inject({
      url: '/wps/game/recent/list?page=1&pageSize=10&language=EN',
      headers: withToken(p.token),
    });
    expect(recent.json().value.list[0].nodeId).toBe(String(game.id));
  });

  it('opens an in-house (BGS) game on its page with a BGS session (mode generic)', async () => {
    const p = await fundedMember(t.app, 10_00);
    const game = await gameOf(t.app, 'BGS');
    const value = (await launch(p.token, game.id)).json().value;
    expect(value).toMatchObject({ mode: 'generic', url: `/m/originals/${game.id}` });
    const balance = await vendorCall(t.app, 'balance', { token: value.token }, { provider: 'BGS' });
    expect(balance.json().value.balance).toBe(10_00);
  });

  it('opens a LOTT game on the lottery page with a LOTTERY session (mode lottery)', async () => {
    const p = await fundedMember(t.app, 10_00);
    const game = await gameOf(t.app, 'LOTT');
    const value = (await launch(p.token, game.id)).json().value;
    expect(value).toMatchObject({ mode: 'lottery', url: `/m/lottery?nodeId=${game.id}` });
    const balance = await vendorCall(
      t.app,
      'balance',
      { token: value.token },
      { provider: 'LOTTERY' },
    );
    expect(balance.statusCode).toBe(200);
  });

  it("opens a live table game through the generic launch, telling the vendor's page its category", async () => {
    const p = await fundedMember(t.app, 0);
    const game = await gameOf(t.app, 'ROYALTABLE');
    const value = (await launch(p.token, game.id)).json().value;
    expect(value.mode).toBe('generic');
    expect(new URL(value.url).searchParams.get('category')).toBe('LIVE');
  });

  it("tells the vendor's page a slot vendor's table game is one (classification TABLE)", async () => {
    const p = await fundedMember(t.app, 0);
    const result = await t.app.database.db.execute(
      sql`select id from games where vendor_code = 'JILI' and classification = 'TABLE' limit 1`,
    );
    const id = BigInt(rowsOf<{ id: string }>(result)[0]!.id);
    const value = (await launch(p.token, id)).json().value;
    expect(value.mode).toBe('vendor');
    const query = new URL(value.url).searchParams;
    expect([query.get('category'), query.get('classification')]).toEqual(['RNG', 'TABLE']);
  });
});

describe('launchGame: who may launch', () => {
  it('sends a visitor to log in (401) and refuses an unknown game (404)', async () => {
    const game = await gameOf(t.app, 'JILI');
    const visitor = await launch(undefined, game.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errorCode).toBe('session.notLoggedIn');

    const p = await fundedMember(t.app, 0);
    const unknown = await launch(p.token, 999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('game.notFound');
    const bad = await launch(p.token, 'abc');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a hidden game', async () => {
    const p = await fundedMember(t.app, 0);
    const game = await gameOf(t.app, 'SUNRISE');
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/ops/api/games/${game.id}`,
      headers: opsHeaders(),
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    const res = await launch(p.token, game.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('game.notFound');
  });

  it('refuses a player on a break, and opens no session', async () => {
    const p = await fundedMember(t.app, 10_00);
    await t.app.database.db.execute(
      sql`insert into exclusions (member_id, kind, ends_at) values (${p.memberId}, 'self_exclusion', now() + interval '30 days')`,
    );
    const sessionsBefore = rowsOf<{ n: number }>(
      await t.app.database.db.execute(
        sql`select count(*)::int as n from game_sessions where member_id = ${p.memberId}`,
      ),
    )[0]!.n;
    const res = await launch(p.token, (await gameOf(t.app, 'JILI')).id);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('wallet.excluded');
    const sessionsAfter = rowsOf<{ n: number }>(
      await t.app.database.db.execute(
        sql`select count(*)::int as n from game_sessions where member_id = ${p.memberId}`,
      ),
    )[0]!.n;
    expect(sessionsAfter).toBe(sessionsBefore);
  });
});

describe('launchGame: play money', () => {
  it('gives a trial account a play-money session; its bets leave real money untouched', async () => {
    const trial = await t.app.inject({ url: '/wps/member/trialuser?language=EN' });
    expect(trial.statusCode).toBe(200);
    const token = trial.json().value.token as string;
    const before = await cashSide();

    const value = (await launch(token, (await gameOf(t.app, 'JILI')).id)).json().value;
    expect(value.playMoney).toBe(true);
    const grant = t.app.services.settings.get('trialBalanceMinor');
    const balance = await vendorCall(t.app, 'balance', { token: value.token });
    expect(balance.json().value).toMatchObject({ playMoney: true, balance: grant });

    const round = id('round');
    const bet = await vendorCall(t.app, 'bet', {
      token: value.token,
      txId: id('bet'),
      roundId: round,
      amount: 20_00,
      currency: 'BDT',
    });
    expect(bet.statusCode).toBe(200);
    const win = await vendorCall(t.app, 'win', {
      token: value.token,
      txId: id('win'),
      roundId: round,
      amount: 50_00,
      currency: 'BDT',
    });
    expect(win.json().value.balance).toBe(grant - 20_00 + 50_00);
    expect(await cashSide()).toEqual(before);
    expect(await ledgerInvariants(t.app.database.db)).toMatchObject({
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('tops a free-play balance up to the trial grant once a day, from play money', async () => {
    // Both launches must fall on one Dhaka day: with the clock running, a run across Dhaka's
    // midnight would top up again at the second launch. The clock stands still in this test.
    vi.useFakeTimers({ toFake: ['Date'] });
    const p = await fundedMember(t.app, 30_00);
    const freeplay = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay?language=EN',
      headers: withToken(p.token),
      payload: { moduleId: 'FREEPLAY3' },
    });
    expect(freeplay.statusCode).toBe(200);
    const token = freeplay.json().value.token as string;
    const grant = t.app.services.settings.get('trialBalanceMinor');
    const game = await gameOf(t.app, 'JILI');

    const first = (await launch(token, game.id)).json().value;
    expect(first.playMoney).toBe(true);
    expect((await vendorCall(t.app, 'balance', { token: first.token })).json().value.balance).toBe(
      grant,
    );
    // Spend some; the same day's second launch does not top up again.
    await vendorCall(t.app, 'bet', {
      token: first.token,
      txId: id('bet'),
      roundId: id('round'),
      amount: 10_00,
      currency: 'BDT',
    });
    const second = (await launch(token, game.id)).json().value;
    expect((await vendorCall(t.app, 'balance', { token: second.token })).json().value.balance).toBe(
      grant - 10_00,
    );
    // The member's cash is where it was.
    const cash = await t.app.services.ledger.balance(
      t.app.database.db,
      { kind: 'cash', ownerId: p.memberId },
      'BDT',
    );
    expect(Number(cash)).toBe(30_00);
    // The header shows each session its own money: play money in free play, cash otherwise.
    const wallet = async (sessionToken: string) =>
      (await t.app.inject({ url: '/wps/member/wallet', headers: withToken(sessionToken) })).json()
        .value.sumBalance as number;
    expect(await wallet(token)).toBe((grant - 10_00) / 100);
    expect(await wallet(p.token)).toBe(30);
  });
});

describe('closeGame', () => {
  it('ends the session: a later bet is refused, a second close changes nothing', async () => {
    const p = await fundedMember(t.app, 20_00);
    const value = (await launch(p.token, (await gameOf(t.app, 'JILI')).id)).json().value;
    const closed = await closeGame(p.token, value.token);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().value).toEqual({ ended: true });

    const bet = await vendorCall(t.app, 'bet', {
      token: value.token,
      txId: id('bet'),
      roundId: id('round'),
      amount: 1_00,
      currency: 'BDT',
    });
    expect(bet.statusCode).toBe(403);
    expect(bet.json().errorCode).toBe('vendor.sessionEnded');
    expect((await closeGame(p.token, value.token)).json().value).toEqual({ ended: false });
  });

  it("does not end another player's game session", async () => {
    const owner = await fundedMember(t.app, 20_00);
    const other = await fundedMember(t.app, 0);
    const value = (await launch(owner.token, (await gameOf(t.app, 'JILI')).id)).json().value;
    expect((await closeGame(other.token, value.token)).json().value).toEqual({ ended: false });
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/wps/game/closeGame',
      payload: { token: value.token },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
