/**
 * The seamless wallet's adjustment (POST /wps/vendor/adjust) as a sportsbook meets it when a
 * result is corrected after it paid: signed, idempotent, only on a settled round of the player,
 * taken after the game session expired, a take-back never below zero, and shown in the records.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { balanceOf, fundedMember, openGameSession, vendorCall } from './game-wallet.test-kit';

let t: TestApp;
let n = 0;
const id = (prefix: string) => `${prefix}-${Date.now()}-${(n += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** A funded player with a round of `stake` settled by a win of `win`. */
async function settledRound(funds: number, stake: number, win: number) {
  const member = await fundedMember(t.app, funds);
  const { token } = await openGameSession(t.app, member.memberId);
  const roundId = id('round');
  const base = { token, roundId, currency: 'BDT' };
  expect(
    (await vendorCall(t.app, 'bet', { ...base, txId: id('bet'), amount: stake })).statusCode,
  ).toBe(200);
  expect(
    (await vendorCall(t.app, 'win', { ...base, txId: id('win'), amount: win })).statusCode,
  ).toBe(200);
  return { ...member, gameToken: token, roundId };
}

const adjust = (
  token: string,
  roundId: string,
  amount: number,
  txId = id('adj'),
  options: { secret?: string } = {},
) => vendorCall(t.app, 'adjust', { token, txId, roundId, amount, currency: 'BDT' }, options);

describe('vendor wallet: adjust', () => {
  it('pays a correction once, however often it is sent, and refuses its id for another amount', async () => {
    const p = await settledRound(100_00, 20_00, 0);
    expect(await balanceOf(t.app, p.memberId)).toBe(80_00);
    const txId = id('adj');
    const first = await adjust(p.gameToken, p.roundId, 38_00, txId);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      balance: 118_00,
      appliedAmount: 38_00,
      replayed: false,
    });
    const again = await adjust(p.gameToken, p.roundId, 38_00, txId);
    expect(again.json().value).toMatchObject({
      balance: 118_00,
      appliedAmount: 38_00,
      replayed: true,
    });
    const other = await adjust(p.gameToken, p.roundId, 50_00, txId);
    expect(other.statusCode).toBe(422);
    expect(other.json().errorCode).toBe('idempotency.mismatch');
    expect(await balanceOf(t.app, p.memberId)).toBe(118_00);
    const moved = await t.app.database.db.execute(
      sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`adjust:${txId}`}`,
    );
    expect((moved as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await expectSoundLedger(t.app.database.db);
  });

  it('refuses a missing or wrong signature and changes nothing', async () => {
    const p = await settledRound(100_00, 20_00, 0);
    const forged = await adjust(p.gameToken, p.roundId, 10_00, id('adj'), {
      secret: 'not-the-secret-not-the-secret-00',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorCode).toBe('vendor.badSignature');
    expect(await balanceOf(t.app, p.memberId)).toBe(80_00);
  });

  it('refuses an unknown round, another player’s, and one not settled yet', async () => {
    const p = await settledRound(100_00, 20_00, 0);
    const unknown = await adjust(p.gameToken, id('nowhere'), 10_00);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('vendor.roundUnknown');

    const other = await settledRound(100_00, 10_00, 0);
    const theirs = await adjust(p.gameToken, other.roundId, 10_00);
    expect(theirs.statusCode).toBe(404);

    const open = id('round');
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: open,
      amount: 5_00,
      currency: 'BDT',
    });
    const notYet = await adjust(p.gameToken, open, 10_00);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().errorCode).toBe('vendor.roundNotSettled');

    const zero = await adjust(p.gameToken, p.roundId, 0);
    expect(zero.statusCode).toBe(400);
    expect(await balanceOf(t.app, p.memberId)).toBe(75_00);
  });

  it('is taken on a session that expired, when a bet on it no longer is', async () => {
    const p = await settledRound(100_00, 20_00, 50_00);
    // A later session of the player, past its 12 hours (before any call read it).
    const { token: late } = await openGameSession(t.app, p.memberId);
    await t.app.database.db.execute(
      sql`update game_sessions set expires_at = now() - interval '1 hour'
          where member_id = ${p.memberId} and expires_at > now()`,
    );
    const bet = await vendorCall(t.app, 'bet', {
      token: late,
      txId: id('bet'),
      roundId: id('round'),
      amount: 1_00,
      currency: 'BDT',
    });
    expect(bet.statusCode).toBe(403);
    expect(bet.json().errorCode).toBe('vendor.sessionEnded');
    const res = await adjust(late, p.roundId, -30_00);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ balance: 100_00, appliedAmount: -30_00 });
  });

  it('takes back at most what the cash holds, and the records show the corrected win', async () => {
    const p = await settledRound(100_00, 100_00, 40_00);
    expect(await balanceOf(t.app, p.memberId)).toBe(40_00);
    // The 40.00 won was mostly spent since: 15.00 left.
    await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: id('bet'),
      roundId: id('round'),
      amount: 25_00,
      currency: 'BDT',
    });
    const res = await adjust(p.gameToken, p.roundId, -40_00);
    expect(res.json().value).toMatchObject({ balance: 0, appliedAmount: -15_00 });
    expect(await balanceOf(t.app, p.memberId)).toBe(0);
    const nothing = await adjust(p.gameToken, p.roundId, -10_00);
    expect(nothing.json().value).toMatchObject({ balance: 0, appliedAmount: 0 });

    const records = await t.app.inject({
      url: '/wps/wallet/game-records?language=EN',
      headers: { token: p.token },
    });
    const round = (records.json().value.list as Record<string, unknown>[]).find(
      (r) => r.stakeMinor === 100_00,
    );
    expect(round).toMatchObject({ winMinor: 25_00, balanceAfterMinor: 0, status: 'settled' });
    await expectSoundLedger(t.app.database.db);
  });
});
