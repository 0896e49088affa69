/**
 * The back office's figures through the API: after registrations, deposits, a withdrawal, bets,
 * wins and a rollback through the game wallet, and a bonus, the rollup makes the dashboard and the
 * reports show exactly those figures (and a second run changes nothing); days turn at Dhaka's
 * midnight; CSV downloads; date ranges refused in both languages; the live counters stream.
 * PGlite by default; Postgres and Redis when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Dashboard } from '@khela/contract/backoffice/reports';
import { DashboardSchema } from '@khela/contract/backoffice/reports';
import { siteDay } from '@khela/contract/date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { deliver, memberWithId, SANDBOX_SECRET, startDeposit } from '../cashier/deposits.test-kit';
import { fundedMember, openGameSession, vendorCall } from '../game-wallet/game-wallet.test-kit';
import {
  addTestChannels,
  memberWithPayee,
  TEST_CHANNEL,
} from '../withdrawals/withdrawals.fixtures';

/** A port of this branch's range (5500-5599) for the streaming test. */
const LIVE_PORT = 5531;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paymentSandboxSecret: SANDBOX_SECRET });
  await addTestChannels(t.app);
}, 60_000);
afterAll(() => t.close());

let n = 0;
const id = (prefix: string) => `${prefix}-${Date.now()}-${(n += 1)}`;

const ops = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/ops/api${url}`, headers: { ...opsHeaders(), ...headers } });
const rollup = () => t.app.services.reportsRollup.run({ settleSeconds: 0, wait: true });

async function dashboard(): Promise<Dashboard> {
  const res = await ops('/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return DashboardSchema.parse(res.json().value);
}

async function paidDeposit(token: string, amountMinor: number) {
  const res = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor });
  expect(res.statusCode, res.body).toBe(200);
  const deposit = res.json().value.deposit;
  const paid = await deliver(t.app, {
    ref: deposit.providerRef,
    status: 'paid',
    amountMinor: deposit.amountMinor,
    currency: deposit.currency,
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function requestWithdrawal(amountMinor: number) {
  const p = await memberWithPayee(t.app, { fundsMinor: 50_000 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/wallet/withdrawals?language=EN',
    headers: { ...p.headers, 'idempotency-key': randomUUID() },
    payload: { payeeId: p.payeeId, amountMinor },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.withdrawal.id as string;
}

/** A bet, a win in its round, and a second bet rolled back: stakes 20.00, wins 55.00. */
async function playARound() {
  const member = await fundedMember(t.app, 1_000_00);
  const { token } = await openGameSession(t.app, member.memberId);
  const round = id('round');
  const call = async (path: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) => {
    const res = await vendorCall(t.app, path, { token, currency: 'BDT', ...body });
    expect(res.statusCode, res.body).toBe(200);
  };
  await call('bet', { txId: id('bet'), roundId: round, amount: 20_00 });
  await call('win', { txId: id('win'), roundId: round, amount: 55_00, final: true });
  const undone = id('bet');
  const second = id('round');
  await call('bet', { txId: undone, roundId: second, amount: 10_00 });
  await call('rollback', { txId: id('rb'), refTxId: undone, roundId: second });
  return member;
}

async function payBonus(memberId: bigint, amountMinor: number) {
  await t.app.services.ledger.move({
    kind: 'rebate',
    source: 'test:bonus',
    key: id('bonus'),
    request: { memberId: String(memberId), amountMinor },
    currency: 'BDT',
    memberId,
    legs: [
      { account: { kind: 'cash', ownerId: memberId }, amountMinor: BigInt(amountMinor) },
      { account: { kind: 'bonus' }, amountMinor: -BigInt(amountMinor) },
    ],
  });
}

describe('dashboard and reports', () => {
  it('show exactly what happened once the rollup ran, and a second run changes nothing', async () => {
    await rollup();
    const before = await dashboard();
    const today = before.today;
    expect(today).toBe(siteDay());

    // A depositor (registered, 1,000.00 paid, 500.00 still pending).
    const depositor = await memberWithId(t.app);
    await paidDeposit(depositor.token, 100_000);
    const pending = await startDeposit(t.app, depositor.token, {
      channelCode: 'BKASH',
      amountMinor: 50_000,
    });
    expect(pending.statusCode).toBe(200);
    // A withdrawal of 200.00 approved (paid by hand), one of 150.00 left pending.
    const approved = await requestWithdrawal(20_000);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/ops/api/wallet/withdrawals/${approved}/approve`,
      headers: opsHeaders(),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await requestWithdrawal(15_000);
    // A player: stakes 20.00 (10.00 more rolled back), wins 55.00, and a 7.50 bonus.
    const gambler = await playARound();
    await payBonus(gambler.memberId, 7_50);

    // Nothing moves the summary tables but the rollup.
    expect((await dashboard()).periods.today).toEqual(before.periods.today);
    await rollup();
    const after = await dashboard();
    const delta = Object.fromEntries(
      Object.entries(after.periods.today).map(([key, value]) => [
        key,
        value - before.periods.today[key as keyof Dashboard['periods']['today']],
      ]),
    );
    expect(delta).toEqual({
      // The depositor, the two withdrawers and the player.
      registrations: 4,
      firstDepositors: 1,
      deposits: 100_000,
      depositCount: 1,
      withdrawals: 20_000,
      withdrawalCount: 1,
      bets: 20_00,
      wins: 55_00,
      ggr: -35_00,
      bonuses: 7_50,
      activePlayers: 1,
    });
    expect(after.periods.last7.bets - before.periods.last7.bets).toBe(20_00);
    expect(after.periods.last30.activePlayers - before.periods.last30.activePlayers).toBe(1);
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1)).toMatchObject({ day: today, ...after.periods.today });
    expect(after.hourly).toHaveLength(48);
    const thisHour = after.hourly.at(-1)!;
    expect(thisHour.bets - before.hourly.at(-1)!.bets).toBe(20_00);
    expect(thisHour.rounds - before.hourly.at(-1)!.rounds).toBe(2);
    expect(after.queues.pendingWithdrawals).toBe(before.queues.pendingWithdrawals + 1);
    expect(after.dataUpTo).not.toBeNull();

    // Again: nothing new, nothing changes.
    await rollup();
    const again = await dashboard();
    expect({ ...again, dataUpTo: null }).toEqual({ ...after, dataUpTo: null });

    const ggr = (await ops(`/reports/ggr?from=${today}&to=${today}&by=vendor`)).json().value;
    expect(ggr.rows).toContainEqual({
      key: 'JILI',
      bets: 20_00,
      wins: 55_00,
      ggr: -35_00,
      betCount: 1,
      rounds: 2,
    });

    const cash = (await ops(`/reports/cashflow?from=${today}&to=${today}`)).json().value;
    const row = (direction: string, channel: string, state: string) =>
      cash.rows.find(
        (r: { direction: string; channel: string; state: string }) =>
          r.direction === direction && r.channel === channel && r.state === state,
      );
    expect(row('deposit', 'BKASH', 'paid')).toMatchObject({ count: 1, amount: 100_000 });
    expect(row('deposit', 'BKASH', 'pending')).toMatchObject({ count: 1, amount: 50_000 });
    expect(row('withdrawal', TEST_CHANNEL, 'paid')).toMatchObject({ count: 1, amount: 20_000 });
    expect(row('withdrawal', TEST_CHANNEL, 'pending')).toMatchObject({ count: 1, amount: 15_000 });
    expect(cash.totals).toMatchObject({ depositsPaid: 100_000, withdrawalsPaid: 20_000 });

    const regs = (await ops(`/reports/registrations?from=${today}&to=${today}`)).json().value;
    expect(regs.rows).toEqual([
      {
        day: today,
        registrations: after.periods.today.registrations,
        firstDepositors: after.periods.today.firstDepositors,
        firstDepositAmount: expect.any(Number),
        sameDay: after.periods.today.firstDepositors,
        within7Days: after.periods.today.firstDepositors,
      },
    ]);
  });

  it("counts a day from Dhaka's midnight (18:00 UTC), not UTC's", async () => {
    const member = await fundedMember(t.app, 100_00);
    const { token } = await openGameSession(t.app, member.memberId);
    const late = id('round');
    const early = id('round');
    const lateBet = id('bet');
    const earlyBet = id('bet');
    for (const [round, txId, amount] of [
      [late, lateBet, 3_00],
      [early, earlyBet, 4_00],
    ] as const) {
      const res = await vendorCall(t.app, 'bet', {
        token,
        txId,
        roundId: round,
        amount,
        currency: 'BDT',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // 23:59:59 in Dhaka on 1 March, and its midnight a second later.
    const db = t.app.database.db;
    for (const [txId, round, at] of [
      [lateBet, late, '2026-03-01T17:59:59Z'],
      [earlyBet, early, '2026-03-01T18:00:00Z'],
    ] as const) {
      await db.execute(
        sql`update game_transactions set created_at = ${at}::timestamptz where tx_ref = ${txId}`,
      );
      await db.execute(
        sql`update game_rounds set opened_at = ${at}::timestamptz where round_ref = ${round}`,
      );
    }
    await db.execute(
      sql`update members set created_at = '2026-03-01T17:59:59Z' where id = ${String(member.memberId)}::bigint`,
    );
    await rollup();
    const res = await ops('/reports/ggr?from=2026-02-28&to=2026-03-02&by=day');
    expect(res.json().value.rows).toEqual([
      { key: '2026-03-01', bets: 3_00, wins: 0, ggr: 3_00, betCount: 1, rounds: 1 },
      { key: '2026-03-02', bets: 4_00, wins: 0, ggr: 4_00, betCount: 1, rounds: 1 },
    ]);
    const regs = (await ops('/reports/registrations?from=2026-03-01&to=2026-03-02')).json().value;
    expect(regs.rows.map((r: { registrations: number }) => r.registrations)).toEqual([1, 0]);
  });

  it('counts identity checks and adjustments waiting for an operator, and stops when decided', async () => {
    const before = (await dashboard()).queues;
    const member = await memberWithId(t.app);
    const image = async (background: string) => ({
      data: (
        await sharp({ create: { width: 32, height: 24, channels: 3, background } })
          .jpeg()
          .toBuffer()
      ).toString('base64'),
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/member/kyc?language=EN',
      headers: withToken(member.token),
      payload: {
        front: await image('#c33'),
        back: await image('#36c'),
        selfie: await image('#3c6'),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const adjustment = await t.app.inject({
      method: 'POST',
      url: '/ops/api/wallet/adjustments',
      headers: opsHeaders(),
      payload: {
        username: member.username,
        amountMinor: t.app.services.settings.get('adjustmentApprovalThreshold') + 1,
        reason: 'tournament prize',
        key: randomUUID(),
      },
    });
    expect(adjustment.statusCode, adjustment.body).toBe(202);
    expect((await dashboard()).queues).toMatchObject({
      kycWaiting: before.kycWaiting + 1,
      adjustmentsWaiting: before.adjustmentsWaiting + 1,
    });

    const waiting = (await ops('/kyc?state=waiting')).json().value.list as { id: string }[];
    for (const [url, reason] of [
      [`/ops/api/kyc/${waiting.at(-1)!.id}/reject`, 'The photo is blurred'],
      [`/ops/api/wallet/adjustments/${adjustment.json().value.id}/reject`, 'Not this month'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: opsHeaders(),
        payload: { reason },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await dashboard()).queues).toMatchObject({
      kycWaiting: before.kycWaiting,
      adjustmentsWaiting: before.adjustmentsWaiting,
    });
  });

  it('downloads a report as CSV', async () => {
    const res = await ops('/reports/ggr?from=2026-03-01&to=2026-03-02&by=day&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="ggr-by-day-2026-03-01-2026-03-02.csv"',
    );
    expect(res.body).toBe(
      '\uFEFFday,bets,wins,ggr,bet_count,rounds\r\n' +
        '2026-03-01,300,0,300,1,1\r\n2026-03-02,400,0,400,1,1\r\n',
    );
    const regs = await ops('/reports/registrations?from=2026-03-01&to=2026-03-01&format=csv');
    expect(regs.body.split('\r\n')[1]).toBe('2026-03-01,1,0,0,0,0');
  });

  it('lists the players registered in a range, newest first, with their first deposit, paged and as CSV', async () => {
    const [a, b, c] = [
      await memberWithId(t.app),
      await memberWithId(t.app),
      await memberWithId(t.app),
    ];
    const db = t.app.database.db;
    // Dhaka days: 10 June (16:00 there), then 11 June twice (09:00 and 11:00 there).
    for (const [member, at] of [
      [a, '2025-06-10T10:00:00Z'],
      [b, '2025-06-11T03:00:00Z'],
      [c, '2025-06-11T05:00:00Z'],
    ] as const) {
      await db.execute(
        sql`update members set created_at = ${at}::timestamptz where id = ${String(member.memberId)}::bigint`,
      );
    }
    await paidDeposit(b.token, 70_000);
    await rollup();
    await rollup();

    const first = await ops('/reports/registrations/members?from=2025-06-10&to=2025-06-11&limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().value;
    expect(page1).toMatchObject({ from: '2025-06-10', to: '2025-06-11', timeZone: 'Asia/Dhaka' });
    expect(page1.items).toEqual([
      {
        username: c.username,
        registeredAt: '2025-06-11T05:00:00.000Z',
        day: '2025-06-11',
        method: 'H5',
        domain: null,
        firstDepositAt: null,
        firstDepositAmount: null,
      },
      {
        username: b.username,
        registeredAt: '2025-06-11T03:00:00.000Z',
        day: '2025-06-11',
        method: 'H5',
        domain: null,
        firstDepositAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        firstDepositAmount: 70_000,
      },
    ]);
    expect(page1.nextBefore).toEqual(expect.any(String));
    const page2 = (
      await ops(
        `/reports/registrations/members?from=2025-06-10&to=2025-06-11&limit=2&before=${page1.nextBefore}`,
      )
    ).json().value;
    expect(page2.items.map((item: { username: string }) => item.username)).toEqual([a.username]);
    expect(page2.nextBefore).toBeNull();

    // The per-day totals agree with the list.
    const days = (await ops('/reports/registrations?from=2025-06-10&to=2025-06-11')).json().value;
    expect(days.rows).toMatchObject([
      { day: '2025-06-10', registrations: 1, firstDepositors: 0 },
      { day: '2025-06-11', registrations: 2, firstDepositors: 1, firstDepositAmount: 70_000 },
    ]);

    const csv = await ops(
      '/reports/registrations/members?from=2025-06-10&to=2025-06-11&format=csv',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="registered-players-2025-06-10-2025-06-11.csv"',
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFusername,registered_at,day,method,domain,first_deposit_at,first_deposit_amount',
    );
    expect(lines.slice(1)).toEqual([
      `${c.username},2025-06-11T05:00:00.000Z,2025-06-11,H5,,,`,
      expect.stringMatching(
        new RegExp(`^${b.username},2025-06-11T03:00:00.000Z,2025-06-11,H5,,[0-9TZ:.-]+,70000$`),
      ),
      `${a.username},2025-06-10T10:00:00.000Z,2025-06-10,H5,,,`,
      '',
    ]);

    const reversed = await ops(
      '/reports/registrations/members?from=2025-06-11&to=2025-06-10&format=csv',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ errorCode: 'reports.rangeReversed' });
    const badCursor = await ops('/reports/registrations/members?before=x');
    expect(badCursor.statusCode).toBe(400);
  });

  it('refuses a reversed or too long range in English and Bengali, and a missing token', async () => {
    const reversed = await ops('/reports/ggr?from=2026-03-02&to=2026-03-01&language=EN');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      errorCode: 'reports.rangeReversed',
      message: 'The start date must not be after the end date',
    });
    const long = await ops('/reports/cashflow?from=2025-01-01&to=2026-03-01', {
      'accept-language': 'bn',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      errorCode: 'reports.rangeTooLong',
      message: 'একটি রিপোর্ট সর্বোচ্চ ৩৬৬ দিনের হতে পারে: ছোট সময়সীমা বেছে নিন',
    });
    // 366 days is the most, and fine.
    expect((await ops('/reports/registrations?from=2025-03-01&to=2026-03-01')).statusCode).toBe(
      200,
    );
    const bad = await ops('/reports/ggr?from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('validation.invalid');
    const anonymous = await t.app.inject({ url: '/ops/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('live counters', () => {
  it('streams the queue counts, and again when a withdrawal is requested', async () => {
    await t.app.listen({ port: LIVE_PORT, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${LIVE_PORT}/ops/api/live`, {
      headers: opsHeaders(),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    /** The next `counters` event's data. */
    const nextCounters = async () => {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.startsWith('event: counters\n')) {
            return JSON.parse(block.split('\ndata: ')[1]!) as Record<string, number>;
          }
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += decoder.decode(value, { stream: true });
      }
    };
    const first = await nextCounters();
    const { queues } = await dashboard();
    expect(first).toEqual({ ...queues, pendingWithdrawals: first.pendingWithdrawals });
    await requestWithdrawal(12_000);
    let next = await nextCounters();
    while (next.pendingWithdrawals === first.pendingWithdrawals) next = await nextCounters();
    expect(next.pendingWithdrawals).toBe(first.pendingWithdrawals! + 1);

    // The client goes away: the server stops writing to it.
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const { eventually } = await import('../../../test/eventually');
    await eventually(async () => t.app.services.liveCounters.listenerCount === 0);
  });
});
