/**
 * Loss limits through the vendor wallet: bets are taken until the net loss (bets − wins −
 * rollbacks) would pass a limit, then refused with wallet.lossLimitReached and no entry; a win
 * or a rollback frees allowance; a cut applies at once, a raise after 24 h; a new break is met
 * by the next bet in every process. Runs on PGlite by default and on Postgres (with Redis when
 * REDIS_URL is set) when DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { withToken } from '../../../test/factories';
import { fundedMember, openGameSession, vendorCall } from '../game-wallet/game-wallet.test-kit';
import { ledgerReads } from '../ledger/ledger-reads';
import { protectionRepository } from './protection.repository';

let t: TestApp;
let n = 0;
const id = (prefix: string) => `${prefix}-${Date.now()}-${(n += 1)}`;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function player(amountMinor = 1_000_00) {
  const member = await fundedMember(t.app, amountMinor);
  const { token } = await openGameSession(t.app, member.memberId);
  return { ...member, gameToken: token };
}
type Player = Awaited<ReturnType<typeof player>>;

const putLossLimits = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/protection/loss-limits?language=EN',
    headers: withToken(token),
    payload: payload as object,
  });

/** A bet in a round of its own; its round and txId come back for a win or a rollback. */
async function bet(p: Player, amount: number, app = t.app) {
  const roundId = id('round');
  const txId = id('bet');
  const res = await vendorCall(app, 'bet', {
    token: p.gameToken,
    txId,
    roundId,
    amount,
    currency: 'BDT',
  });
  return { res, roundId, txId };
}

const win = (p: Player, roundId: string, amount: number) =>
  vendorCall(t.app, 'win', {
    token: p.gameToken,
    txId: id('win'),
    roundId,
    amount,
    currency: 'BDT',
  });

/** The member's cash balance and how many ledger entries its account has. */
async function cashState(memberId: bigint) {
  const result = await t.app.database.db.execute(sql`
    select a.balance_minor::text as balance, count(e.id)::int as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.owner_id = ${memberId} and a.kind = 'cash'
    group by a.balance_minor`);
  const row = (result as { rows: { balance: string; entries: number }[] }).rows[0]!;
  return { balance: Number(row.balance), entries: Number(row.entries) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
const lossLimitOf = (value: any, period: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
  value.lossLimits.find((l: any) => l.period === period);

describe('PUT /wps/protection/loss-limits', () => {
  it('needs a member session and valid amounts', async () => {
    expect((await putLossLimits('no-such-token', { day: 10_000 })).statusCode).toBe(401);
    const p = await player();
    for (const payload of [{ day: 50 }, { day: -1 }, { year: 10_000 }, { week: '100' }]) {
      const res = await putLossLimits(p.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorCode).toBe('validation.invalid');
    }
    const overview = await t.app.inject({
      url: '/wps/protection?language=EN',
      headers: withToken(p.token),
    });
    expect(overview.json().value).toMatchObject({ lossRemaining: null });
    for (const limit of overview.json().value.lossLimits) {
      expect(limit).toMatchObject({ amountMinor: null, pending: null, remainingMinor: null });
    }
  });

  it('keeps deposit and loss limits apart', async () => {
    const p = await player();
    await putLossLimits(p.token, { day: 10_000 });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/protection/deposit-limits?language=EN',
      headers: withToken(p.token),
      payload: { day: 500_000 },
    });
    const value = res.json().value;
    expect(value.depositLimits[0]).toMatchObject({ period: 'day', amountMinor: 500_000 });
    expect(lossLimitOf(value, 'day')).toMatchObject({ amountMinor: 10_000, usedMinor: 0 });
    expect(value.lossRemaining).toEqual({ amountMinor: 10_000, period: 'day' });
  });
});

describe('bets under a loss limit', () => {
  it('takes bets until the net loss would pass the day limit, then refuses with no entry; a win frees allowance', async () => {
    const p = await player(1_000_00);
    const set = await putLossLimits(p.token, { day: 100_00 });
    expect(set.statusCode).toBe(200);
    expect(lossLimitOf(set.json().value, 'day')).toMatchObject({
      amountMinor: 100_00,
      pending: null,
      usedMinor: 0,
      remainingMinor: 100_00,
    });

    expect((await bet(p, 40_00)).res.statusCode).toBe(200);
    const { res: second, roundId } = await bet(p, 40_00);
    expect(second.statusCode).toBe(200);

    const before = await cashState(p.memberId);
    const over = (await bet(p, 30_00)).res;
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      errorCode: 'wallet.lossLimitReached',
      message: 'This bet would go over your loss limit',
      data: { remainingMinor: 20_00, period: 'day' },
    });
    expect(await cashState(p.memberId)).toEqual(before);

    // Up to the limit exactly is allowed; then nothing is left.
    expect((await bet(p, 20_00)).res.statusCode).toBe(200);
    const none = (await bet(p, 1)).res;
    expect(none.statusCode).toBe(409);
    expect(none.json().data).toEqual({ remainingMinor: 0, period: 'day' });

    // A win of 50.00 brings the net loss down to 50.00.
    expect((await win(p, roundId, 50_00)).statusCode).toBe(200);
    expect((await bet(p, 50_01)).res.json().data).toEqual({ remainingMinor: 50_00, period: 'day' });
    const overview = (
      await t.app.inject({ url: '/wps/protection?language=EN', headers: withToken(p.token) })
    ).json().value;
    expect(lossLimitOf(overview, 'day')).toMatchObject({ usedMinor: 50_00, remainingMinor: 50_00 });
    expect(overview.lossRemaining).toEqual({ amountMinor: 50_00, period: 'day' });
    expect((await bet(p, 50_00)).res.statusCode).toBe(200);
    expect(await cashState(p.memberId)).toMatchObject({ balance: 1_000_00 - 150_00 + 50_00 });
  });

  it('counts a rolled-back bet out of the net loss; the lowest allowance across periods applies', async () => {
    const p = await player(1_000_00);
    await putLossLimits(p.token, { day: 100_00, week: 60_00 });
    const first = await bet(p, 60_00);
    expect(first.res.statusCode).toBe(200);
    const refused = (await bet(p, 10_00)).res;
    expect(refused.json()).toMatchObject({
      errorCode: 'wallet.lossLimitReached',
      data: { remainingMinor: 0, period: 'week' },
    });
    const rollback = await vendorCall(t.app, 'rollback', {
      token: p.gameToken,
      txId: id('rb'),
      refTxId: first.txId,
      currency: 'BDT',
    });
    expect(rollback.statusCode).toBe(200);
    expect((await bet(p, 60_00)).res.statusCode).toBe(200);
  });

  it('applies a cut at once and a raise only after 24 h', async () => {
    const p = await player(1_000_00);
    await putLossLimits(p.token, { week: 100_00 });
    expect((await bet(p, 50_00)).res.statusCode).toBe(200);

    // A cut: the next bet meets it (the cached state was dropped).
    await putLossLimits(p.token, { week: 60_00 });
    const cut = (await bet(p, 20_00)).res;
    expect(cut.statusCode).toBe(409);
    expect(cut.json().data).toEqual({ remainingMinor: 10_00, period: 'week' });

    // A raise waits out its 24 h.
    const raised = await putLossLimits(p.token, { week: 200_00 });
    expect(lossLimitOf(raised.json().value, 'week')).toMatchObject({
      amountMinor: 60_00,
      pending: { amountMinor: 200_00 },
      remainingMinor: 10_00,
    });
    expect((await bet(p, 20_00)).res.statusCode).toBe(409);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 23 * HOUR);
    expect((await bet(p, 20_00)).res.statusCode).toBe(409);
    vi.setSystemTime(Date.now() + 2 * HOUR);
    const { token } = await openGameSession(t.app, p.memberId);
    const later = { ...p, gameToken: token };
    expect((await bet(later, 20_00)).res.statusCode).toBe(200);
    const left = (await bet(later, 200_00)).res;
    expect(left.json().data).toEqual({ remainingMinor: 130_00, period: 'week' });
  });

  it('removes a limit only after 24 h', async () => {
    const p = await player(1_000_00);
    await putLossLimits(p.token, { day: 10_00 });
    const removed = await putLossLimits(p.token, { day: null });
    expect(lossLimitOf(removed.json().value, 'day')).toMatchObject({
      amountMinor: 10_00,
      pending: { amountMinor: null },
    });
    expect((await bet(p, 20_00)).res.statusCode).toBe(409);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * HOUR);
    const { token } = await openGameSession(t.app, p.memberId);
    expect((await bet({ ...p, gameToken: token }, 20_00)).res.statusCode).toBe(200);
  });

  it("answers a limited player's bet the balance cannot cover, and a retry past a cut, as anyone's", async () => {
    const p = await player(10_00);
    await putLossLimits(p.token, { day: 100_00 });
    const short = (await bet(p, 20_00)).res;
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      errorCode: 'wallet.insufficientFunds',
      data: { balance: 10_00 },
    });

    const taken = await bet(p, 6_00);
    // A cut below what was lost since: a retry of the taken bet still answers its first result.
    await putLossLimits(p.token, { day: 5_00 });
    const retry = await vendorCall(t.app, 'bet', {
      token: p.gameToken,
      txId: taken.txId,
      roundId: taken.roundId,
      amount: 6_00,
      currency: 'BDT',
    });
    expect(retry.json().value).toMatchObject({ balance: 4_00, replayed: true });
    expect(await cashState(p.memberId)).toEqual({ balance: 4_00, entries: 2 });
  });
});

describe('the bet guard', () => {
  it('costs a member without a loss limit no query after the first bet', async () => {
    const p = await player();
    const exclusionReads = vi.spyOn(protectionRepository, 'activeExclusion');
    const lossSums = vi.spyOn(ledgerReads, 'netLossSince');
    for (let i = 0; i < 5; i += 1) expect((await bet(p, 1_00)).res.statusCode).toBe(200);
    expect(exclusionReads).toHaveBeenCalledTimes(1);
    expect(lossSums).not.toHaveBeenCalled();
  });

  it('meets a new self-exclusion at the next bet, in this process and another', async () => {
    const p = await player();
    const second = await buildApp(t.config, { database: t.database, cache: t.cache });
    await second.ready();
    try {
      // Both processes have cached "no break" for the member.
      expect((await bet(p, 1_00)).res.statusCode).toBe(200);
      expect((await bet(p, 1_00, second)).res.statusCode).toBe(200);

      const taken = await t.app.inject({
        method: 'POST',
        url: '/wps/protection/self-exclusion?language=EN',
        headers: withToken(p.token),
        payload: { duration: '6m', password: p.password },
      });
      expect(taken.statusCode).toBe(200);

      const before = await cashState(p.memberId);
      for (const app of [t.app, second]) {
        const refused = (await bet(p, 1_00, app)).res;
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          errorCode: 'wallet.excluded',
          data: { kind: 'self_exclusion' },
        });
      }
      expect(await cashState(p.memberId)).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('meets a new loss limit in another process at the next bet', async () => {
    const p = await player();
    const second = await buildApp(t.config, { database: t.database, cache: t.cache });
    await second.ready();
    try {
      expect((await bet(p, 30_00, second)).res.statusCode).toBe(200);
      await putLossLimits(p.token, { day: 40_00 });
      const refused = (await bet(p, 20_00, second)).res;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().data).toEqual({ remainingMinor: 10_00, period: 'day' });
    } finally {
      await second.close();
    }
  });
});
