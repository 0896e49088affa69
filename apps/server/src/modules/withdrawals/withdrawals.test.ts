/**
 * Withdraw through the API: payee accounts bound with the login password again, withdrawal
 * requests (idempotency, limits, payment password, held funds), cancel, records, and the
 * operator's queue, approve, reject and adjustments. PGlite by default; Postgres and Redis when
 * DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages } from '../../db/schema/inbox';
import { exclusions } from '../../db/schema/protection';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import {
  GOOD_NUMBER,
  MAX_MINOR,
  MIN_MINOR,
  OFF_CHANNEL,
  TEST_CHANNEL,
  addTestChannels,
  balances,
  fund,
  memberId,
  setPaymentPassword,
} from './withdrawals.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addTestChannels(t.app);
});
afterAll(async () => {
  await expectSoundLedger(t.app.database.db);
  await t.close();
});

type Headers = Record<string, string>;
const inject = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

interface Player {
  username: string;
  password: string;
  token: string;
  id: bigint;
  headers: Headers;
}

async function player(balanceMinor = 0): Promise<Player> {
  const made = await createMember(t.app);
  const id = await memberId(t.app, made.username);
  if (balanceMinor > 0) await fund(t.app, id, balanceMinor);
  return { ...made, id, headers: withToken(made.token) };
}

async function bind(p: Player, fields: Record<string, unknown> = {}) {
  return inject('POST', '/wps/wallet/payees?language=EN', p.headers, {
    channelCode: TEST_CHANNEL,
    accountName: 'Rahim Uddin',
    accountNumber: GOOD_NUMBER,
    password: p.password,
    ...fields,
  });
}

async function boundPayee(p: Player, accountNumber = GOOD_NUMBER): Promise<string> {
  const res = await bind(p, { accountNumber });
  expect(res.statusCode).toBe(200);
  return res.json().value.id as string;
}

function withdraw(p: Player, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return inject(
    'POST',
    '/wps/wallet/withdrawals?language=EN',
    key === null ? p.headers : { ...p.headers, 'idempotency-key': key },
    body,
  );
}

const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  inject(method, `/ops/api/wallet${url}`, opsHeaders(), payload);

async function inbox(id: bigint) {
  return t.app.database.db
    .select({
      topic: inboxMessages.topic,
      sender: inboxMessages.sender,
      params: inboxMessages.params,
    })
    .from(inboxMessages)
    .where(eq(inboxMessages.memberId, id))
    .orderBy(inboxMessages.id);
}

const sumBalance = async (p: Player) =>
  (await inject('GET', '/wps/member/wallet', p.headers)).json().value.sumBalance as number;

describe('payee accounts', () => {
  it('need a real member', async () => {
    expect((await inject('GET', '/wps/wallet/payees', {})).statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const res = await inject('GET', '/wps/wallet/payees', withToken(trial.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });

  it('binds with the login password again, masks the number and writes an inbox notice', async () => {
    const p = await player();
    const res = await bind(p, { accountNumber: '017 1234-5678' });
    expect(res.statusCode).toBe(200);
    const payee = res.json().value;
    expect(payee).toMatchObject({
      channelCode: TEST_CHANNEL,
      channelName: 'Test wallet',
      accountName: 'Rahim Uddin',
      accountNumber: '•••• 5678',
      last4: '5678',
    });
    const list = (await inject('GET', '/wps/wallet/payees?language=EN', p.headers)).json().value;
    expect(list.payees).toEqual([payee]);
    expect(list.maxPayees).toBe(5);
    expect(list.channels.map((c: { code: string }) => c.code)).toContain(TEST_CHANNEL);
    expect(list.channels.map((c: { code: string }) => c.code)).not.toContain(OFF_CHANNEL);
    expect(await inbox(p.id)).toEqual([
      {
        topic: 'payee.bound',
        sender: 'system',
        params: {
          channel: TEST_CHANNEL,
          channelEn: 'Test wallet',
          channelBn: 'টেস্ট ওয়ালেট',
          last4: '5678',
        },
      },
    ]);
  });

  it('refuses a wrong login password with a clear message and binds nothing', async () => {
    const p = await player();
    const res = await bind(p, { password: 'Not-My-Password-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'wallet.reauthFailed',
      message: 'The login password is wrong; please enter your current login password',
      data: { triesLeft: 4 },
    });
    expect((await inject('GET', '/wps/wallet/payees', p.headers)).json().value.payees).toEqual([]);
    expect(await inbox(p.id)).toEqual([]);
  });

  it('stops trying passwords after 5 wrong ones, even the right one', async () => {
    const p = await player();
    for (let i = 0; i < 5; i += 1) {
      expect((await bind(p, { password: `Wrong-Password-${i}` })).statusCode).toBe(403);
    }
    const res = await bind(p);
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe('rate.limited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('checks the number against the channel and the channel itself', async () => {
    const p = await player();
    const bad = await bind(p, { accountNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.accountNumber).toEqual(['Account format is incorrect']);
    const off = await bind(p, { channelCode: OFF_CHANNEL, accountNumber: '1234567890' });
    expect(off.statusCode).toBe(400);
    expect(off.json().errorCode).toBe('wallet.channelUnavailable');
    const unknown = await bind(p, { channelCode: 'NOPE' });
    expect(unknown.json().errorCode).toBe('wallet.channelUnavailable');
    const missing = await inject('POST', '/wps/wallet/payees', p.headers, {
      channelCode: TEST_CHANNEL,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().data.fields)).toEqual(
      expect.arrayContaining(['accountName', 'accountNumber', 'password']),
    );
    expect((await inject('GET', '/wps/wallet/payees', p.headers)).json().value.payees).toEqual([]);
  });

  it('allows 5 accounts and no duplicate', async () => {
    const p = await player();
    await boundPayee(p, '01710000001');
    const duplicate = await bind(p, { accountNumber: '01710000001' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errorCode).toBe('wallet.payeeDuplicate');
    for (const n of ['01710000002', '01710000003', '01710000004', '01710000005']) {
      await boundPayee(p, n);
    }
    const sixth = await bind(p, { accountNumber: '01710000006' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().errorCode).toBe('wallet.payeeLimit');
  });

  it('removes with the login password again; another member cannot', async () => {
    const p = await player();
    const other = await player();
    const id = await boundPayee(p);
    const foreign = await inject('DELETE', `/wps/wallet/payees/${id}`, other.headers, {
      password: other.password,
    });
    expect(foreign.statusCode).toBe(404);
    const wrong = await inject('DELETE', `/wps/wallet/payees/${id}?language=EN`, p.headers, {
      password: 'Wrong-Password-9',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errorCode).toBe('wallet.reauthFailed');
    const res = await inject('DELETE', `/wps/wallet/payees/${id}`, p.headers, {
      password: p.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/wps/wallet/payees', p.headers)).json().value.payees).toEqual([]);
    expect((await inbox(p.id)).map((m) => m.topic)).toEqual(['payee.bound', 'payee.removed']);
    const again = await inject('DELETE', `/wps/wallet/payees/${id}`, p.headers, {
      password: p.password,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('withdrawal requests', () => {
  it('need a real member and an Idempotency-Key', async () => {
    expect((await inject('POST', '/wps/wallet/withdrawals', {}, {})).statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const refused = await inject('POST', '/wps/wallet/withdrawals', withToken(trial.token), {
      payeeId: '1',
      amountMinor: MIN_MINOR,
    });
    expect(refused.json().errorCode).toBe('member.trialForbidden');
    const p = await player(50_000);
    const payeeId = await boundPayee(p);
    const res = await withdraw(p, { payeeId, amountMinor: MIN_MINOR }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('idempotency.keyRequired');
    const bad = await withdraw(p, { payeeId, amountMinor: 12.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.amountMinor).toBeDefined();
    expect(await balances(t.app, p.id)).toEqual({ cash: 50_000, hold: 0 });
  });

  it('holds the amount; a replay answers the same; another body with the key is 422', async () => {
    const p = await player(100_000);
    const payeeId = await boundPayee(p);
    const key = randomUUID();
    const first = await withdraw(p, { payeeId, amountMinor: 30_000 }, key);
    expect(first.statusCode).toBe(200);
    const answer = first.json().value;
    expect(answer).toMatchObject({
      balanceMinor: 70_000,
      replayed: false,
      withdrawal: {
        status: 'pending',
        amountMinor: 30_000,
        currency: 'BDT',
        channelCode: TEST_CHANNEL,
        accountNumber: '•••• 5678',
        decidedAt: null,
      },
    });
    expect(await balances(t.app, p.id)).toEqual({ cash: 70_000, hold: 30_000 });
    expect(await sumBalance(p)).toBe(700);

    const replay = await withdraw(p, { payeeId, amountMinor: 30_000 }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().value).toMatchObject({
      replayed: true,
      withdrawal: { id: answer.withdrawal.id },
    });
    expect(await balances(t.app, p.id)).toEqual({ cash: 70_000, hold: 30_000 });

    const mismatch = await withdraw(p, { payeeId, amountMinor: 20_000 }, key);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errorCode).toBe('idempotency.mismatch');
    const records = (await inject('GET', '/wps/wallet/withdrawals', p.headers)).json().value;
    expect(records.list).toHaveLength(1);
  });

  it('refuses more than the balance and stores nothing', async () => {
    const p = await player(20_000);
    const payeeId = await boundPayee(p);
    const res = await withdraw(p, { payeeId, amountMinor: 20_001 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('wallet.insufficientFunds');
    expect(await balances(t.app, p.id)).toEqual({ cash: 20_000, hold: 0 });
    expect((await inject('GET', '/wps/wallet/withdrawals', p.headers)).json().value.list).toEqual(
      [],
    );
    // The whole balance is fine.
    expect((await withdraw(p, { payeeId, amountMinor: 20_000 })).statusCode).toBe(200);
    expect(await balances(t.app, p.id)).toEqual({ cash: 0, hold: 20_000 });
  });

  it("needs the member's own bound account", async () => {
    const p = await player(50_000);
    const other = await player();
    const foreign = await boundPayee(other);
    const res = await withdraw(p, { payeeId: foreign, amountMinor: MIN_MINOR });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('wallet.payeeRequired');
    const own = await boundPayee(p);
    await inject('DELETE', `/wps/wallet/payees/${own}`, p.headers, { password: p.password });
    const removed = await withdraw(p, { payeeId: own, amountMinor: MIN_MINOR });
    expect(removed.json().errorCode).toBe('wallet.payeeRequired');
    expect(await balances(t.app, p.id)).toEqual({ cash: 50_000, hold: 0 });
  });

  it("keeps to the channel's min and max and to channels that take withdrawals", async () => {
    const p = await player(5_000_000);
    const payeeId = await boundPayee(p);
    const low = await withdraw(p, { payeeId, amountMinor: MIN_MINOR - 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      errorCode: 'wallet.amountOutOfRange',
      data: { minMinor: MIN_MINOR, maxMinor: MAX_MINOR },
    });
    const high = await withdraw(p, { payeeId, amountMinor: MAX_MINOR + 1 });
    expect(high.json().errorCode).toBe('wallet.amountOutOfRange');
    expect((await withdraw(p, { payeeId, amountMinor: MAX_MINOR })).statusCode).toBe(200);

    // The operator's change goes through the cashier, which drops its cached channels.
    const channels = t.app.services.channels;
    await channels.update(TEST_CHANNEL, { withdrawEnabled: false });
    try {
      const off = await withdraw(p, { payeeId, amountMinor: MIN_MINOR });
      expect(off.json().errorCode).toBe('wallet.channelUnavailable');
    } finally {
      await channels.update(TEST_CHANNEL, { withdrawEnabled: true });
    }
    expect(await balances(t.app, p.id)).toEqual({
      cash: 5_000_000 - MAX_MINOR,
      hold: MAX_MINOR,
    });
  });

  it('asks for the payment password when the member has one, with a throttle', async () => {
    const p = await player(100_000);
    const payeeId = await boundPayee(p);
    const before = (await inject('GET', '/wps/wallet/withdraw-options', p.headers)).json().value;
    expect(before.paymentPasswordSet).toBe(false);
    await setPaymentPassword(t.app, p.id, '246810');
    const options = (await inject('GET', '/wps/wallet/withdraw-options', p.headers)).json().value;
    expect(options.paymentPasswordSet).toBe(true);

    const missing = await withdraw(p, { payeeId, amountMinor: MIN_MINOR });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      errorCode: 'wallet.paymentPasswordWrong',
      message: 'The payment password is wrong',
    });
    const wrong = await withdraw(p, { payeeId, amountMinor: MIN_MINOR, paymentPassword: '111111' });
    expect(wrong.json().errorCode).toBe('wallet.paymentPasswordWrong');
    expect(await balances(t.app, p.id)).toEqual({ cash: 100_000, hold: 0 });
    const right = await withdraw(p, {
      payeeId,
      amountMinor: MIN_MINOR,
      paymentPassword: '246810',
    });
    expect(right.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      await withdraw(p, { payeeId, amountMinor: MIN_MINOR, paymentPassword: '000000' });
    }
    const locked = await withdraw(p, {
      payeeId,
      amountMinor: MIN_MINOR,
      paymentPassword: '246810',
    });
    expect(locked.statusCode).toBe(429);
    expect(await balances(t.app, p.id)).toEqual({ cash: 90_000, hold: 10_000 });
  });

  it('is open to a self-excluded player', async () => {
    const p = await player(50_000);
    // An account of its own: a self-excluded person's account is not bound to anyone else.
    const payeeId = await boundPayee(p, '01799999999');
    await t.app.database.db.insert(exclusions).values({
      memberId: p.id,
      kind: 'self_exclusion',
      endsAt: new Date(Date.now() + 180 * 86_400_000),
    });
    const res = await withdraw(p, { payeeId, amountMinor: 50_000 });
    expect(res.statusCode).toBe(200);
    expect(await balances(t.app, p.id)).toEqual({ cash: 0, hold: 50_000 });
  });

  it("gives the withdraw page's data", async () => {
    const p = await player(123_456);
    const payeeId = await boundPayee(p);
    await withdraw(p, { payeeId, amountMinor: 23_456 });
    const res = await inject('GET', '/wps/wallet/withdraw-options?language=BN', p.headers);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      balanceMinor: 100_000,
      currency: 'BDT',
      paymentPasswordSet: false,
    });
    expect(value.channels).toEqual(
      expect.arrayContaining([
        {
          code: TEST_CHANNEL,
          name: 'টেস্ট ওয়ালেট',
          enabled: true,
          minMinor: MIN_MINOR,
          maxMinor: MAX_MINOR,
        },
        expect.objectContaining({ code: OFF_CHANNEL, enabled: false }),
      ]),
    );
    expect(value.payees.map((x: { id: string }) => x.id)).toEqual([payeeId]);
    expect(value.pending).toHaveLength(1);
    expect(value.pending[0]).toMatchObject({ amountMinor: 23_456, status: 'pending' });
  });
});

describe('cancel', () => {
  it('by the owner while pending gives the money back, once', async () => {
    const p = await player(80_000);
    const other = await player();
    const payeeId = await boundPayee(p);
    const id = (await withdraw(p, { payeeId, amountMinor: 50_000 })).json().value.withdrawal.id;
    expect(await sumBalance(p)).toBe(300);

    const foreign = await inject('POST', `/wps/wallet/withdrawals/${id}/cancel`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(
      (await inject('GET', '/wps/wallet/withdrawals', other.headers)).json().value.list,
    ).toEqual([]);

    const res = await inject('POST', `/wps/wallet/withdrawals/${id}/cancel`, p.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ id, status: 'cancelled' });
    expect(res.json().value.decidedAt).not.toBeNull();
    expect(await balances(t.app, p.id)).toEqual({ cash: 80_000, hold: 0 });
    expect(await sumBalance(p)).toBe(800);

    const twice = await inject(
      'POST',
      `/wps/wallet/withdrawals/${id}/cancel?language=EN`,
      p.headers,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      errorCode: 'wallet.notCancellable',
      message: 'This request can no longer be changed',
    });
    expect(await balances(t.app, p.id)).toEqual({ cash: 80_000, hold: 0 });
    expect(
      (await inject('POST', '/wps/wallet/withdrawals/999999/cancel', p.headers)).statusCode,
    ).toBe(404);
  });

  it('is refused once the operator decided', async () => {
    const p = await player(80_000);
    const payeeId = await boundPayee(p);
    const id = (await withdraw(p, { payeeId, amountMinor: 50_000 })).json().value.withdrawal.id;
    expect((await ops('POST', `/withdrawals/${id}/approve`)).statusCode).toBe(200);
    const res = await inject('POST', `/wps/wallet/withdrawals/${id}/cancel`, p.headers);
    expect(res.statusCode).toBe(409);
    expect(await balances(t.app, p.id)).toEqual({ cash: 30_000, hold: 0 });
  });
});

describe('records', () => {
  it('page by cursor, newest first, with status and date filters', async () => {
    const p = await player(1_000_000);
    const payeeId = await boundPayee(p);
    const ids: string[] = [];
    for (const amount of [10_000, 20_000, 30_000]) {
      ids.push((await withdraw(p, { payeeId, amountMinor: amount })).json().value.withdrawal.id);
    }
    await inject('POST', `/wps/wallet/withdrawals/${ids[0]}/cancel`, p.headers);

    const first = (await inject('GET', '/wps/wallet/withdrawals?limit=2', p.headers)).json().value;
    expect(first.list.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBe(ids[1]);
    const second = (
      await inject('GET', `/wps/wallet/withdrawals?limit=2&cursor=${first.nextCursor}`, p.headers)
    ).json().value;
    expect(second.list.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
    expect(second.list[0].status).toBe('cancelled');
    expect(second.nextCursor).toBeNull();

    const pending = (
      await inject('GET', '/wps/wallet/withdrawals?status=pending', p.headers)
    ).json().value;
    expect(pending.list.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inHour = new Date(Date.now() + 3_600_000).toISOString();
    const q = (from: string, to: string) =>
      `/wps/wallet/withdrawals?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    expect((await inject('GET', q(hourAgo, inHour), p.headers)).json().value.list).toHaveLength(3);
    expect((await inject('GET', q(inHour, inHour), p.headers)).json().value.list).toHaveLength(0);

    const bad = await inject(
      'GET',
      '/wps/wallet/withdrawals?status=lost&from=yesterday',
      p.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toEqual(expect.arrayContaining(['status', 'from']));
    expect((await inject('GET', '/wps/wallet/withdrawals', {})).statusCode).toBe(401);
  });
});

describe('operator', () => {
  it('needs the operator token', async () => {
    const res = await inject('GET', '/ops/api/wallet/withdrawals', {});
    expect(res.statusCode).toBe(401);
    expect((await inject('POST', '/ops/api/wallet/withdrawals/1/approve', {})).statusCode).toBe(
      401,
    );
    expect(
      (await inject('POST', '/ops/api/wallet/withdrawals/1/reject', {}, { reason: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await inject('POST', '/ops/api/wallet/adjustments', {}, {})).statusCode).toBe(401);
  });

  it('lists pending oldest first with the username and the full account', async () => {
    const a = await player(100_000);
    const b = await player(100_000);
    const aPayee = await boundPayee(a, '01811111111');
    const bPayee = await boundPayee(b, '01822222222');
    const first = (await withdraw(a, { payeeId: aPayee, amountMinor: 11_000 })).json().value;
    const second = (await withdraw(b, { payeeId: bPayee, amountMinor: 12_000 })).json().value;
    const list = (await ops('GET', '/withdrawals?status=pending&limit=200')).json().value as Array<{
      id: string;
      username: string;
      accountNumber: string;
      accountName: string;
    }>;
    const mine = list.filter((w) => [first.withdrawal.id, second.withdrawal.id].includes(w.id));
    expect(mine).toEqual([
      expect.objectContaining({
        id: first.withdrawal.id,
        username: a.username.toLowerCase(),
        accountNumber: '01811111111',
        accountName: 'Rahim Uddin',
      }),
      expect.objectContaining({ id: second.withdrawal.id, username: b.username.toLowerCase() }),
    ]);
    const ids = list.map((w) => BigInt(w.id));
    expect([...ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(ids);
    expect((await ops('GET', '/withdrawals?status=lost')).statusCode).toBe(400);
  });

  it('approves once: the hold is paid out and the member is told', async () => {
    const p = await player(100_000);
    const payeeId = await boundPayee(p);
    const id = (await withdraw(p, { payeeId, amountMinor: 40_000 })).json().value.withdrawal.id;
    const res = await ops('POST', `/withdrawals/${id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ id, status: 'paid', decidedBy: 'automation' });
    expect(await balances(t.app, p.id)).toEqual({ cash: 60_000, hold: 0 });
    const again = await ops('POST', `/withdrawals/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'wallet.notCancellable',
      data: { status: 'paid' },
    });
    const reject = await ops('POST', `/withdrawals/${id}/reject`, { reason: 'too late' });
    expect(reject.statusCode).toBe(409);
    expect(await balances(t.app, p.id)).toEqual({ cash: 60_000, hold: 0 });
    const messages = await inbox(p.id);
    expect(messages.at(-1)).toEqual({
      topic: 'withdrawal.paid',
      sender: 'system',
      params: expect.objectContaining({ withdrawalId: id, amountMinor: '40000', last4: '5678' }),
    });
    const bn = (await inject('GET', '/wps/inbox?language=BN', p.headers)).json().value.list[0];
    expect(bn.body).toBe('আপনার ৳৪০০.০০ উত্তোলন পরিশোধ করা হয়েছে।');
    const records = (await inject('GET', '/wps/wallet/withdrawals', p.headers)).json().value;
    expect(records.list[0]).toMatchObject({ id, status: 'paid' });
    expect((await ops('POST', '/withdrawals/987654321/approve')).statusCode).toBe(404);
  });

  it('rejects once with a reason: the money goes back and the member is told why', async () => {
    const p = await player(100_000);
    const payeeId = await boundPayee(p);
    const id = (await withdraw(p, { payeeId, amountMinor: 40_000 })).json().value.withdrawal.id;
    expect((await ops('POST', `/withdrawals/${id}/reject`, { reason: ' ' })).statusCode).toBe(400);
    expect(await balances(t.app, p.id)).toEqual({ cash: 60_000, hold: 0 + 40_000 });
    const res = await ops('POST', `/withdrawals/${id}/reject`, { reason: 'Name does not match' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'rejected', note: 'Name does not match' });
    expect(await balances(t.app, p.id)).toEqual({ cash: 100_000, hold: 0 });
    expect((await ops('POST', `/withdrawals/${id}/approve`)).statusCode).toBe(409);
    expect(await balances(t.app, p.id)).toEqual({ cash: 100_000, hold: 0 });
    const [message] = await t.app.database.db
      .select({ params: inboxMessages.params })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.memberId, p.id), eq(inboxMessages.topic, 'withdrawal.rejected')));
    expect(message?.params).toMatchObject({ reason: 'Name does not match', amountMinor: '40000' });
    const record = (await inject('GET', '/wps/wallet/withdrawals', p.headers)).json().value.list[0];
    expect(record).toMatchObject({ status: 'rejected', note: 'Name does not match' });
  });

  it('adjusts a balance against the house, once per key', async () => {
    const p = await player();
    const body = { username: p.username, amountMinor: 75_000, reason: 'Goodwill', key: 'adj-1' };
    const res = await ops('POST', '/adjustments', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      amountMinor: 75_000,
      balanceMinor: 75_000,
      replayed: false,
    });
    const replay = await ops('POST', '/adjustments', body);
    expect(replay.json().value).toMatchObject({ balanceMinor: 75_000, replayed: true });
    expect(await sumBalance(p)).toBe(750);
    expect((await ops('POST', '/adjustments', { ...body, amountMinor: 1 })).statusCode).toBe(422);
    const debit = await ops('POST', '/adjustments', {
      ...body,
      amountMinor: -80_000,
      key: 'adj-2',
    });
    expect(debit.statusCode).toBe(409);
    expect(debit.json().errorCode).toBe('wallet.insufficientFunds');
    const unknown = await ops('POST', '/adjustments', {
      ...body,
      username: 'nobody1x',
      key: 'adj-3',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ops('POST', '/adjustments', { ...body, amountMinor: 0 })).statusCode).toBe(400);
    expect(await balances(t.app, p.id)).toEqual({ cash: 75_000, hold: 0 });
  });
});
