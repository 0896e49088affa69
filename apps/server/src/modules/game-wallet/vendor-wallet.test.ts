/**
 * The seamless-wallet contract as a vendor's server meets it: signatures, idempotent bets and
 * wins, rollbacks before and after their bet, insufficient funds, excluded players and wins after
 * the session ended. Runs on PGlite by default and on Postgres when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { gameReads } from '../games/game-reads';
import { fundedMember, openGameSession, vendorCall, balanceOf } from './game-wallet.test-kit';

let t: TestApp;
let n = 0;
const id = (prefix: string) => `${prefix}-${Date.now()}-${(n += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function player(amountMinor = 1_000_00) {
  const member = await fundedMember(t.app, amountMinor);
  const { token, game } = await openGameSession(t.app, member.memberId);
  return { ...member, gameToken: token, game };
}

const cash = (memberId: bigint) => balanceOf(t.app, memberId);

describe('vendor wallet: signatures', () => {
  it('answers the balance to a signed call and refuses a missing or wrong signature', async () => {
    const p = await player(250_00);
    const good = await vendorCall(t.app, 'balance', { token: p.gameToken });
    expect(good.statusCode).toBe(200);
    expect(good.json().value).toMatchObject({ balance: 250_00, currency: 'BDT', playMoney: false });

    const forged = await vendorCall(
      t.app,
      'balance',
      { token: p.gameToken },
      { secret: 'not-the-secret' },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorCode).toBe('vendor.badSignature');

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/wps/vendor/bet',
      headers: { 'content-type': 'application/json', 'x-provider': 'DEMO' },
      payload: JSON.stringify({
        token: p.gameToken,
        txId: 'x1',
        roundId: 'r1',
        amount: 100,
        currency: 'BDT',
      }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await cash(p.memberId)).toBe(250_00);
  });

  it("refuses another provider's token as unknown", async () => {
    const p = await player();
    const res = await vendorCall(t.app, 'balance', { token: p.gameToken }, { provider: 'BGS' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('vendor.sessionUnknown');
  });
});

describe('vendor wallet: bets and wins', () => {
  it('debits a bet and credits a win once each, however often the vendor retries', async () => {
    const p = await player(1_000_00);
    const round = id('round');
    const bet = {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 20_00,
      currency: 'BDT',
    };
    const first = await vendorCall(t.app, 'bet', bet);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ balance: 980_00, replayed: false });
    const again = await vendorCall(t.app, 'bet', bet);
    expect(again.json().value).toMatchObject({ balance: 980_00, replayed: true });

    const win = {
      token: p.gameToken,
      txId: id('win'),
      roundId: round,
      amount: 55_00,
      currency: 'BDT',
    };
    expect((await vendorCall(t.app, 'win', win)).json().value.balance).toBe(1_035_00);
    const winAgain = await vendorCall(t.app, 'win', win);
    expect(winAgain.json().value).toMatchObject({ balance: 1_035_00, replayed: true });
    expect(await cash(p.memberId)).toBe(1_035_00);

    // The round is kept: stake, win, balance before and after.
    const rows = await t.app.database.db.execute(
      sql`select stake_minor, win_minor, balance_before_minor, balance_after_minor, status from game_rounds where round_ref = ${round}`,
    );
    expect((rows as { rows: unknown[] }).rows[0]).toMatchObject({
      stake_minor: expect.anything(),
      status: 'settled',
    });
    const r = (rows as { rows: Record<string, string | number>[] }).rows[0]!;
    expect(
      [r.stake_minor, r.win_minor, r.balance_before_minor, r.balance_after_minor].map(Number),
    ).toEqual([20_00, 55_00, 1_000_00, 1_035_00]);
    await expectSoundLedger(t.app.database.db);
  });

  it('refuses a reused txId with other details and moves nothing', async () => {
    const p = await player(100_00);
    const bet = {
      token: p.gameToken,
      txId: id('bet'),
      roundId: id('round'),
      amount: 10_00,
      currency: 'BDT',
    };
    await vendorCall(t.app, 'bet', bet);
    const reused = await vendorCall(t.app, 'bet', { ...bet, amount: 50_00 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errorCode).toBe('idempotency.mismatch');
    expect(await cash(p.memberId)).toBe(90_00);
  });

  it('answers insufficient funds with the balance and writes no entry', async () => {
    const p = await player(15_00);
    const round = id('round');
    const res = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 20_00,
      currency: 'BDT',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: 'wallet.insufficientFunds',
      data: { balance: 15_00 },
    });
    const rounds = await t.app.database.db.execute(
      sql`select 1 from game_rounds where round_ref = ${round}`,
    );
    expect((rounds as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await cash(p.memberId)).toBe(15_00);
  });

  it('refuses a win for an unknown round and a second settlement of a settled one', async () => {
    const p = await player();
    const unknown = await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: id('win'),
      roundId: id('nowhere'),
      amount: 5_00,
      currency: 'BDT',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('vendor.roundUnknown');

    const round = id('round');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 1_00,
      currency: 'BDT',
    });
    await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: id('win'),
      roundId: round,
      amount: 0,
      currency: 'BDT',
    });
    const late = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 1_00,
      currency: 'BDT',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('vendor.roundClosed');
    expect(await cash(p.memberId)).toBe(999_00);
  });

  it('refuses a currency other than the wallet\u2019s', async () => {
    const p = await player();
    const res = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: id('r'),
      amount: 1_00,
      currency: 'USD',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('vendor.currencyMismatch');
  });
});

describe('vendor wallet: rollbacks', () => {
  it('refunds a bet once, however often the rollback is retried', async () => {
    const p = await player(100_00);
    const betId = id('bet');
    const round = id('round');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: betId,
      roundId: round,
      amount: 30_00,
      currency: 'BDT',
    });
    const rollback = {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: betId,
      roundId: round,
      currency: 'BDT',
    };
    expect((await vendorCall(t.app, 'rollback', rollback)).json().value.balance).toBe(100_00);
    expect((await vendorCall(t.app, 'rollback', rollback)).json().value).toMatchObject({
      balance: 100_00,
      replayed: true,
    });
    // A second rollback under a new id finds the bet undone and moves nothing.
    expect(
      (await vendorCall(t.app, 'rollback', { ...rollback, txId: id('rb') })).json().value.balance,
    ).toBe(100_00);
    expect(await cash(p.memberId)).toBe(100_00);
    const rows = await t.app.database.db.execute(
      sql`select status from game_rounds where round_ref = ${round}`,
    );
    expect((rows as { rows: { status: string }[] }).rows[0]!.status).toBe('refunded');
  });

  it('records a rollback of an unseen bet so the bet, arriving late, is refused', async () => {
    const p = await player(100_00);
    const betId = id('bet');
    const rb = await vendorCall(t.app, 'rollback', {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: betId,
      currency: 'BDT',
    });
    expect(rb.statusCode).toBe(200);
    expect(rb.json().value.balance).toBe(100_00);
    const late = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: betId,
      roundId: id('round'),
      amount: 30_00,
      currency: 'BDT',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      errorCode: 'vendor.txRolledBack',
      data: { balance: 100_00 },
    });
    expect(await cash(p.memberId)).toBe(100_00);
  });

  it('does not roll back a win', async () => {
    const p = await player(100_00);
    const round = id('round');
    const winId = id('win');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 10_00,
      currency: 'BDT',
    });
    await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: winId,
      roundId: round,
      amount: 20_00,
      currency: 'BDT',
      final: false,
    });
    const res = await vendorCall(t.app, 'rollback', {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: winId,
      currency: 'BDT',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('vendor.notABet');
    expect(await cash(p.memberId)).toBe(110_00);
  });
});

describe('vendor wallet: sessions and player protection', () => {
  it('takes a win and a rollback after the session ended, but no new bet', async () => {
    const p = await player(100_00);
    const round = id('round');
    const betId = id('bet');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: betId,
      roundId: round,
      amount: 10_00,
      currency: 'BDT',
    });
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 5_00,
      currency: 'BDT',
    });
    expect(await t.app.services.gameWallet.endSession(p.memberId, p.gameToken)).toBe(true);

    const bet = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: id('round'),
      amount: 1_00,
      currency: 'BDT',
    });
    expect(bet.statusCode).toBe(403);
    expect(bet.json().errorCode).toBe('vendor.sessionEnded');
    const rb = await vendorCall(t.app, 'rollback', {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: betId,
      currency: 'BDT',
    });
    expect(rb.json().value.balance).toBe(95_00);
    const win = await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: id('win'),
      roundId: round,
      amount: 40_00,
      currency: 'BDT',
    });
    expect(win.statusCode).toBe(200);
    expect(win.json().value.balance).toBe(135_00);
  });

  it('refuses a bet from a self-excluded player with no entry', async () => {
    const p = await player(100_00);
    await t.app.database.db.execute(
      sql`insert into exclusions (member_id, kind, ends_at) values (${p.memberId}, 'self_exclusion', now() + interval '30 days')`,
    );
    const res = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: id('round'),
      amount: 10_00,
      currency: 'BDT',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('wallet.excluded');
    expect(await cash(p.memberId)).toBe(100_00);
  });
});

describe('game records', () => {
  it('show each round with stake, win and the balance before and after, newest first', async () => {
    const p = await player(500_00);
    const first = id('round');
    const second = id('round');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: first,
      amount: 10_00,
      currency: 'BDT',
    });
    await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: id('win'),
      roundId: first,
      amount: 25_00,
      currency: 'BDT',
    });
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: second,
      amount: 40_00,
      currency: 'BDT',
    });

    const res = await t.app.inject({
      url: '/wps/wallet/game-records?language=EN',
      headers: { token: p.token },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list as Record<string, unknown>[];
    expect(
      list.map((r) => [
        r.stakeMinor,
        r.winMinor,
        r.balanceBeforeMinor,
        r.balanceAfterMinor,
        r.status,
      ]),
    ).toEqual([
      [40_00, 0, 515_00, 475_00, 'open'],
      [10_00, 25_00, 500_00, 515_00, 'settled'],
    ]);
    expect(list[0]).toMatchObject({ vendor: 'JILI', playMoney: false });
    // The rounds reconcile with the ledger: the last round's balance is the wallet's.
    expect(await cash(p.memberId)).toBe(475_00);

    const paged = await t.app.inject({
      url: '/wps/wallet/game-records?pageSize=1',
      headers: { token: p.token },
    });
    const next = paged.json().value.nextCursor as string;
    const page2 = await t.app.inject({
      url: `/wps/wallet/game-records?pageSize=1&cursor=${next}`,
      headers: { token: p.token },
    });
    expect(page2.json().value.list[0].stakeMinor).toBe(10_00);
  });

  it("names a page's games with one read of the games module, however many rounds", async () => {
    const p = await player(500_00);
    const other = await openGameSession(t.app, p.memberId, { vendorCode: 'FC' });
    const bets = [p.gameToken, p.gameToken, other.token, p.gameToken];
    for (const token of bets) {
      await vendorCall(t.app, 'bet', {
        token,
        txId: id('bet'),
        roundId: id('round'),
        amount: 1_00,
        currency: 'BDT',
      });
    }
    const names = vi.spyOn(gameReads, 'namesByIds');
    try {
      const res = await t.app.inject({
        url: '/wps/wallet/game-records?language=BN',
        headers: { token: p.token },
      });
      const list = res.json().value.list as { gameName: string; vendor: string }[];
      expect(list).toHaveLength(4);
      expect(names).toHaveBeenCalledTimes(1);
      const named = await t.app.database.db.execute(sql`
        select g.id, g.name_bn, v.name_bn as vendor_bn from games g
        join vendors v on v.code = g.vendor_code where g.id in (${p.game.id}, ${other.game.id})`);
      const byId = new Map(
        (named as { rows: { id: string; name_bn: string; vendor_bn: string }[] }).rows.map((r) => [
          String(r.id),
          r,
        ]),
      );
      const jili = byId.get(String(p.game.id))!;
      const fc = byId.get(String(other.game.id))!;
      expect(list.map((r) => [r.gameName, r.vendor])).toEqual([
        [jili.name_bn, jili.vendor_bn],
        [fc.name_bn, fc.vendor_bn],
        [jili.name_bn, jili.vendor_bn],
        [jili.name_bn, jili.vendor_bn],
      ]);
    } finally {
      names.mockRestore();
    }
  });
});

describe("a session's game", () => {
  it('comes from the catalogue in memory, hidden or not, with no query on the money path', async () => {
    const member = await fundedMember(t.app, 100_00);
    const { token, game } = await openGameSession(t.app, member.memberId);
    const read = vi.spyOn(gameReads, 'sessionGame');
    try {
      const bet = await vendorCall(t.app, 'bet', {
        token,
        txId: id('bet'),
        roundId: id('round'),
        amount: 1_00,
        currency: 'BDT',
      });
      expect(bet.statusCode).toBe(200);
      expect(read).not.toHaveBeenCalled();
      expect(await t.app.services.games.sessionGame(game.id)).toMatchObject({
        gameCode: game.gameCode,
        vendorCode: 'JILI',
      });
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('is read from the games module when the game is newer than the snapshot', async () => {
    const member = await fundedMember(t.app, 100_00);
    const code = id('late');
    // No periodic reload may pick the game up mid-test (the rest of this file reloads explicitly).
    t.app.services.games.stop();
    // Written past the games service, so this process's snapshot does not hold it yet.
    const made = await t.app.database.db.execute(sql`
      insert into games (vendor_code, game_code, name_en, name_bn, game_type)
      values ('JILI', ${code}, 'Late game', 'দেরির খেলা', 'RNG') returning id`);
    const gameId = BigInt((made as { rows: { id: string }[] }).rows[0]!.id);
    const read = vi.spyOn(gameReads, 'sessionGame');
    try {
      const { token } = await t.app.services.gameWallet.openSession({
        memberId: member.memberId,
        gameId,
        providerCode: 'DEMO',
        accountKind: 'cash',
        currency: 'BDT',
        language: 'EN',
      });
      const bet = await vendorCall(t.app, 'bet', {
        token,
        txId: id('bet'),
        roundId: id('round'),
        amount: 1_00,
        currency: 'BDT',
      });
      expect(bet.statusCode).toBe(200);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });
});

describe('winner board and hot games', () => {
  it('puts a real big win on the winner board with the name masked', async () => {
    const p = await player(100_00);
    const round = id('round');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: round,
      amount: 10_00,
      currency: 'BDT',
    });
    await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: id('win'),
      roundId: round,
      amount: 777_00,
      currency: 'BDT',
    });
    const res = await t.app.inject({
      url: '/wps/game/winners?gameCategory=ALL&limitNum=20&language=EN',
    });
    const entries = res.json().value as {
      vo: { customerName: string; winAmount: number; nodeId: string };
    }[];
    const ours = entries.find((e) => e.vo.winAmount === 777 && e.vo.nodeId === String(p.game.id));
    expect(ours).toBeDefined();
    expect(ours!.vo.customerName).not.toBe(p.username);
    expect(ours!.vo.customerName).toContain('*');
  });

  it('ranks the hot list by recent real-money turnover', async () => {
    const member = await fundedMember(t.app, 2_000_00);
    const { token, game } = await openGameSession(t.app, member.memberId, { vendorCode: 'FC' });
    const before = (await t.app.inject({ url: '/wps/game/hot?language=EN' })).json().value.list;
    expect(before[0].nodeId).not.toBe(String(game.id));
    await vendorCall(t.app, 'bet', {
      token,
      txId: id('bet'),
      roundId: id('round'),
      amount: 1_500_00,
      currency: 'BDT',
    });
    await t.app.services.games.rankHot();
    const after = (await t.app.inject({ url: '/wps/game/hot?language=EN' })).json().value.list;
    expect(after[0].nodeId).toBe(String(game.id));
  });

  it('puts the games most players played lately first in the popular call, by category too', async () => {
    const popular = async (query = '') =>
      (await t.app.inject({ url: `/wps/game/popular?language=EN${query}` })).json().value.list as {
        nodeId: string;
        gameName: string;
      }[];
    const before = await popular('&gameType=FISH');
    expect(before).toHaveLength(12);
    let played = '';
    for (let i = 0; i < 3; i += 1) {
      const member = await fundedMember(t.app, 100_00);
      const { token, game } = await openGameSession(t.app, member.memberId, {
        vendorCode: 'NETCAST',
      });
      played = String(game.id);
      await vendorCall(t.app, 'bet', {
        token,
        txId: id('bet'),
        roundId: id('round'),
        amount: 1_00,
        currency: 'BDT',
      });
    }
    await t.app.services.games.rankHot();
    const fish = await popular('&gameType=FISH');
    expect(fish[0]!.nodeId).toBe(played);
    expect(fish).toHaveLength(12);
    const all = await popular();
    expect(all.length).toBeLessThanOrEqual(12);
    expect(all.map((game) => game.nodeId)).toContain(played);
    // Not a fish game: none of the popular fish games is a slot.
    const slots = await popular('&gameType=RNG');
    expect(slots.map((game) => game.nodeId)).not.toContain(played);
    const bengali = (await t.app.inject({ url: '/wps/game/popular?gameType=FISH' })).json().value
      .list as { gameName: string }[];
    expect(bengali[0]!.gameName).toMatch(/[\u0980-\u09FF]/);
  });
});

describe('vendor wallet: retries and the two kinds of money', () => {
  it('answers a retried bet its first result after the session ended, and "rolled back" after a rollback', async () => {
    const p = await player(100_00);
    const bet = {
      token: p.gameToken,
      txId: id('bet'),
      roundId: id('round'),
      amount: 10_00,
      currency: 'BDT',
    };
    expect((await vendorCall(t.app, 'bet', bet)).statusCode).toBe(200);
    await t.app.services.gameWallet.endSession(p.memberId, p.gameToken);
    const retried = await vendorCall(t.app, 'bet', bet);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().value).toMatchObject({ balance: 90_00, replayed: true });

    await vendorCall(t.app, 'rollback', {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: bet.txId,
      currency: 'BDT',
    });
    const afterRollback = await vendorCall(t.app, 'bet', bet);
    expect(afterRollback.statusCode).toBe(409);
    expect(afterRollback.json().errorCode).toBe('vendor.txRolledBack');
    expect(await cash(p.memberId)).toBe(100_00);
  });

  it('never pays a play-money round into cash, nor refunds its stake there', async () => {
    const p = await player(100_00);
    await t.app.services.ledger.move({
      kind: 'play.grant',
      source: 'test',
      key: id('grant'),
      request: {},
      currency: 'BDT',
      memberId: p.memberId,
      legs: [
        { account: { kind: 'play', ownerId: p.memberId }, amountMinor: 500_00n },
        { account: { kind: 'play_issuer' }, amountMinor: -500_00n },
      ],
    });
    const play = await openGameSession(t.app, p.memberId, { accountKind: 'play' });
    const round = id('round');
    const betId = id('bet');
    await vendorCall(t.app, 'bet', {
      token: play.token,
      txId: betId,
      roundId: round,
      amount: 50_00,
      currency: 'BDT',
    });

    const winIntoCash = await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId: id('win'),
      roundId: round,
      amount: 400_00,
      currency: 'BDT',
    });
    expect(winIntoCash.statusCode).toBe(404);
    expect(winIntoCash.json().errorCode).toBe('vendor.roundUnknown');
    const refundIntoCash = await vendorCall(t.app, 'rollback', {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: betId,
      currency: 'BDT',
    });
    expect(refundIntoCash.statusCode).toBe(404);
    expect(await cash(p.memberId)).toBe(100_00);

    // Through its own session the round settles into play money.
    const win = await vendorCall(t.app, 'win', {
      token: play.token,
      txId: id('win'),
      roundId: round,
      amount: 400_00,
      currency: 'BDT',
    });
    expect(win.json().value.balance).toBe(850_00);
    expect(await cash(p.memberId)).toBe(100_00);
  });
});

describe('operator recall', () => {
  it('shows a round with every vendor call on it and the ledger transaction each moved', async () => {
    const p = await player(100_00);
    const round = id('round');
    const first = id('bet');
    const second = id('bet');
    const rollback = id('rb');
    const win = id('win');
    const call = (path: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) =>
      vendorCall(t.app, path, { token: p.gameToken, currency: 'BDT', ...body });
    await call('bet', { txId: first, roundId: round, amount: 10_00 });
    await call('bet', { txId: second, roundId: round, amount: 5_00 });
    await call('rollback', { txId: rollback, refTxId: second });
    await call('win', { txId: win, roundId: round, amount: 30_00 });

    const res = await t.app.inject({
      url: `/ops/api/game/rounds/DEMO/${round}`,
      headers: opsHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const recalled = res.json().value;
    expect(recalled).toMatchObject({
      username: p.username,
      stakeMinor: 10_00,
      winMinor: 30_00,
      balanceBeforeMinor: 100_00,
      balanceAfterMinor: 120_00,
      status: 'settled',
    });
    expect(
      recalled.transactions.map((c: Record<string, unknown>) => [
        c.txId,
        c.kind,
        c.status,
        c.balanceAfterMinor,
      ]),
    ).toEqual([
      [first, 'bet', 'done', 90_00],
      [second, 'bet', 'rolled_back', 85_00],
      [rollback, 'rollback', 'done', 90_00],
      [win, 'win', 'done', 120_00],
    ]);
    expect(
      recalled.transactions.every(
        (c: { ledgerTransactionId: string | null }) => c.ledgerTransactionId,
      ),
    ).toBe(true);

    const unknown = await t.app.inject({
      url: `/ops/api/game/rounds/DEMO/${id('none')}`,
      headers: opsHeaders(),
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/ops/api/game/rounds/DEMO/${round}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
