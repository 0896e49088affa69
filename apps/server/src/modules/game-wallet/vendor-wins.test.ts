/**
 * The batch of wins (`POST /wps/vendor/wins`) as a sportsbook settling a match meets it: one
 * signature over the batch, a size limit, each item answered as its own `win` (a refused item
 * does not hold up the others), and every txId paid once, whether the batch is sent again or an
 * item comes again alone. Runs on PGlite by default and on Postgres when DATABASE_URL is set.
 */
import { VENDOR_WINS_MAX_ITEMS } from '@khela/contract/vendor-wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { rowsOf } from '../../db/client';
import { balanceOf, fundedMember, openGameSession, vendorCall } from './game-wallet.test-kit';

let t: TestApp;
let n = 0;
const id = (prefix: string) => `${prefix}-${Date.now()}-${(n += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await expectSoundLedger(t.app.database.db);
  await t.close();
});

async function player(amountMinor = 1_000_00) {
  const member = await fundedMember(t.app, amountMinor);
  const { token, game } = await openGameSession(t.app, member.memberId);
  return { ...member, gameToken: token, game };
}
type Player = Awaited<ReturnType<typeof player>>;

const cash = (p: Player) => balanceOf(t.app, p.memberId);

/** An open round of `p` with a stake of `amount`: its id. */
async function openRound(p: Player, amount = 10_00) {
  const roundId = id('round');
  const res = await vendorCall(t.app, 'bet', {
    token: p.gameToken,
    txId: `${roundId}:bet`,
    roundId,
    amount,
    currency: 'BDT',
  });
  expect(res.statusCode).toBe(200);
  return roundId;
}

const winItem = (p: Player, roundId: string, amount: number, txId = `${roundId}:settle`) => ({
  token: p.gameToken,
  txId,
  roundId,
  amount,
  currency: 'BDT',
  final: true,
});

async function roundsWon(roundIds: string[]) {
  const [row] = rowsOf<{ won: string; settled: string }>(
    await t.app.database.db.execute(sql`
      select coalesce(sum(win_minor), 0)::text as won,
             count(*) filter (where status = 'settled')::text as settled
      from game_rounds where provider_code = 'DEMO' and round_ref in ${sql.raw(
        `(${roundIds.map((r) => `'${r}'`).join(', ')})`,
      )}`),
  );
  return { won: Number(row!.won), settled: Number(row!.settled) };
}

describe('vendor wins: the batch as a whole', () => {
  it('refuses a batch with a missing or wrong signature and pays none of it', async () => {
    const p = await player(100_00);
    const roundId = await openRound(p);
    const body = { items: [winItem(p, roundId, 50_00)] };

    const forged = await vendorCall(t.app, 'wins', body, { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorCode).toBe('vendor.badSignature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/wps/vendor/wins',
      headers: { 'content-type': 'application/json', 'x-provider': 'DEMO' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await cash(p)).toBe(90_00);
    expect(await roundsWon([roundId])).toEqual({ won: 0, settled: 0 });
  });

  it(`refuses more than ${VENDOR_WINS_MAX_ITEMS} items, an empty batch or a txId twice, and pays none of it`, async () => {
    const p = await player(100_00);
    const roundId = await openRound(p);
    const good = winItem(p, roundId, 50_00);
    const filler = Array.from({ length: VENDOR_WINS_MAX_ITEMS }, (_, i) =>
      winItem(p, `${roundId}-x${i}`, 1_00),
    );

    const tooMany = await vendorCall(t.app, 'wins', { items: [good, ...filler] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errorCode).toBe('validation.invalid');
    const empty = await vendorCall(t.app, 'wins', { items: [] });
    expect(empty.statusCode).toBe(400);
    const twice = await vendorCall(t.app, 'wins', {
      items: [good, { ...good, roundId: `${roundId}-other` }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errorCode).toBe('validation.invalid');
    expect(await cash(p)).toBe(90_00);
    expect(await roundsWon([roundId])).toEqual({ won: 0, settled: 0 });
  });
});

describe('vendor wins: items', () => {
  it('pays the good items and answers each bad one its own error, in order', async () => {
    const [a, b] = [await player(100_00), await player(100_00)];
    const aRound = await openRound(a, 10_00);
    const bRound = await openRound(b, 20_00);
    const closed = await openRound(a, 5_00);
    expect(
      (await vendorCall(t.app, 'win', winItem(a, closed, 0, `${closed}:early`))).statusCode,
    ).toBe(200);
    const mismatched = await openRound(b, 5_00);
    await vendorCall(t.app, 'win', winItem(b, mismatched, 7_00));

    const res = await vendorCall(t.app, 'wins', {
      items: [
        winItem(a, aRound, 35_00),
        winItem(a, id('no-such-round'), 10_00),
        winItem(a, bRound, 10_00, id('not-her-round')),
        winItem(a, closed, 3_00),
        // The txId of a win already paid, with another amount.
        winItem(b, mismatched, 70_00),
        { ...winItem(b, bRound, 10_00, id('stranger')), token: 'x'.repeat(43) },
        winItem(b, bRound, 0),
      ],
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().value.items as Record<string, unknown>[];
    expect(items.map((i) => [i.success, i.status ?? 200, i.errorCode ?? null])).toEqual([
      [true, 200, null],
      [false, 404, 'vendor.roundUnknown'],
      [false, 404, 'vendor.roundUnknown'],
      [false, 409, 'vendor.roundClosed'],
      [false, 422, 'idempotency.mismatch'],
      [false, 401, 'vendor.sessionUnknown'],
      [true, 200, null],
    ]);
    expect(items.map((i) => i.txId)).toEqual([
      `${aRound}:settle`,
      expect.stringMatching(/^no-such-round/),
      expect.stringMatching(/^not-her-round/),
      `${closed}:settle`,
      `${mismatched}:settle`,
      expect.stringMatching(/^stranger/),
      `${bRound}:settle`,
    ]);
    expect(items[0]).toMatchObject({ value: { balance: 120_00, replayed: false } });
    expect(items[1]).toMatchObject({ message: expect.any(String) });
    // A: 100 − 10 − 5 + 35 (the early 0 moved nothing); B: 100 − 20 − 5 + 7 (a lost bet: 0).
    expect([await cash(a), await cash(b)]).toEqual([120_00, 82_00]);
    expect(await roundsWon([aRound, bRound])).toEqual({ won: 35_00, settled: 2 });
    await expectSoundLedger(t.app.database.db);
  });

  it('pays a batch sent again, or an item of it sent alone, once', async () => {
    const players = [await player(100_00), await player(100_00), await player(100_00)];
    const rounds = await Promise.all(players.map((p) => openRound(p, 10_00)));
    const body = { items: players.map((p, i) => winItem(p, rounds[i]!, (i + 1) * 10_00)) };

    const first = await vendorCall(t.app, 'wins', body);
    expect(
      first.json().value.items.map((i: { value: { replayed: boolean } }) => i.value.replayed),
    ).toEqual([false, false, false]);
    const again = await vendorCall(t.app, 'wins', body);
    expect(again.json().value.items).toEqual(
      first.json().value.items.map((i: { value: object }) => ({
        ...i,
        value: { ...i.value, replayed: true },
      })),
    );
    const alone = await vendorCall(t.app, 'win', body.items[1]!);
    expect(alone.statusCode).toBe(200);
    expect(alone.json().value).toMatchObject({ balance: 110_00, replayed: true });
    expect(await Promise.all(players.map(cash))).toEqual([100_00, 110_00, 120_00]);
    expect(await roundsWon(rounds)).toEqual({ won: 60_00, settled: 3 });

    // The other way round: paid alone first, then in a batch with a new item.
    const p = await player(100_00);
    const [paidAlone, fresh] = [await openRound(p, 10_00), await openRound(p, 10_00)];
    await vendorCall(t.app, 'win', winItem(p, paidAlone, 25_00));
    const mixed = await vendorCall(t.app, 'wins', {
      items: [winItem(p, paidAlone, 25_00), winItem(p, fresh, 5_00)],
    });
    expect(
      mixed.json().value.items.map((i: { value: { replayed: boolean } }) => i.value.replayed),
    ).toEqual([true, false]);
    expect(await cash(p)).toBe(110_00);
    await expectSoundLedger(t.app.database.db);
  });

  it('posts each item as the single win does: the same ledger movement, the winner board', async () => {
    const p = await player(100_00);
    const [alone, batched] = [await openRound(p, 10_00), await openRound(p, 10_00)];
    await vendorCall(t.app, 'win', winItem(p, alone, 555_00));
    await vendorCall(t.app, 'wins', { items: [winItem(p, batched, 666_00)] });

    const movements = rowsOf<{ tx_ref: string; kind: string; reference: Record<string, unknown> }>(
      await t.app.database.db.execute(sql`
        select gt.tx_ref, lt.kind, lt.reference from game_transactions gt
        join ledger_transactions lt on lt.id = gt.ledger_transaction_id
        where gt.provider_code = 'DEMO' and gt.tx_ref in (${`${alone}:settle`}, ${`${batched}:settle`})
        order by gt.id`),
    );
    expect(movements).toHaveLength(2);
    const [one, many] = movements;
    expect(many!.kind).toBe(one!.kind);
    expect(Object.keys(many!.reference).sort()).toEqual(Object.keys(one!.reference).sort());

    const winners = (
      await t.app.inject({ url: '/wps/game/winners?gameCategory=ALL&limitNum=20&language=EN' })
    ).json().value as { vo: { winAmount: number; nodeId: string } }[];
    const ours = winners
      .filter((e) => e.vo.nodeId === String(p.game.id))
      .map((e) => e.vo.winAmount);
    expect(ours).toEqual(expect.arrayContaining([555, 666]));
  });
});
