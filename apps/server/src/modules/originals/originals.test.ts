/**
 * The in-house provably fair games through the API: seeds before play, bets through the game
 * wallet (balance, round detail, nonce), rotation and the verifier, idempotent retries, limits,
 * insufficient funds, play money for trial accounts and the crash recovery. PGlite by default,
 * Postgres when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { playFair, sha256Hex, winMinor } from '@khela/contract/fair';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { balanceOf, fundedMember } from '../game-wallet/game-wallet.test-kit';
import { bonusBalanceOf, giveActiveBonus } from '../bonuses/active-bonus.test-kit';
import { roundIds } from './originals.service';

let t: TestApp;
/** One BGS game of each kind (by the game-code rule). */
const nodes: Record<'dice' | 'crash' | 'slot', string> = { dice: '', crash: '', slot: '' };

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.database.db.execute(
    sql`select id, game_code from games where vendor_code = 'BGS' order by id`,
  );
  for (const row of (rows as { rows: { id: string | number; game_code: string }[] }).rows) {
    const n = Number(/(\d+)$/.exec(row.game_code)![1]);
    const kind = (['slot', 'dice', 'crash'] as const)[n % 3]!;
    nodes[kind] ||= String(row.id);
  }
}, 60_000);
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({
    url: `${url}${url.includes('?') ? '&' : '?'}language=EN`,
    headers: token ? { token } : {},
  });

function bet(token: string, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/originals/bet?language=EN',
    headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const cash = (memberId: bigint, kind: 'cash' | 'play' = 'cash') => balanceOf(t.app, memberId, kind);

async function roundOf(roundRef: string) {
  const rows = await t.app.database.db.execute(
    sql`select stake_minor, win_minor, status, detail, account_kind from game_rounds
        where provider_code = 'BGS' and round_ref = ${roundRef}`,
  );
  return (rows as { rows: Record<string, unknown>[] }).rows[0];
}

describe('in-house games: the game and its limits', () => {
  it('maps BGS games to the three kinds and refuses other games', async () => {
    for (const kind of ['dice', 'crash', 'slot'] as const) {
      const res = await get(`/wps/originals/game/${nodes[kind]}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({ game: kind, maxStakeMinor: 1_000_000 });
      expect(res.json().value.minStakeMinor).toBeGreaterThanOrEqual(100);
    }
    const jili = await t.app.database.db.execute(
      sql`select id from games where vendor_code = 'JILI' limit 1`,
    );
    const id = (jili as { rows: { id: string }[] }).rows[0]!.id;
    const res = await get(`/wps/originals/game/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('originals.unknownGame');
  });
});

describe('in-house games: seeds', () => {
  it('needs a session, and shows the hash of a fresh pair before any play', async () => {
    expect((await get('/wps/originals/seeds')).statusCode).toBe(401);
    const p = await fundedMember(t.app, 0);
    const res = await get('/wps/originals/seeds', p.token);
    expect(res.statusCode).toBe(200);
    const seeds = res.json().value;
    expect(seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.nonce).toBe(0);
    // The same pair until it is rotated.
    expect((await get('/wps/originals/seeds', p.token)).json().value).toEqual(seeds);
  });

  it('refuses a client seed that is empty, too long or not printable', async () => {
    const p = await fundedMember(t.app, 0);
    for (const clientSeed of ['', 'x'.repeat(65), 'tab\there']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/wps/originals/seeds/client?language=EN',
        headers: { token: p.token },
        payload: { clientSeed },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('in-house games: bets', () => {
  it('plays a dice round: balance moves by win − stake, the round keeps its detail, nonce + 1', async () => {
    const p = await fundedMember(t.app, 1_000_00);
    const seeds = (await get('/wps/originals/seeds', p.token)).json().value;
    const key = randomUUID();
    const res = await bet(p.token, { nodeId: nodes.dice, stakeMinor: 10_00, target: 50 }, key);
    expect(res.statusCode).toBe(200);
    const answer = res.json().value;
    expect(answer).toMatchObject({
      game: 'dice',
      nonce: 0,
      serverSeedHash: seeds.serverSeedHash,
      clientSeed: seeds.clientSeed,
      stakeMinor: 10_00,
      playMoney: false,
      replayed: false,
    });
    expect(answer.result.roll).toBeGreaterThanOrEqual(0);
    expect(answer.winMinor).toBe(answer.result.win ? Math.floor((10_00 * 99) / 50) : 0);
    expect(answer.balanceMinor).toBe(1_000_00 - 10_00 + answer.winMinor);
    expect(await cash(p.memberId)).toBe(answer.balanceMinor);

    const round = await roundOf(answer.roundRef);
    expect(round).toMatchObject({ status: 'settled', account_kind: 'cash' });
    expect(Number(round!.stake_minor)).toBe(10_00);
    expect(Number(round!.win_minor)).toBe(answer.winMinor);
    expect(round!.detail).toMatchObject({
      game: 'dice',
      serverSeedHash: seeds.serverSeedHash,
      clientSeed: seeds.clientSeed,
      nonce: 0,
      params: { target: 50 },
      result: answer.result,
    });
    // The server seed itself never sits on the round.
    expect(JSON.stringify(round!.detail)).not.toMatch(/serverSeed"/);

    expect((await get('/wps/originals/seeds', p.token)).json().value.nonce).toBe(1);
    const records = await get('/wps/wallet/game-records', p.token);
    expect(records.statusCode).toBe(200);
    expect(records.json().value.list[0]).toMatchObject({
      vendor: 'Khela Originals',
      stakeMinor: 10_00,
      winMinor: answer.winMinor,
      balanceAfterMinor: answer.balanceMinor,
    });
    await expectSoundLedger(t.app.database.db);
  });

  it('rotation reveals the old seed and the verifier recomputes every kind of round', async () => {
    const p = await fundedMember(t.app, 1_000_00);
    const plays = [
      await bet(p.token, { nodeId: nodes.dice, stakeMinor: 5_00, target: 30 }),
      await bet(p.token, { nodeId: nodes.crash, stakeMinor: 5_00, target: 1.5 }),
      await bet(p.token, { nodeId: nodes.slot, stakeMinor: 5_00 }),
    ].map((res) => res.json().value);
    expect(plays.map((play) => play.nonce)).toEqual([0, 1, 2]);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/wps/originals/seeds/rotate?language=EN',
      headers: { token: p.token },
    });
    expect(rotated.statusCode).toBe(200);
    const { revealed, active } = rotated.json().value;
    expect(revealed.serverSeedHash).toBe(plays[0].serverSeedHash);
    expect(await sha256Hex(revealed.serverSeed)).toBe(revealed.serverSeedHash);
    expect(revealed.nonces).toBe(3);
    expect(active.nonce).toBe(0);
    expect(active.serverSeedHash).not.toBe(revealed.serverSeedHash);
    expect(active.clientSeed).toBe(revealed.clientSeed);

    for (const play of plays) {
      const target = play.result.target === undefined ? '' : `&target=${play.result.target}`;
      const res = await get(
        `/wps/originals/verify?serverSeed=${revealed.serverSeed}&clientSeed=${encodeURIComponent(
          revealed.clientSeed,
        )}&nonce=${play.nonce}&game=${play.game}${target}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().value.result).toEqual(play.result);
      expect(res.json().value.serverSeedHash).toBe(play.serverSeedHash);
      // And the engine agrees with the stored win.
      const again = await playFair(
        play.game,
        { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: play.nonce },
        play.game === 'slot' ? {} : { target: play.result.target },
      );
      expect(winMinor(again, 5_00)).toBe(play.winMinor);
    }

    const history = (await get('/wps/originals/seeds/history', p.token)).json().value.list;
    expect(history[0]).toMatchObject({ serverSeed: revealed.serverSeed, nonces: 3 });
  });

  it('a new client seed is a rotation', async () => {
    const p = await fundedMember(t.app, 1_000_00);
    await bet(p.token, { nodeId: nodes.slot, stakeMinor: 1_00 });
    const before = (await get('/wps/originals/seeds', p.token)).json().value;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/originals/seeds/client?language=EN',
      headers: { token: p.token },
      payload: { clientSeed: 'my lucky seed 7' },
    });
    expect(res.statusCode).toBe(200);
    const { revealed, active } = res.json().value;
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(active).toMatchObject({ clientSeed: 'my lucky seed 7', nonce: 0 });
    const next = (await bet(p.token, { nodeId: nodes.slot, stakeMinor: 1_00 })).json().value;
    expect(next).toMatchObject({ clientSeed: 'my lucky seed 7', nonce: 0 });
  });

  it('answers a retried key with the first round, once; another body is 422', async () => {
    const p = await fundedMember(t.app, 1_000_00);
    const key = randomUUID();
    const body = { nodeId: nodes.crash, stakeMinor: 20_00, target: 2 };
    const first = (await bet(p.token, body, key)).json().value;
    const again = await bet(p.token, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({
      ...first,
      replayed: true,
    });
    expect(await cash(p.memberId)).toBe(1_000_00 - 20_00 + first.winMinor);
    expect((await get('/wps/originals/seeds', p.token)).json().value.nonce).toBe(1);
    const other = await bet(p.token, { ...body, stakeMinor: 30_00 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errorCode).toBe('idempotency.mismatch');
    const missing = await bet(p.token, body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('idempotency.keyRequired');
  });

  it('stops taking bets on a game the operator hides, at once', async () => {
    const p = await fundedMember(t.app, 100_00);
    const rows = await t.app.database.db.execute(
      sql`select id from games where vendor_code = 'BGS' and id::text not in (${nodes.dice}, ${nodes.crash}, ${nodes.slot}) order by id limit 1`,
    );
    const nodeId = String((rows as { rows: { id: string | number }[] }).rows[0]!.id);
    const kind = (await get(`/wps/originals/game/${nodeId}`)).json().value.game as string;
    const body = { nodeId, stakeMinor: 1_00, ...(kind === 'slot' ? {} : { target: 2 }) };
    expect((await bet(p.token, body)).statusCode).toBe(200);

    const hide = (hidden: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/ops/api/games/${nodeId}`,
        headers: opsHeaders(),
        payload: { hidden },
      });
    expect((await hide(true)).statusCode).toBe(200);
    const refused = await bet(p.token, body);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errorCode).toBe('originals.unknownGame');
    expect((await hide(false)).statusCode).toBe(200);
  });

  it('refuses bad targets, stakes out of range and stakes beyond the balance', async () => {
    const p = await fundedMember(t.app, 50_00);
    for (const body of [
      { nodeId: nodes.dice, stakeMinor: 1_00, target: 99 },
      { nodeId: nodes.dice, stakeMinor: 1_00, target: 10.5 },
      { nodeId: nodes.dice, stakeMinor: 1_00 },
      { nodeId: nodes.crash, stakeMinor: 1_00, target: 1 },
      { nodeId: nodes.crash, stakeMinor: 1_00, target: 1.005 },
    ]) {
      const res = await bet(p.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe('originals.badTarget');
    }
    const small = await bet(p.token, { nodeId: nodes.slot, stakeMinor: 1 });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ errorCode: 'originals.stakeOutOfRange' });
    expect(small.json().data.maxMinor).toBe(1_000_000);
    const bn = await t.app.inject({
      method: 'POST',
      url: '/wps/originals/bet?language=BN',
      headers: { token: p.token, 'idempotency-key': randomUUID() },
      payload: { nodeId: nodes.slot, stakeMinor: 2_000_000 },
    });
    expect(bn.json().message).toBe('বাজির পরিমাণ অনুমোদিত সীমার বাইরে');

    const broke = await bet(p.token, { nodeId: nodes.slot, stakeMinor: 60_00 });
    expect(broke.statusCode).toBe(409);
    expect(broke.json()).toMatchObject({
      errorCode: 'wallet.insufficientFunds',
      data: { balance: 50_00 },
    });
    expect(await cash(p.memberId)).toBe(50_00);
  });

  it('a trial account plays with play money and leaves cash alone', async () => {
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const seeds = await get('/wps/originals/seeds', trial.token);
    expect(seeds.statusCode).toBe(200);
    const res = await bet(trial.token, { nodeId: nodes.dice, stakeMinor: 10_00, target: 60 });
    expect(res.statusCode).toBe(200);
    const answer = res.json().value;
    expect(answer.playMoney).toBe(true);
    const round = await roundOf(answer.roundRef);
    expect(round!.account_kind).toBe('play');
    const rows = await t.app.database.db.execute(
      sql`select id from members where username = ${trial.userName}`,
    );
    const memberId = BigInt((rows as { rows: { id: string }[] }).rows[0]!.id);
    expect(await cash(memberId, 'play')).toBe(answer.balanceMinor);
    expect(await cash(memberId, 'cash')).toBe(0);
  });
});

describe('in-house games: crash recovery', () => {
  /** Posts only the bet, as a crash right after it would leave the round. */
  async function betOnly(memberId: bigint, kind: 'dice' | 'crash', target: number) {
    const svc = t.app.services.originals;
    const seeds = await svc.seeds(memberId);
    const pairRows = await t.app.database.db.execute(
      sql`select server_seed from fair_seeds where server_seed_hash = ${seeds.serverSeedHash}`,
    );
    const serverSeed = (pairRows as { rows: { server_seed: string }[] }).rows[0]!.server_seed;
    await t.app.database.db.execute(
      sql`update fair_seeds set nonce = nonce + 1 where server_seed_hash = ${seeds.serverSeedHash}`,
    );
    const result = await playFair(
      kind,
      { serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce },
      { target },
    );
    const stake = 10_00;
    const ids = roundIds(memberId, randomUUID(), 'cash');
    const game = await t.app.services.originals.game(nodes[kind], 'EN');
    const { token } = await t.app.services.gameWallet.openSession({
      memberId,
      gameId: BigInt(game.nodeId),
      providerCode: 'BGS',
      accountKind: 'cash',
      currency: 'BDT',
      language: 'EN',
    });
    await t.app.services.gameWallet.bet(
      'BGS',
      { token, txId: ids.bet, roundId: ids.roundRef, amount: stake, currency: 'BDT' },
      {
        detail: {
          game: kind,
          nodeId: nodes[kind],
          serverSeedHash: seeds.serverSeedHash,
          clientSeed: seeds.clientSeed,
          nonce: seeds.nonce,
          params: { target },
          result,
          multiplier: result.multiplier,
          stakeMinor: stake,
          winMinor: winMinor(result, stake),
        },
      },
    );
    return { ids, result, win: winMinor(result, stake), stake };
  }

  it('pays a won round and refunds a lost one, once', async () => {
    const p = await fundedMember(t.app, 1_000_00);
    // Dice: target 98 nearly always wins (98 %), target 2 nearly always loses; play until one
    // of each is open, so both branches run.
    const open: Awaited<ReturnType<typeof betOnly>>[] = [];
    for (
      let i = 0;
      i < 20 && !(open.some((o) => o.win >= o.stake) && open.some((o) => o.win < o.stake));
      i += 1
    ) {
      open.push(await betOnly(p.memberId, 'dice', i % 2 === 0 ? 98 : 2));
    }
    const won = open.filter((o) => o.win >= o.stake);
    const lost = open.filter((o) => o.win < o.stake);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    const stakes = open.reduce((sum, o) => sum + o.stake, 0);
    expect(await cash(p.memberId)).toBe(1_000_00 - stakes);
    for (const o of open) expect((await roundOf(o.ids.roundRef))!.status).toBe('open');

    // Too fresh for the default 30 s: untouched.
    const fresh = await t.app.services.originals.recover();
    expect(await cash(p.memberId)).toBe(1_000_00 - stakes);
    expect(fresh.completed + fresh.refunded).toBe(0);

    const done = await t.app.services.originals.recover(0);
    expect(done.completed).toBeGreaterThanOrEqual(won.length);
    expect(done.refunded).toBeGreaterThanOrEqual(lost.length);
    for (const o of won) {
      const round = await roundOf(o.ids.roundRef);
      expect(round).toMatchObject({ status: 'settled' });
      expect(Number(round!.win_minor)).toBe(o.win);
    }
    for (const o of lost) expect((await roundOf(o.ids.roundRef))!.status).toBe('refunded');
    const expected =
      1_000_00 -
      stakes +
      won.reduce((sum, o) => sum + o.win, 0) +
      lost.reduce((s, o) => s + o.stake, 0);
    expect(await cash(p.memberId)).toBe(expected);

    // A second run finds nothing open and moves nothing.
    await t.app.services.originals.recover(0);
    expect(await cash(p.memberId)).toBe(expected);
    await expectSoundLedger(t.app.database.db);
  });
});

describe('in-house games: with a bonus (docs/bonuses.md)', () => {
  it('stakes cash first, then the bonus balance, answers the total, and refuses a stake above the bonus limit', async () => {
    const p = await fundedMember(t.app, 4_00);
    const memberBonusId = await giveActiveBonus(t.app, p.memberId, {
      amountMinor: 100_00,
      maxStakeMinor: 20_00,
    });
    const over = await bet(p.token, { nodeId: nodes.dice, stakeMinor: 20_01, target: 50 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('bonus.maxStake');
    expect(await cash(p.memberId)).toBe(4_00);

    const res = await bet(p.token, { nodeId: nodes.dice, stakeMinor: 10_00, target: 50 });
    expect(res.statusCode).toBe(200);
    const answer = res.json().value;
    const rows = await t.app.database.db.execute(
      sql`select member_bonus_id::text, bonus_stake_minor::text, bonus_win_minor::text
          from game_rounds where provider_code = 'BGS' and round_ref = ${answer.roundRef}`,
    );
    const round = (rows as { rows: Record<string, string>[] }).rows[0]!;
    expect(round).toMatchObject({
      member_bonus_id: String(memberBonusId),
      bonus_stake_minor: '600',
    });
    // 4.00 cash + 6.00 bonus staked; a win pays 60 % of itself (rounded down) to the bonus.
    const toBonus = Math.floor((answer.winMinor * 6_00) / 10_00);
    expect(Number(round.bonus_win_minor)).toBe(toBonus);
    expect(await cash(p.memberId)).toBe(answer.winMinor - toBonus);
    expect(await bonusBalanceOf(t.app, p.memberId)).toBe(100_00 - 6_00 + toBonus);
    expect(answer.balanceMinor).toBe(4_00 + 100_00 - 10_00 + answer.winMinor);
    await expectSoundLedger(t.app.database.db);
  });
});
