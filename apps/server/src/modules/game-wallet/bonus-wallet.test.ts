/**
 * The two balances through the vendor wallet (docs/bonuses.md): bets take cash first, then the
 * bonus balance; a win pays the round's bonus share into the bonus balance while the bonus is
 * active, into cash once it converted, and not at all once it was forfeited; a rollback puts each
 * part back by the same rule; the largest stake while a bonus is active; the balance a vendor and
 * the header see is the total; loss limits and rebates count cash only. PGlite by default,
 * Postgres when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { withToken } from '../../../test/factories';
import { rowsOf } from '../../db/client';
import {
  bonusBalanceOf,
  endBonus,
  giveActiveBonus,
  type TestBonusOptions,
} from '../bonuses/active-bonus.test-kit';
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

/** A member with `cashMinor` of cash and an active bonus of `bonus.amountMinor`, in a vendor game. */
async function player(cashMinor: number, bonus: TestBonusOptions = {}) {
  const member = await fundedMember(t.app, cashMinor);
  const memberBonusId = await giveActiveBonus(t.app, member.memberId, bonus);
  const { token, game } = await openGameSession(t.app, member.memberId);
  return { ...member, gameToken: token, game, memberBonusId };
}

type Player = Awaited<ReturnType<typeof player>>;

const cash = (p: Player) => balanceOf(t.app, p.memberId);
const bonus = (p: Player) => bonusBalanceOf(t.app, p.memberId);

const betOf = (p: Player, roundId: string, amount: number, txId = id('bet')) =>
  vendorCall(t.app, 'bet', { token: p.gameToken, txId, roundId, amount, currency: 'BDT' });
const winOf = (p: Player, roundId: string, amount: number, final = true) =>
  vendorCall(t.app, 'win', {
    token: p.gameToken,
    txId: id('win'),
    roundId,
    amount,
    currency: 'BDT',
    final,
  });
const rollbackOf = (p: Player, refTxId: string) =>
  vendorCall(t.app, 'rollback', {
    token: p.gameToken,
    txId: id('rb'),
    refTxId,
    currency: 'BDT',
  });

async function roundOf(roundRef: string) {
  const [row] = rowsOf<Record<string, string | null>>(
    await t.app.database.db.execute(sql`
      select member_bonus_id::text, stake_minor::text, bonus_stake_minor::text,
             win_minor::text, bonus_win_minor::text, status
      from game_rounds where provider_code = 'DEMO' and round_ref = ${roundRef}`),
  );
  return row;
}

async function txOf(txRef: string) {
  const [row] = rowsOf<{ amount_minor: string; bonus_amount_minor: string; status: string }>(
    await t.app.database.db.execute(sql`
      select amount_minor::text, bonus_amount_minor::text, status
      from game_transactions where provider_code = 'DEMO' and tx_ref = ${txRef}`),
  );
  return row;
}

/** The ledger reference of the movement a game transaction posted. */
async function referenceOf(txRef: string) {
  const [row] = rowsOf<{ reference: Record<string, unknown> }>(
    await t.app.database.db.execute(sql`
      select lt.reference from game_transactions gt
      join ledger_transactions lt on lt.id = gt.ledger_transaction_id
      where gt.provider_code = 'DEMO' and gt.tx_ref = ${txRef}`),
  );
  return row?.reference;
}

describe('bonus wallet: bets', () => {
  it('takes cash first, then the bonus balance, in one movement; the round and the bet keep the bonus part', async () => {
    const p = await player(30_00, { amountMinor: 100_00 });
    const round = id('round');
    const txId = id('bet');
    const res = await betOf(p, round, 50_00, txId);
    expect(res.statusCode).toBe(200);
    // The vendor is answered the total: 0 cash + 80.00 bonus.
    expect(res.json().value).toMatchObject({ balance: 80_00, replayed: false });
    expect([await cash(p), await bonus(p)]).toEqual([0, 80_00]);
    expect(await roundOf(round)).toMatchObject({
      member_bonus_id: String(p.memberBonusId),
      stake_minor: '5000',
      bonus_stake_minor: '2000',
    });
    expect(await txOf(txId)).toMatchObject({ amount_minor: '5000', bonus_amount_minor: '2000' });
    // One movement with three legs: cash, bonus balance and the house.
    const [legs] = rowsOf<{ n: string }>(
      await t.app.database.db.execute(sql`
        select count(*)::text as n from ledger_entries e
        join game_transactions gt on gt.ledger_transaction_id = e.transaction_id
        where gt.provider_code = 'DEMO' and gt.tx_ref = ${txId}`),
    );
    expect(legs!.n).toBe('3');

    // A retry moves nothing and answers the first result.
    const again = await betOf(p, round, 50_00, txId);
    expect(again.json().value).toMatchObject({ balance: 80_00, replayed: true });
    expect([await cash(p), await bonus(p)]).toEqual([0, 80_00]);

    // More than cash and bonus together: refused with the total, nothing moved.
    const short = await betOf(p, id('round'), 80_01);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      errorCode: 'wallet.insufficientFunds',
      data: { balance: 80_00 },
    });
    expect([await cash(p), await bonus(p)]).toEqual([0, 80_00]);
  });

  it('records the active bonus on a round staked from cash alone, and spends no bonus then', async () => {
    const p = await player(100_00, { amountMinor: 50_00 });
    const round = id('round');
    expect((await betOf(p, round, 40_00)).json().value.balance).toBe(110_00);
    expect([await cash(p), await bonus(p)]).toEqual([60_00, 50_00]);
    expect(await roundOf(round)).toMatchObject({
      member_bonus_id: String(p.memberBonusId),
      bonus_stake_minor: '0',
    });
  });

  it('answers the total to the vendor and the header, and the split to the wallet', async () => {
    const p = await player(12_34, { amountMinor: 100_00 });
    const balance = await vendorCall(t.app, 'balance', { token: p.gameToken });
    expect(balance.json().value).toMatchObject({ balance: 112_34, playMoney: false });
    const wallet = await t.app.inject({ url: '/wps/member/wallet', headers: withToken(p.token) });
    expect(wallet.json().value).toEqual({
      sumBalance: 112.34,
      cashBalance: 12.34,
      bonusBalance: 100,
    });
  });
});

describe('bonus wallet: wins', () => {
  it("pays the round's bonus share into the bonus balance while the bonus is active, the rest as cash", async () => {
    const p = await player(30_00, { amountMinor: 100_00 });
    const round = id('round');
    await betOf(p, round, 50_00); // 30.00 cash + 20.00 bonus
    // floor(33.33 × 20 / 50) = 13.33 to the bonus balance, 20.00 to cash.
    const first = await winOf(p, round, 33_33, false);
    expect(first.json().value.balance).toBe(80_00 + 33_33);
    expect([await cash(p), await bonus(p)]).toEqual([20_00, 80_00 + 13_33]);
    const last = await winOf(p, round, 100_00);
    expect([await cash(p), await bonus(p)]).toEqual([20_00 + 60_00, 93_33 + 40_00]);
    expect(last.json().value.balance).toBe(80_00 + 133_33);
    expect(await roundOf(round)).toMatchObject({
      win_minor: '13333',
      bonus_win_minor: String(13_33 + 40_00),
      status: 'settled',
    });
  });

  it("pays a batched win's bonus share as the single win pays it", async () => {
    const [alone, batched] = [
      await player(30_00, { amountMinor: 100_00 }),
      await player(30_00, { amountMinor: 100_00 }),
    ];
    const [aloneRound, batchedRound] = [id('round'), id('round')];
    await betOf(alone, aloneRound, 50_00); // 30.00 cash + 20.00 bonus
    await betOf(batched, batchedRound, 50_00);
    await winOf(alone, aloneRound, 100_00);
    const res = await vendorCall(t.app, 'wins', {
      items: [
        {
          token: batched.gameToken,
          txId: id('win'),
          roundId: batchedRound,
          amount: 100_00,
          currency: 'BDT',
        },
      ],
    });
    expect(res.json().value.items[0]).toMatchObject({
      success: true,
      value: { balance: 80_00 + 100_00 },
    });
    // 40.00 of the 100.00 is the bonus's share: into the bonus balance, 60.00 cash.
    expect([await cash(batched), await bonus(batched)]).toEqual([60_00, 120_00]);
    expect([await cash(alone), await bonus(alone)]).toEqual([60_00, 120_00]);
    const { member_bonus_id: _a, ...aloneFigures } = (await roundOf(aloneRound))!;
    expect(await roundOf(batchedRound)).toEqual({
      ...aloneFigures,
      member_bonus_id: String(batched.memberBonusId),
    });
  });

  it('pays the whole win as cash once the bonus has converted', async () => {
    const p = await player(0, { amountMinor: 100_00 });
    const round = id('round');
    await betOf(p, round, 50_00); // all of it bonus
    await endBonus(t.app, p.memberId, p.memberBonusId, 'convert');
    expect([await cash(p), await bonus(p)]).toEqual([50_00, 0]);
    const win = await winOf(p, round, 100_00);
    expect(win.json().value.balance).toBe(150_00);
    expect([await cash(p), await bonus(p)]).toEqual([150_00, 0]);
    expect(await referenceOf(win.json().value.txId)).toMatchObject({
      bonusShare: 100_00,
      bonusTo: 'cash',
    });
  });

  it('does not pay the bonus share once the bonus was forfeited; the cash share is paid', async () => {
    const p = await player(10_00, { amountMinor: 100_00 });
    const round = id('round');
    await betOf(p, round, 50_00); // 10.00 cash + 40.00 bonus
    await endBonus(t.app, p.memberId, p.memberBonusId, 'forfeit');
    expect([await cash(p), await bonus(p)]).toEqual([0, 0]);
    const txId = id('win');
    const win = await vendorCall(t.app, 'win', {
      token: p.gameToken,
      txId,
      roundId: round,
      amount: 100_00,
      currency: 'BDT',
    });
    // floor(100 × 40 / 50) = 80.00 was the bonus's: not paid. 20.00 is cash.
    expect(win.json().value.balance).toBe(20_00);
    expect([await cash(p), await bonus(p)]).toEqual([20_00, 0]);
    expect(await txOf(txId)).toMatchObject({ amount_minor: '10000', bonus_amount_minor: '8000' });
    expect(await referenceOf(txId)).toMatchObject({ bonusShare: 80_00, bonusTo: 'forfeited' });
    expect(await roundOf(round)).toMatchObject({ win_minor: '10000', bonus_win_minor: '0' });
  });

  it('moves nothing for a win that was all bonus share after a forfeit, and still settles', async () => {
    const p = await player(0, { amountMinor: 100_00 });
    const round = id('round');
    await betOf(p, round, 10_00);
    await endBonus(t.app, p.memberId, p.memberBonusId, 'expire');
    const win = await winOf(p, round, 25_00);
    expect(win.statusCode).toBe(200);
    expect(win.json().value.balance).toBe(0);
    expect(await roundOf(round)).toMatchObject({ status: 'settled', win_minor: '2500' });
  });
});

describe('bonus wallet: rollbacks', () => {
  it('puts a mixed bet back where each part came from', async () => {
    const p = await player(30_00, { amountMinor: 100_00 });
    const round = id('round');
    const bet = id('bet');
    await betOf(p, round, 50_00, bet);
    const res = await rollbackOf(p, bet);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.balance).toBe(130_00);
    expect([await cash(p), await bonus(p)]).toEqual([30_00, 100_00]);
    expect(await roundOf(round)).toMatchObject({
      stake_minor: '0',
      bonus_stake_minor: '0',
      status: 'refunded',
    });
    expect(await txOf(bet)).toMatchObject({ status: 'rolled_back' });
  });

  it("puts a bet's bonus part into cash once the bonus converted, and nowhere once it was forfeited", async () => {
    const converted = await player(10_00, { amountMinor: 100_00 });
    const convertedBet = id('bet');
    await betOf(converted, id('round'), 30_00, convertedBet); // 10 cash + 20 bonus
    await endBonus(t.app, converted.memberId, converted.memberBonusId, 'convert');
    expect([await cash(converted), await bonus(converted)]).toEqual([80_00, 0]);
    await rollbackOf(converted, convertedBet);
    expect([await cash(converted), await bonus(converted)]).toEqual([110_00, 0]);

    const forfeited = await player(10_00, { amountMinor: 100_00 });
    const forfeitedBet = id('bet');
    await betOf(forfeited, id('round'), 30_00, forfeitedBet);
    await endBonus(t.app, forfeited.memberId, forfeited.memberBonusId, 'forfeit');
    const res = await rollbackOf(forfeited, forfeitedBet);
    expect(res.json().value.balance).toBe(10_00);
    expect([await cash(forfeited), await bonus(forfeited)]).toEqual([10_00, 0]);
  });
});

describe('bonus wallet: the largest stake', () => {
  it('refuses a stake above it while the bonus is active, before any money moves', async () => {
    const p = await player(100_00, { amountMinor: 100_00, maxStakeMinor: 20_00 });
    const round = id('round');
    const refused = await betOf(p, round, 20_01);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'bonus.maxStake',
      data: { maxStakeMinor: 20_00 },
    });
    expect(await roundOf(round)).toBeUndefined();
    expect([await cash(p), await bonus(p)]).toEqual([100_00, 100_00]);

    expect((await betOf(p, round, 20_00)).statusCode).toBe(200);

    // Once the bonus has ended, the stake is the player's business again.
    await endBonus(t.app, p.memberId, p.memberBonusId, 'convert');
    expect((await betOf(p, id('round'), 50_00)).statusCode).toBe(200);
  });

  it('answers a retry of a bet taken before the limit as the first call did', async () => {
    const p = await player(100_00, { amountMinor: 100_00 });
    const round = id('round');
    const txId = id('bet');
    await betOf(p, round, 50_00, txId);
    // A bonus with a lower limit becomes active in between (as the engine's queue would).
    await endBonus(t.app, p.memberId, p.memberBonusId, 'convert');
    await giveActiveBonus(t.app, p.memberId, { amountMinor: 10_00, maxStakeMinor: 10_00 });
    const again = await betOf(p, round, 50_00, txId);
    expect(again.statusCode).toBe(200);
    expect(again.json().value.replayed).toBe(true);
  });
});

describe('bonus wallet: a bonus that ended meanwhile', () => {
  it('takes no bonus money for a bonus no longer active, though this process still held it', async () => {
    const p = await player(10_00, { amountMinor: 100_00 });
    // Held in the cache; then ended without telling (a notice still on its way).
    expect((await betOf(p, id('round'), 1_00)).statusCode).toBe(200);
    await t.app.database.db.execute(
      sql`update member_bonuses set status = 'forfeited' where id = ${p.memberBonusId}`,
    );
    const res = await betOf(p, id('round'), 50_00);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('wallet.insufficientFunds');
    expect([await cash(p), await bonus(p)]).toEqual([9_00, 100_00]);
    // The cash it has is still taken, as without a bonus.
    expect((await betOf(p, id('round'), 9_00)).statusCode).toBe(200);
    expect(await cash(p)).toBe(0);
  });

  it('keeps a round to the bonus it opened under: a later bet of it under another bonus is cash only', async () => {
    const p = await player(10_00, { amountMinor: 20_00 });
    const round = id('round');
    await betOf(p, round, 15_00); // 10 cash + 5 bonus
    await endBonus(t.app, p.memberId, p.memberBonusId, 'forfeit');
    await giveActiveBonus(t.app, p.memberId, { amountMinor: 50_00 });
    const res = await betOf(p, round, 5_00);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('wallet.insufficientFunds');
    expect(await bonus(p)).toBe(50_00);
  });
});

describe('bonus wallet: loss limits and rebates count cash only', () => {
  it("lets a bonus-funded stake past a loss limit and checks a mixed stake's cash part", async () => {
    const p = await player(0, { amountMinor: 100_00 });
    const limit = await t.app.inject({
      method: 'PUT',
      url: '/wps/protection/loss-limits?language=EN',
      headers: withToken(p.token),
      payload: { day: 10_00 },
    });
    expect(limit.statusCode).toBe(200);
    // 50.00 all from the bonus: the player's own money is not at stake.
    expect((await betOf(p, id('round'), 50_00)).statusCode).toBe(200);

    const funds = await t.app.inject({
      method: 'POST',
      url: '/ops/api/wallet/adjustments',
      headers: opsHeaders(),
      payload: { username: p.username, amountMinor: 20_00, reason: 'test funds', key: id('k') },
    });
    expect(funds.statusCode).toBe(200);
    // 30.00: 20.00 of it cash, past the 10.00 allowance.
    const over = await betOf(p, id('round'), 30_00);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      errorCode: 'wallet.lossLimitReached',
      data: { remainingMinor: 10_00 },
    });
    // 10.00 of cash fits.
    expect((await betOf(p, id('round'), 10_00)).statusCode).toBe(200);
    expect([await cash(p), await bonus(p)]).toEqual([10_00, 50_00]);
  });

  it('earns rebate on the cash part of a stake only', async () => {
    const p = await player(0, { amountMinor: 100_00 });
    await betOf(p, id('round'), 40_00); // all bonus
    const rebate = async () =>
      (await t.app.inject({ url: '/wps/rewards/rebate', headers: withToken(p.token) })).json().value
        .periods[0];
    expect((await rebate()).categories).toEqual([]);

    const q = await player(15_00, { amountMinor: 100_00 });
    await betOf(q, id('round'), 40_00); // 15.00 cash + 25.00 bonus
    const today = (
      await t.app.inject({ url: '/wps/rewards/rebate', headers: withToken(q.token) })
    ).json().value.periods[0];
    expect(today.categories).toHaveLength(1);
    expect(today.categories[0].turnoverMinor).toBe(15_00);
  });
});

describe('bonus wallet: the ledger', () => {
  it('holds its invariants with bonus accounts: every movement nets to zero, no balance below zero', async () => {
    await expectSoundLedger(t.app.database.db);
    const [bonusAccounts] = rowsOf<{ n: string; negative: boolean }>(
      await t.app.database.db.execute(sql`
        select count(*)::text as n, bool_or(may_go_negative) as negative
        from ledger_accounts where kind = 'bonus_balance'`),
    );
    expect(Number(bonusAccounts!.n)).toBeGreaterThan(0);
    expect(bonusAccounts!.negative).toBe(false);
  });
});
