import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { members } from '../../db/schema/accounts';
import { deposits, paymentChannels } from '../../db/schema/cashier';
import { depositLimits, exclusions } from '../../db/schema/protection';
import { AppError } from '../../errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createMember, signIn, withToken } from '../../../test/factories';
import { startDeposit } from '../cashier/deposits.test-kit';
import { restrictedSessionMay } from './restricted-session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(paymentChannels)
    .values({
      code: 'PTEST',
      nameEn: 'Protection test',
      nameBn: 'সুরক্ষা পরীক্ষা',
      currency: 'BDT',
      depositMinMinor: 100n,
      depositMaxMinor: 10_000_000n,
      withdrawMinMinor: 100n,
      withdrawMaxMinor: 10_000_000n,
      accountPattern: '^\\d+$',
    })
    .onConflictDoNothing();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;

const get = (token: string) =>
  t.app.inject({ url: '/wps/protection?language=EN', headers: withToken(token) });
const putLimits = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/protection/deposit-limits?language=EN',
    headers: withToken(token),
    payload: payload as object,
  });
const takeBreak = (token: string, kind: 'timeout' | 'self-exclusion', payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/wps/protection/${kind}?language=EN`,
    headers: withToken(token),
    payload: payload as object,
  });

async function memberIdOf(username: string) {
  const [row] = await t.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, username));
  return row!.id;
}

async function deposit(memberId: bigint, amountMinor: number, status: string, hoursAgo = 0) {
  const key = `${memberId}-${Math.random().toString(36).slice(2)}`;
  await t.database.db.insert(deposits).values({
    memberId,
    channelCode: 'PTEST',
    amountMinor: BigInt(amountMinor),
    currency: 'BDT',
    status,
    provider: 'test',
    providerRef: key,
    ourRef: key,
    idempotencyKey: key,
    fingerprint: 'f'.repeat(64),
    createdAt: new Date(Date.now() - hoursAgo * HOUR),
  });
}

/** The AppError a promise rejects with. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { errorCode: error.errorCode, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
const limitOf = (value: any, period: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
  value.depositLimits.find((l: any) => l.period === period);

describe('GET /wps/protection', () => {
  it('needs a member session', async () => {
    expect((await t.app.inject({ url: '/wps/protection' })).statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value.token;
    const res = await get(trial);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });

  it('shows no limits, no break and no reality check to a new member, with this session', async () => {
    const { token } = await createMember(t.app);
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.depositLimits.map((l: { period: string }) => l.period)).toEqual([
      'day',
      'week',
      'month',
    ]);
    for (const limit of value.depositLimits) {
      expect(limit).toMatchObject({ amountMinor: null, pending: null, remainingMinor: null });
    }
    expect(value).toMatchObject({
      currency: 'BDT',
      remaining: null,
      exclusion: null,
      realityCheckMinutes: null,
      session: { restricted: false, netResultMinor: 0 },
    });
    expect(Date.now() - Date.parse(value.session.startedAt)).toBeLessThan(60_000);
  });

  it('shows the net result of play since login: bets and wins, not deposits', async () => {
    const { username } = await createMember(t.app);
    const memberId = await memberIdOf(username);
    const token = (await signIn(t.app, username, 'Sundarban-Tiger-42')).json().value.token;
    const { ledger } = t.app.services;
    const move = (kind: string, amount: bigint, other: 'deposits_clearing' | 'house') =>
      ledger.move({
        kind,
        source: 'test',
        key: `${kind}-${memberId}-${amount}`,
        request: { kind, amount: String(amount) },
        currency: 'BDT',
        memberId,
        legs: [
          { account: { kind: 'cash', ownerId: memberId }, amountMinor: amount },
          { account: { kind: other }, amountMinor: -amount },
        ],
      });
    await move('deposit', 100_000n, 'deposits_clearing');
    await move('bet', -30_000n, 'house');
    await move('win', 10_000n, 'house');
    expect((await get(token)).json().value.session.netResultMinor).toBe(-20_000);
  });
});

describe('PUT /wps/protection/deposit-limits', () => {
  it('refuses bad amounts with a clear message and changes nothing', async () => {
    const { token } = await createMember(t.app);
    for (const payload of [
      { day: -5 },
      { day: 12.5 },
      { day: 50 },
      { week: '1000' },
      { year: 100_000 },
    ]) {
      const res = await putLimits(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorCode).toBe('validation.invalid');
    }
    expect(limitOf((await get(token)).json().value, 'day').amountMinor).toBeNull();
    expect((await putLimits('no-such-token', { day: 1000 })).statusCode).toBe(401);
  });

  it('applies a first limit and a cut at once, a raise and a removal only after 24 h', async () => {
    const { token } = await createMember(t.app);
    let res = await putLimits(token, { day: 500_000 });
    expect(res.statusCode).toBe(200);
    expect(limitOf(res.json().value, 'day')).toMatchObject({
      amountMinor: 500_000,
      pending: null,
      remainingMinor: 500_000,
    });

    res = await putLimits(token, { day: 200_000 });
    expect(limitOf(res.json().value, 'day')).toMatchObject({ amountMinor: 200_000, pending: null });

    res = await putLimits(token, { day: 800_000 });
    const raised = limitOf(res.json().value, 'day');
    expect(raised.amountMinor).toBe(200_000);
    expect(raised.pending.amountMinor).toBe(800_000);
    const from = Date.parse(raised.pending.from);
    expect(Math.abs(from - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

    // The same raise again keeps its clock.
    res = await putLimits(token, { day: 800_000 });
    expect(limitOf(res.json().value, 'day').pending.from).toBe(raised.pending.from);

    // A removal is a raise too.
    res = await putLimits(token, { week: 1_000_000 });
    res = await putLimits(token, { week: null });
    expect(limitOf(res.json().value, 'week')).toMatchObject({
      amountMinor: 1_000_000,
      pending: { amountMinor: null },
    });
    // Periods left out stay as they were.
    expect(limitOf(res.json().value, 'day').pending.amountMinor).toBe(800_000);
  });

  it('lets a later cut replace a pending raise', async () => {
    const { token } = await createMember(t.app);
    await putLimits(token, { month: 1_000_000 });
    await putLimits(token, { month: 3_000_000 });
    const res = await putLimits(token, { month: 600_000 });
    expect(limitOf(res.json().value, 'month')).toMatchObject({
      amountMinor: 600_000,
      pending: null,
    });
  });

  it('puts a raise in force once its 24 h have passed', async () => {
    const { username, token } = await createMember(t.app);
    const memberId = await memberIdOf(username);
    await putLimits(token, { day: 100_000, week: 300_000 });
    await putLimits(token, { day: 250_000, week: null });
    await t.database.db
      .update(depositLimits)
      .set({ pendingFrom: new Date(Date.now() - 1000) })
      .where(eq(depositLimits.memberId, memberId));
    const value = (await get(token)).json().value;
    expect(limitOf(value, 'day')).toMatchObject({ amountMinor: 250_000, pending: null });
    expect(limitOf(value, 'week')).toMatchObject({ amountMinor: null, pending: null });
    await expect(
      t.app.services.protection.assertMayDeposit(memberId, 250_000n),
    ).resolves.toBeUndefined();
  });
});

describe('deposits under limits', () => {
  it('counts paid and pending deposits in each rolling window; the lowest remaining applies', async () => {
    const { username, token } = await createMember(t.app);
    const memberId = await memberIdOf(username);
    await putLimits(token, { day: 100_000, week: 150_000, month: 500_000 });
    await deposit(memberId, 30_000, 'paid', 2); // day, week, month
    await deposit(memberId, 20_000, 'pending', 1); // pending counts
    await deposit(memberId, 90_000, 'failed', 1); // failed does not
    await deposit(memberId, 60_000, 'paid', 48); // week and month
    await deposit(memberId, 200_000, 'paid', 24 * 10); // month only

    const value = (await get(token)).json().value;
    expect(limitOf(value, 'day')).toMatchObject({ usedMinor: 50_000, remainingMinor: 50_000 });
    expect(limitOf(value, 'week')).toMatchObject({ usedMinor: 110_000, remainingMinor: 40_000 });
    expect(limitOf(value, 'month')).toMatchObject({ usedMinor: 310_000, remainingMinor: 190_000 });
    expect(value.remaining).toEqual({ amountMinor: 40_000, period: 'week' });

    const { protection } = t.app.services;
    await expect(protection.assertMayDeposit(memberId, 40_000n)).resolves.toBeUndefined();
    expect(await refusal(protection.assertMayDeposit(memberId, 40_001n))).toEqual({
      errorCode: 'wallet.depositLimitReached',
      data: { remainingMinor: 40_000, period: 'week' },
    });

    // Many pending deposits cannot get round the limit.
    await deposit(memberId, 40_000, 'pending');
    expect(await refusal(protection.assertMayDeposit(memberId, 100n))).toMatchObject({
      errorCode: 'wallet.depositLimitReached',
      data: { remainingMinor: 0 },
    });
  });

  it('lets any deposit through without limits', async () => {
    const { username } = await createMember(t.app);
    const memberId = await memberIdOf(username);
    await expect(
      t.app.services.protection.assertMayDeposit(memberId, 5_000_000n),
    ).resolves.toBeUndefined();
  });
});

describe('POST /wps/wallet/deposits under protection', () => {
  it('refuses a deposit over the lowest limit and any deposit during a break', async () => {
    const { username, password, token } = await createMember(t.app);
    await putLimits(token, { day: 150_000, week: 120_000 });
    const first = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor: 100_000 });
    expect(first.statusCode).toBe(200);
    // The first deposit is still pending: it counts.
    const over = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor: 30_000 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      errorCode: 'wallet.depositLimitReached',
      message: 'This deposit would go over your deposit limit',
      data: { remainingMinor: 20_000, period: 'week' },
    });
    const within = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor: 20_000 });
    expect(within.statusCode).toBe(200);

    await takeBreak(token, 'timeout', { duration: '1d', password });
    const restricted = (await signIn(t.app, username, password, { restricted: true })).json().value
      .token;
    const refused = await startDeposit(t.app, restricted, {
      channelCode: 'BKASH',
      amountMinor: 10_000,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('wallet.excluded');
  });
});

describe('time-outs and self-exclusion', () => {
  it('needs the login password and a listed duration; nothing changes otherwise', async () => {
    const { token } = await createMember(t.app);
    const wrong = await takeBreak(token, 'self-exclusion', {
      duration: '6m',
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fields.password).toEqual(['incorrect password']);
    for (const payload of [
      { duration: '2d', password: 'Sundarban-Tiger-42' },
      { duration: '6m', password: 'Sundarban-Tiger-42' },
      { duration: '1d' },
    ]) {
      expect((await takeBreak(token, 'timeout', payload)).statusCode).toBe(400);
    }
    const still = await get(token);
    expect(still.statusCode).toBe(200);
    expect(still.json().value.exclusion).toBeNull();
  });

  it('self-exclusion ends every session, refuses login with the date, deposits and play', async () => {
    const { username, password, token } = await createMember(t.app);
    const memberId = await memberIdOf(username);
    const other = (await signIn(t.app, username, password)).json().value.token;
    // The other session is in the cache of a second server on the same database and cache.
    const second = await buildApp(t.config, { database: t.database, cache: t.cache });
    await second.ready();
    try {
      expect(
        (await second.inject({ url: '/wps/member/info', headers: withToken(other) })).statusCode,
      ).toBe(200);

      const res = await takeBreak(token, 'self-exclusion', { duration: '6m', password });
      expect(res.statusCode).toBe(200);
      const { exclusion } = res.json().value;
      expect(exclusion.kind).toBe('self_exclusion');
      const until = new Date();
      until.setUTCMonth(until.getUTCMonth() + 6);
      expect(Math.abs(Date.parse(exclusion.until) - until.getTime())).toBeLessThan(60_000);

      for (const [app, session] of [
        [t.app, token],
        [t.app, other],
        [second, other],
      ] as Array<[FastifyInstance, string]>) {
        const after = await app.inject({ url: '/wps/member/info', headers: withToken(session) });
        expect(after.statusCode).toBe(401);
        expect(after.json().errorCode).toBe('session.expired');
      }
    } finally {
      await second.close();
    }

    const login = await signIn(t.app, username, password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      errorCode: 'session.excluded',
      message: 'You are taking a break from play and cannot log in until it ends',
      data: { kind: 'self_exclusion', until: expect.any(String), restrictedLogin: true },
    });
    expect(Date.parse(login.json().data.until)).toBeGreaterThan(Date.now() + 150 * 24 * HOUR);
    // A wrong password learns nothing of the break.
    expect((await signIn(t.app, username, 'wrong-password-1')).statusCode).toBe(401);

    const { protection } = t.app.services;
    expect(await refusal(protection.assertMayDeposit(memberId, 100n))).toMatchObject({
      errorCode: 'wallet.excluded',
      data: { kind: 'self_exclusion' },
    });
    expect((await refusal(protection.assertMayPlay(memberId))).errorCode).toBe('wallet.excluded');
  });

  it('gives the excluded player a restricted session: read, withdraw, protection; nothing else', async () => {
    const { username, password, token } = await createMember(t.app);
    await takeBreak(token, 'timeout', { duration: '7d', password });
    const login = await signIn(t.app, username, password, { restricted: true });
    expect(login.statusCode).toBe(200);
    const restricted = login.json().value;
    expect(restricted.exclusion).toMatchObject({ kind: 'timeout', until: expect.any(String) });

    const overview = await get(restricted.token);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().value.session.restricted).toBe(true);
    expect(overview.json().value.exclusion.kind).toBe('timeout');
    const wallet = await t.app.inject({
      url: '/wps/member/wallet',
      headers: withToken(restricted.token),
    });
    expect(wallet.statusCode).toBe(200);

    const favourite = await t.app.inject({
      method: 'POST',
      url: '/wps/game/favourite?language=EN',
      headers: withToken(restricted.token),
      payload: { nodeId: '1', vendor: 'X' },
    });
    expect(favourite.statusCode).toBe(403);
    expect(favourite.json().errorCode).toBe('wallet.excluded');
    const freePlay = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: withToken(restricted.token),
      payload: { moduleId: 'FREEPLAY3' },
    });
    expect(freePlay.statusCode).toBe(403);

    // Limits may still be cut from the restricted session.
    expect((await putLimits(restricted.token, { day: 100_000 })).statusCode).toBe(200);
  });

  it('cannot be shortened or lifted; a longer break extends it', async () => {
    const { username, password, token } = await createMember(t.app);
    expect((await takeBreak(token, 'timeout', { duration: '30d', password })).statusCode).toBe(200);
    const restricted = (await signIn(t.app, username, password, { restricted: true })).json().value
      .token;

    const shorter = await takeBreak(restricted, 'timeout', { duration: '7d', password });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json()).toMatchObject({
      errorCode: 'protection.cannotShorten',
      data: { kind: 'timeout' },
    });
    const longer = await takeBreak(restricted, 'self-exclusion', { duration: '1y', password });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().value.exclusion.kind).toBe('self_exclusion');

    // The restricted session that extended the break stays; the login still refuses.
    const overview = (await get(restricted)).json().value;
    expect(overview.exclusion.kind).toBe('self_exclusion');
    const login = await signIn(t.app, username, password);
    expect(login.json().data.until).toBe(longer.json().value.exclusion.until);
  });

  it('ends: after a time-out the player logs in as before', async () => {
    const { username, password, token } = await createMember(t.app);
    const memberId = await memberIdOf(username);
    await takeBreak(token, 'timeout', { duration: '1d', password });
    expect((await signIn(t.app, username, password)).statusCode).toBe(403);
    await t.database.db
      .update(exclusions)
      .set({ endsAt: sql`now() - interval '1 minute'` })
      .where(eq(exclusions.memberId, memberId));
    const login = await signIn(t.app, username, password);
    expect(login.statusCode).toBe(200);
    expect(login.json().value).not.toHaveProperty('exclusion');
    expect((await get(login.json().value.token)).json().value).toMatchObject({
      exclusion: null,
      session: { restricted: false },
    });
    await expect(t.app.services.protection.assertMayPlay(memberId)).resolves.toBeUndefined();
  });
});

describe('PUT /wps/protection/reality-check', () => {
  it('sets, changes and turns off the interval; other values are refused', async () => {
    const { token } = await createMember(t.app);
    const put = (minutes: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/protection/reality-check?language=EN',
        headers: withToken(token),
        payload: { minutes },
      });
    expect((await put(30)).json().value.realityCheckMinutes).toBe(30);
    expect((await put(120)).json().value.realityCheckMinutes).toBe(120);
    for (const bad of [20, 0, '30', 15.5]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await get(token)).json().value.realityCheckMinutes).toBe(120);
    expect((await put(null)).json().value.realityCheckMinutes).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every protection call', async () => {
    const res = await t.app.inject({ url: '/wps/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/wps/protection',
        '/wps/protection/deposit-limits',
        '/wps/protection/timeout',
        '/wps/protection/self-exclusion',
        '/wps/protection/reality-check',
      ]),
    );
  });
});

describe('restricted session policy', () => {
  it('allows reads, withdrawals, payees, protection and logout; refuses other writes and launches', () => {
    expect(restrictedSessionMay('GET', '/wps/wallet/transactions')).toBe(true);
    expect(restrictedSessionMay('POST', '/wps/wallet/withdrawals')).toBe(true);
    expect(restrictedSessionMay('POST', '/wps/wallet/withdrawals/:id/cancel')).toBe(true);
    expect(restrictedSessionMay('POST', '/wps/wallet/payees')).toBe(true);
    expect(restrictedSessionMay('DELETE', '/wps/session/logout')).toBe(true);
    expect(restrictedSessionMay('POST', '/wps/protection/self-exclusion')).toBe(true);
    expect(restrictedSessionMay('POST', '/wps/wallet/deposits')).toBe(false);
    expect(restrictedSessionMay('POST', '/wps/wallet/withdrawalsX')).toBe(false);
    expect(restrictedSessionMay('PUT', '/wps/member/password')).toBe(false);
    expect(restrictedSessionMay('GET', '/wps/game/launchGame')).toBe(false);
  });
});
