/**
 * Transaction records, profit and loss and game records through the API, on movements posted
 * with the real Ledger: pages walk newest first by cursor, days are Dhaka's, members see only
 * their own money and each screen follows its flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { siteDayStart } from '@khela/contract/date';
import { addDays, recordToday, TransactionPageSchema } from '@khela/contract/records';
import type { AccountRef } from '../ledger/ledger';
import { backdateMovement } from '../ledger/demo-history';
import { encodeCursor } from './records.service';

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member() {
  const { token } = await createMember(t.app);
  const session = await t.app.services.sessions.resolve(token);
  if (!session || session === 'expired') throw new Error('no session');
  return { token, id: session.memberId };
}

const cash = (id: bigint): AccountRef => ({ kind: 'cash', ownerId: id });
const hold = (id: bigint): AccountRef => ({ kind: 'withdrawal_hold', ownerId: id });

/** Moves `amount` from one account to another as the cashier or a game would. */
async function move(
  kind: string,
  memberId: bigint,
  to: AccountRef,
  from: AccountRef,
  amount: number,
  reference?: Record<string, string>,
) {
  sequence += 1;
  const posted = await t.app.services.ledger.move({
    kind,
    source: 'records-test',
    key: `k${sequence}`,
    request: { sequence },
    currency: 'BDT',
    memberId,
    reference,
    legs: [
      { account: to, amountMinor: BigInt(amount) },
      { account: from, amountMinor: -BigInt(amount) },
    ],
  });
  return posted.transactionId;
}

const deposit = (id: bigint, amount: number, depositId = '1') =>
  move('deposit', id, cash(id), { kind: 'deposits_clearing' }, amount, { depositId });
const bet = (id: bigint, amount: number) => move('bet', id, { kind: 'house' }, cash(id), amount);
const win = (id: bigint, amount: number) => move('win', id, cash(id), { kind: 'house' }, amount);

/** Dates a movement at `at` (the tests need movements on other days). */
const dateAt = (transactionId: bigint, at: Date) =>
  backdateMovement(t.app.database.db, transactionId, at);

interface Row {
  id: string;
  time: string;
  type: string;
  amountMinor: number;
  balanceAfterMinor: number;
  transactionId: string;
  reference: string | null;
}

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? withToken(token) : {} });

async function page(token: string, query: string) {
  const res = await get(`/wps/wallet/transactions?${query}`, token);
  expect(res.statusCode).toBe(200);
  // Sent as ready JSON: the documented schema must still hold.
  expect(() => TransactionPageSchema.parse(res.json().value)).not.toThrow();
  return res.json().value as { list: Row[]; nextCursor: string | null; from: string; to: string };
}

describe('GET /wps/wallet/transactions', () => {
  it('walks every movement newest first by cursor, with running balances, to an empty end', async () => {
    const { token, id } = await member();
    for (let i = 1; i <= 45; i += 1) await deposit(id, i * 100);

    const first = await page(token, 'pageSize=20');
    expect(first.list).toHaveLength(20);
    expect(first.list[0]).toMatchObject({ type: 'deposit', amountMinor: 4500, reference: '1' });
    expect(first.list[0]!.balanceAfterMinor).toBe((45 * 46 * 100) / 2);
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await page(token, `pageSize=20&cursor=${first.nextCursor}`);
    const third = await page(token, `pageSize=20&cursor=${second.nextCursor}`);
    expect(second.list).toHaveLength(20);
    expect(third.list).toHaveLength(5);
    expect(third.nextCursor).toBeNull();

    const all = [...first.list, ...second.list, ...third.list];
    expect(all.map((row) => row.amountMinor)).toEqual(
      Array.from({ length: 45 }, (_, i) => (45 - i) * 100),
    );
    // Each row's balance less its amount is the balance after the row below it.
    for (let i = 0; i < all.length - 1; i += 1) {
      expect(all[i]!.balanceAfterMinor - all[i]!.amountMinor).toBe(all[i + 1]!.balanceAfterMinor);
    }
    expect(all.at(-1)!.balanceAfterMinor).toBe(100);
    expect(new Set(all.map((row) => row.id)).size).toBe(45);

    // A page that ends exactly on the last row says so (no empty page after it).
    const exact = await page(token, 'pageSize=45');
    expect(exact.list).toHaveLength(45);
    expect(exact.nextCursor).toBeNull();
  });

  it('answers an empty page for a member with no movements, and the default range', async () => {
    const { token } = await member();
    const empty = await page(token, '');
    expect(empty.list).toEqual([]);
    expect(empty.nextCursor).toBeNull();
    expect(empty.to).toBe(recordToday());
    expect(empty.from).toBe(addDays(recordToday(), -6));
  });

  it('refuses an unreadable cursor with 400 in the player language', async () => {
    const { token } = await member();
    for (const cursor of [
      'abc',
      encodeCursor(5n) + '!',
      Buffer.from('e-1').toString('base64url'),
    ]) {
      const res = await get(`/wps/wallet/transactions?language=EN&cursor=${cursor}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'records.badCursor',
        message: 'This page of records is no longer available; please start from the first page',
      });
    }
    const bn = await get('/wps/wallet/transactions?cursor=zzz', token);
    expect(bn.json().message).toBe(
      'রেকর্ডের এই পাতাটি আর পাওয়া যাচ্ছে না; অনুগ্রহ করে প্রথম পাতা থেকে শুরু করুন',
    );
  });

  it('keeps to Dhaka days: from and to included, midnight at 18:00 UTC', async () => {
    const { token, id } = await member();
    const lateOn9th = await deposit(id, 111);
    const startOf10th = await deposit(id, 222);
    const endOf10th = await deposit(id, 333);
    const on11th = await deposit(id, 444);
    await dateAt(lateOn9th, new Date('2026-03-09T17:59:59.999Z'));
    await dateAt(startOf10th, new Date('2026-03-09T18:00:00.000Z'));
    await dateAt(endOf10th, new Date('2026-03-10T17:59:59.999Z'));
    await dateAt(on11th, new Date('2026-03-10T18:00:00.000Z'));

    const day = await page(token, 'from=2026-03-10&to=2026-03-10');
    expect(day.list.map((row) => row.amountMinor)).toEqual([333, 222]);
    expect(day.list.map((row) => row.time)).toEqual([
      '2026-03-10T17:59:59.999Z',
      '2026-03-09T18:00:00.000Z',
    ]);
    const span = await page(token, 'from=2026-03-09&to=2026-03-11');
    expect(span.list.map((row) => row.amountMinor)).toEqual([444, 333, 222, 111]);
    // Twelve months back are shown; the default range (the last 7 days) does not reach them.
    expect((await page(token, '')).list).toEqual([]);
  });

  it('refuses bad dates, a reversed range and one over 366 days, in the player language', async () => {
    const { token } = await member();
    const cases: [string, string][] = [
      ['from=2026-02-30', 'validation.invalid'],
      ['from=1999-12-31', 'validation.invalid'],
      ['to=2031-01-01', 'validation.invalid'],
      ['from=10-03-2026', 'validation.invalid'],
      ['type=lottery', 'validation.invalid'],
      ['pageSize=51', 'validation.invalid'],
      ['from=2026-03-11&to=2026-03-10', 'records.badRange'],
      ['from=2025-01-01&to=2026-01-02', 'records.rangeTooLong'],
    ];
    for (const [query, code] of cases) {
      const res = await get(`/wps/wallet/transactions?language=EN&${query}`, token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errorCode, query).toBe(code);
    }
    const bn = await get('/wps/wallet/transactions?from=2025-01-01&to=2026-01-02', token);
    expect(bn.json().message).toBe('অনুগ্রহ করে সর্বোচ্চ ১২ মাসের একটি সময়কাল বেছে নিন');
    // A leap year's full 366 days is one period.
    expect(
      (await get('/wps/wallet/transactions?from=2024-01-01&to=2024-12-31', token)).statusCode,
    ).toBe(200);
  });

  it('filters by type: withdrawals show the hold and its return, corrections are adjustments', async () => {
    const { token, id } = await member();
    await deposit(id, 10_000, '77');
    await bet(id, 1_000);
    await win(id, 2_500);
    await move('withdrawal.hold', id, hold(id), cash(id), 3_000, { withdrawalId: '9' });
    await move('withdrawal.release', id, cash(id), hold(id), 3_000, { withdrawalId: '9' });
    await move('adjustment', id, cash(id), { kind: 'house' }, 700);
    await move('rebate', id, cash(id), { kind: 'bonus' }, 150);

    const types = async (type: string) =>
      (await page(token, `type=${type}`)).list.map((row) => [
        row.type,
        row.amountMinor,
        row.reference,
      ]);
    expect(await types('deposit')).toEqual([['deposit', 10_000, '77']]);
    expect(await types('withdrawal')).toEqual([
      ['withdrawal', 3_000, '9'],
      ['withdrawal', -3_000, '9'],
    ]);
    expect(await types('bet')).toEqual([['bet', -1_000, null]]);
    expect(await types('win')).toEqual([['win', 2_500, null]]);
    expect(await types('adjustment')).toEqual([['adjustment', 700, null]]);
    expect(await types('rebate')).toEqual([['rebate', 150, null]]);
    expect(await types('transfer')).toEqual([]);
    expect((await page(token, '')).list).toHaveLength(7);
  });

  it('shows a member only their own movements', async () => {
    const a = await member();
    const b = await member();
    await deposit(a.id, 5_000);
    await bet(a.id, 2_000);
    await deposit(b.id, 900);
    const ofB = await page(b.token, '');
    expect(ofB.list.map((row) => row.amountMinor)).toEqual([900]);
    // A's cursor gives B nothing of A's either.
    const ofA = await page(a.token, 'pageSize=1');
    const next = await page(b.token, `cursor=${ofA.nextCursor}`);
    expect(next.list.every((row) => row.amountMinor === 900)).toBe(true);
  });

  it('needs a real member', async () => {
    for (const url of [
      '/wps/wallet/transactions',
      '/wps/wallet/profit-loss',
      '/wps/wallet/game-records',
    ]) {
      const none = await get(`${url}?cursor=bad&from=nope`);
      expect(none.statusCode, url).toBe(401);
      expect(none.json().errorCode).toBe('session.notLoggedIn');
    }
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const res = await get('/wps/wallet/transactions', trial.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });
});

describe('GET /wps/wallet/profit-loss', () => {
  it('sums the movements of the period by kind', async () => {
    const { token, id } = await member();
    await deposit(id, 100_000);
    await deposit(id, 50_000);
    await bet(id, 30_000);
    await bet(id, 20_000);
    await win(id, 45_000);
    // Paid withdrawal: held, then paid out from the hold.
    await move('withdrawal.hold', id, hold(id), cash(id), 40_000);
    await move('withdrawal.payout', id, { kind: 'payouts' }, hold(id), 40_000);
    // Pending: held only. Cancelled: held and returned.
    await move('withdrawal.hold', id, hold(id), cash(id), 10_000);
    await move('withdrawal.hold', id, hold(id), cash(id), 5_000);
    await move('withdrawal.release', id, cash(id), hold(id), 5_000);
    await move('rebate', id, cash(id), { kind: 'bonus' }, 2_500);
    await move('adjustment', id, { kind: 'house' }, cash(id), 1_000);
    // Another day, outside the period asked for.
    const old = await deposit(id, 999_999);
    await dateAt(old, new Date(siteDayStart(addDays(recordToday(), -40)).getTime() + 1000));

    const res = await get('/wps/wallet/profit-loss', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      from: addDays(recordToday(), -6),
      to: recordToday(),
      timeZone: 'Asia/Dhaka',
      depositsMinor: 150_000,
      withdrawalsMinor: 40_000,
      netDepositsMinor: 110_000,
      betsMinor: 50_000,
      winsMinor: 45_000,
      gameResultMinor: -5_000,
      rebatesMinor: 2_500,
      adjustmentsMinor: -1_000,
      transfersMinor: 0,
      netResultMinor: -3_500,
    });

    const wide = await get(`/wps/wallet/profit-loss?from=${addDays(recordToday(), -60)}`, token);
    expect(wide.json().value).toMatchObject({
      depositsMinor: 1_149_999,
      netDepositsMinor: 1_109_999,
    });
  });

  it('is all zeros for a member with no movements, and refuses a reversed range', async () => {
    const { token } = await member();
    const res = await get('/wps/wallet/profit-loss?from=2026-01-01&to=2026-01-31', token);
    expect(res.json().value).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      depositsMinor: 0,
      netResultMinor: 0,
    });
    const bad = await get(
      '/wps/wallet/profit-loss?from=2026-02-01&to=2026-01-31&language=EN',
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errorCode: 'records.badRange',
      message: 'The start date must be on or before the end date',
    });
  });
});

describe('flags', () => {
  const setFlag = (name: string, enabled: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/ops/api/flags/${name}`,
      headers: opsHeaders(),
      payload: { enabled },
    });

  it('game records: an empty page, and contact_service while TRANSBETREPMEM3 is off', async () => {
    const { token } = await member();
    const on = await get('/wps/wallet/game-records', token);
    expect(on.statusCode).toBe(200);
    expect(on.json().value).toMatchObject({ list: [], nextCursor: null });
    expect((await get('/wps/wallet/game-records?cursor=%%', token)).statusCode).toBe(400);

    expect((await setFlag('TRANSBETREPMEM3', false)).statusCode).toBe(200);
    try {
      const off = await get('/wps/wallet/game-records?language=EN', token);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({
        errorCode: 'contact_service',
        message: 'Please contact customer service',
      });
      // The other records stay open.
      expect((await get('/wps/wallet/transactions', token)).statusCode).toBe(200);
    } finally {
      await setFlag('TRANSBETREPMEM3', true);
    }
  });

  it('transaction records follow TRANSREC3 and profit and loss PERSREP', async () => {
    const { token } = await member();
    for (const [flag, url] of [
      ['TRANSREC3', '/wps/wallet/transactions'],
      ['PERSREP', '/wps/wallet/profit-loss'],
    ] as const) {
      await setFlag(flag, false);
      try {
        const off = await get(url, token);
        expect(off.statusCode, flag).toBe(403);
        expect(off.json().errorCode).toBe('feature.disabled');
      } finally {
        await setFlag(flag, true);
      }
      expect((await get(url, token)).statusCode, flag).toBe(200);
    }
  });
});
