/**
 * The lottery through its routes and its scheduler, with time moved by a fake clock: draws open,
 * close and draw on schedule; a ticket's stake is taken once however often it is retried; bets
 * after the close are refused; results recompute from the revealed seed; settlement pays each
 * winner once even when it runs twice at once, losers' rounds settle with 0; the ledger balances.
 * Runs on PGlite by default and on Postgres when DATABASE_URL is set.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { fundedMember, balanceOf } from '../game-wallet/game-wallet.test-kit';
import { bonusBalanceOf, giveActiveBonus } from '../bonuses/active-bonus.test-kit';
import { drawResult } from './lottery-draw';
import type { LotteryService } from './lottery.service';
import { rowsOf } from '../../db/client';

let t: TestApp;
let lottery: LotteryService;
let now = 0;
/** 15 minutes: a whole number of every format's interval, so each test starts on fresh slots. */
const EPOCH = 15 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  lottery = t.app.services.lottery;
  // The tests run each step themselves, on their own clock.
  await lottery.stop();
  now = (Math.floor(Date.now() / EPOCH) + 1) * EPOCH;
  lottery.useClock(() => now);
}, 60_000);
afterAll(() => t.close());

/** The next fresh 15-minute epoch, 1 s in, with its draws opened. */
async function freshEpoch() {
  now = (Math.floor(now / EPOCH) + 1) * EPOCH + 1_000;
  await lottery.tick();
}

const digits3 = () => lottery.lotteryGames().find((info) => info.format === 'digits3')!;

async function numero(nodeId: string) {
  const res = await t.app.inject({ url: `/lgw/lottery/numero?nodeId=${nodeId}` });
  expect(res.statusCode).toBe(200);
  return res.json().value;
}

function bet(
  token: string | undefined,
  body: Record<string, unknown>,
  key: string | undefined = randomUUID(),
  language = 'EN',
) {
  return t.app.inject({
    method: 'POST',
    url: `/lgw/lottery/bet?language=${language}`,
    headers: { ...(token ? { token } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const cash = (memberId: bigint) => balanceOf(t.app, memberId);

async function rounds(memberId: bigint) {
  return rowsOf<{ round_ref: string; stake_minor: string; win_minor: string; status: string }>(
    await t.app.database.db.execute(sql`
      select round_ref, stake_minor::text as stake_minor, win_minor::text as win_minor, status from game_rounds
      where provider_code = 'LOTTERY' and member_id = ${memberId} order by id`),
  );
}

async function seedOf(drawId: string) {
  const [row] = rowsOf<{ server_seed: string }>(
    await t.app.database.db.execute(
      sql`select server_seed from lottery_draws where id = ${BigInt(drawId)}`,
    ),
  );
  return row!.server_seed;
}

describe('lottery lists', () => {
  it('groups the lottery games by LOTT and ELOTT with the prize mode, cacheably', async () => {
    const res = await t.app.inject({ url: '/lgw/lottery/menu?language=EN' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const menu = res.json().value;
    expect(menu.prizeMode).toBe('ELOTT');
    const count = (category: string) =>
      menu.groups
        .find((group: { category: string }) => group.category === category)
        .vendors.flatMap((vendor: { games: unknown[] }) => vendor.games).length;
    expect(count('LOTT')).toBe(4);
    expect(count('ELOTT')).toBe(6);
  });

  it('lists each game with its format and current draw; an unknown game is 404', async () => {
    await freshEpoch();
    const res = await t.app.inject({ url: '/lgw/lottery/list?language=BN' });
    expect(res.statusCode).toBe(200);
    const { games } = res.json().value;
    expect(games).toHaveLength(10);
    for (const game of games) {
      expect(game.current).toMatchObject({ status: 'open', serverSeed: null, result: null });
      expect(game.current.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(game.format.rtpBp).toBeGreaterThanOrEqual(8900);
    }
    const missing = await t.app.inject({ url: '/lgw/lottery/numero?nodeId=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('game.notFound');
  });
});

describe('lottery schedule', () => {
  it('opens, closes and draws on the clock; the result recomputes from the revealed seed', async () => {
    await freshEpoch();
    const game = digits3();
    const first = await numero(game.game.nodeId);
    expect(first.current.status).toBe('open');
    expect(first.next.drawNo).toBe(first.current.drawNo + 1);
    const drawId: string = first.current.drawId;

    now = Date.parse(first.current.closesAt);
    await lottery.tick();
    const after = await numero(game.game.nodeId);
    expect(after.current.drawId).toBe(first.next.drawId);
    let recent = (
      await t.app.inject({ url: `/lgw/lottery/recent?nodeId=${game.game.nodeId}` })
    ).json().value;
    expect(recent.draws.some((draw: { drawId: string }) => draw.drawId === drawId)).toBe(false);

    now = Date.parse(first.current.drawsAt);
    const report = await lottery.tick();
    expect(report.drawn).toBeGreaterThanOrEqual(1);
    recent = (await t.app.inject({ url: `/lgw/lottery/recent?nodeId=${game.game.nodeId}` })).json()
      .value;
    const drawn = recent.draws.find((draw: { drawId: string }) => draw.drawId === drawId);
    expect(drawn.status).toBe('settled');
    expect(createHash('sha256').update(drawn.serverSeed).digest('hex')).toBe(
      first.current.serverSeedHash,
    );
    expect(drawn.result).toEqual(drawResult('digits3', drawn.serverSeed, drawId));
    // The next draw is open by then.
    expect((await numero(game.game.nodeId)).current.status).toBe('open');
  });
});

describe('lottery tickets', () => {
  it('takes the stake once per Idempotency-Key and opens one game round', async () => {
    await freshEpoch();
    const game = digits3();
    const player = await fundedMember(t.app, 1_000_00);
    const { current } = await numero(game.game.nodeId);
    const body = {
      nodeId: game.game.nodeId,
      drawId: current.drawId,
      picks: [1, 2, 3],
      stakeMinor: 10_00,
    };
    const key = randomUUID();

    const first = await bet(player.token, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      balance: 990_00,
      replayed: false,
      ticket: { status: 'open', picks: [1, 2, 3], stakeMinor: 10_00, playMoney: false },
    });
    const again = await bet(player.token, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ balance: 990_00, replayed: true });
    expect(again.json().value.ticket.ticketId).toBe(first.json().value.ticket.ticketId);
    expect(await cash(player.memberId)).toBe(990_00);
    const opened = await rounds(player.memberId);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ stake_minor: '1000', status: 'open' });

    const changed = await bet(player.token, { ...body, picks: [3, 2, 1] }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errorCode).toBe('idempotency.mismatch');

    const mine = await t.app.inject({
      url: `/lgw/lottery/tickets?drawId=${current.drawId}`,
      headers: { token: player.token },
    });
    expect(mine.json().value.tickets).toHaveLength(1);
  });

  it('refunds every stake whose ticket a crash never wrote, once, and leaves ticketed rounds alone', async () => {
    await freshEpoch();
    const game = digits3();
    const { current } = await numero(game.game.nodeId);
    // The crash, for two players: the stake was taken through the wallet (after a ticketed bet
    // opened the player's lottery session), the process died before the ticket.
    const crashedPlayer = async (orphanMinor: number) => {
      const player = await fundedMember(t.app, 100_00);
      const ticketed = await bet(player.token, {
        nodeId: game.game.nodeId,
        drawId: current.drawId,
        picks: [4, 5, 6],
        stakeMinor: 10_00,
      });
      expect(ticketed.statusCode).toBe(200);
      const [held] = rowsOf<{ token: string }>(
        await t.app.database.db.execute(
          sql`select token from lottery_sessions where member_id = ${player.memberId}`,
        ),
      );
      const orphan = `lt:${player.memberId}:crashed-${randomUUID()}`;
      await t.app.services.gameWallet.bet('LOTTERY', {
        token: held!.token,
        txId: `${orphan}:bet`,
        roundId: orphan,
        amount: orphanMinor,
        currency: 'BDT',
      });
      await t.app.database.db.execute(
        sql`update game_rounds set opened_at = now() - interval '10 minutes' where member_id = ${player.memberId}`,
      );
      return { ...player, orphan };
    };
    const first = await crashedPlayer(25_00);
    const second = await crashedPlayer(40_00);
    expect(await cash(first.memberId)).toBe(65_00);
    expect(await cash(second.memberId)).toBe(50_00);

    expect(await lottery.refundOrphans()).toBe(2);
    expect(await lottery.refundOrphans()).toBe(0);
    expect(await cash(first.memberId)).toBe(90_00);
    expect(await cash(second.memberId)).toBe(90_00);
    for (const player of [first, second]) {
      const byRef = new Map((await rounds(player.memberId)).map((r) => [r.round_ref, r.status]));
      expect(byRef.get(player.orphan)).toBe('refunded');
      expect([...byRef.values()].filter((status) => status === 'open')).toHaveLength(1);
    }
  });

  it('refuses no session, no key, bad picks (in English and Bengali) and a short balance', async () => {
    await freshEpoch();
    const game = digits3();
    const player = await fundedMember(t.app, 5_00);
    const { current } = await numero(game.game.nodeId);
    const body = {
      nodeId: game.game.nodeId,
      drawId: current.drawId,
      picks: [4, 5, 6],
      stakeMinor: 10_00,
    };

    expect((await bet(undefined, body)).statusCode).toBe(401);
    const keyless = await bet(player.token, body, '');
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().errorCode).toBe('idempotency.keyRequired');

    const badEn = await bet(player.token, { ...body, picks: [4, 5] });
    expect(badEn.statusCode).toBe(400);
    expect(badEn.json()).toMatchObject({ errorCode: 'lottery.badPicks' });
    const badBn = await bet(player.token, { ...body, picks: [4, 5, 60] }, undefined, 'BN');
    expect(badBn.statusCode).toBe(400);
    expect(JSON.stringify(badBn.json())).toContain('এই গেমের জন্য এই সংখ্যাগুলো সঠিক নয়');

    const poor = await bet(player.token, body);
    expect(poor.statusCode).toBe(409);
    expect(poor.json().errorCode).toBe('wallet.insufficientFunds');
    expect(await cash(player.memberId)).toBe(5_00);
    expect(await rounds(player.memberId)).toHaveLength(0);
  });

  it('refuses a bet once the draw has closed, taking nothing', async () => {
    await freshEpoch();
    const game = digits3();
    const player = await fundedMember(t.app, 100_00);
    const { current } = await numero(game.game.nodeId);
    now = Date.parse(current.closesAt);
    await lottery.tick();
    const late = await bet(player.token, {
      nodeId: game.game.nodeId,
      drawId: current.drawId,
      picks: [7, 8, 9],
      stakeMinor: 10_00,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('lottery.drawClosed');
    expect(await cash(player.memberId)).toBe(100_00);
  });
});

describe('lottery settlement', () => {
  it('pays the winner once even when settlement runs twice at once; losers settle with 0', async () => {
    await freshEpoch();
    const game = digits3();
    const { current } = await numero(game.game.nodeId);
    // The test peeks at the seed to know the winning numbers before the draw.
    const winning = drawResult('digits3', await seedOf(current.drawId), current.drawId);
    const losing = winning.map((digit) => (digit + 1) % 10);
    const winner = await fundedMember(t.app, 100_00);
    const loser = await fundedMember(t.app, 100_00);
    const base = { nodeId: game.game.nodeId, drawId: current.drawId, stakeMinor: 2_00 };
    expect((await bet(winner.token, { ...base, picks: winning })).statusCode).toBe(200);
    expect((await bet(loser.token, { ...base, picks: losing })).statusCode).toBe(200);

    now = Date.parse(current.drawsAt);
    await lottery.tick().then(() => undefined); // draws without paying twice below
    await Promise.all([lottery.settle(), lottery.settle(), lottery.tick()]);
    await lottery.settle();

    // 100.00 − 2.00 + 2.00 × 900
    expect(await cash(winner.memberId)).toBe(100_00 - 2_00 + 1_800_00);
    expect(await cash(loser.memberId)).toBe(98_00);
    expect(await rounds(winner.memberId)).toMatchObject([
      { stake_minor: '200', win_minor: '180000', status: 'settled' },
    ]);
    expect(await rounds(loser.memberId)).toMatchObject([
      { stake_minor: '200', win_minor: '0', status: 'settled' },
    ]);
    const wins = rowsOf<{ n: string }>(
      await t.app.database.db.execute(sql`
        select count(*) as n from game_transactions t join game_rounds r on r.id = t.round_id
        where r.member_id = ${winner.memberId} and t.kind = 'win'`),
    );
    expect(Number(wins[0]!.n)).toBe(1);

    const tickets = await t.app.inject({
      url: `/lgw/lottery/tickets?nodeId=${game.game.nodeId}`,
      headers: { token: winner.token },
    });
    expect(tickets.json().value.tickets[0]).toMatchObject({
      status: 'won',
      winMinor: 1_800_00,
      result: winning,
    });
    const recent = (
      await t.app.inject({ url: `/lgw/lottery/recent?nodeId=${game.game.nodeId}` })
    ).json().value;
    expect(recent.draws[0]).toMatchObject({ drawId: current.drawId, status: 'settled' });

    await expectSoundLedger(t.app.database.db);
  });
});

describe('lottery: with a bonus (docs/bonuses.md)', () => {
  it('stakes cash first, then the bonus balance, answers the total, and refuses a stake above the bonus limit', async () => {
    await freshEpoch();
    const game = digits3();
    const player = await fundedMember(t.app, 5_00);
    const memberBonusId = await giveActiveBonus(t.app, player.memberId, {
      amountMinor: 100_00,
      maxStakeMinor: 50_00,
    });
    const { current } = await numero(game.game.nodeId);
    const body = { nodeId: game.game.nodeId, drawId: current.drawId, picks: [7, 8, 9] };

    const over = await bet(player.token, { ...body, stakeMinor: 60_00 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('bonus.maxStake');
    expect(await rounds(player.memberId)).toHaveLength(0);

    const res = await bet(player.token, { ...body, stakeMinor: 10_00 });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.balance).toBe(95_00);
    expect(await cash(player.memberId)).toBe(0);
    expect(await bonusBalanceOf(t.app, player.memberId)).toBe(95_00);
    const [round] = rowsOf<{ member_bonus_id: string; bonus_stake_minor: string }>(
      await t.app.database.db.execute(sql`
        select member_bonus_id::text, bonus_stake_minor::text from game_rounds
        where provider_code = 'LOTTERY' and member_id = ${player.memberId}`),
    );
    expect(round).toEqual({ member_bonus_id: String(memberBonusId), bonus_stake_minor: '500' });
    await expectSoundLedger(t.app.database.db);
  });
});
