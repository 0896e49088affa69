/**
 * Responsible gaming on the operator side: the list of players under a break, a member's limits
 * and breaks, making a break longer (never shorter), and a self-excluded person refused when
 * they register again (same e-mail, mobile, or name with birthday) or bind their payee account
 * to another member.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  createMember,
  solvedCaptcha,
  STRONG_PASSWORD,
  uniqueName,
  withToken,
} from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { addTestChannels, TEST_CHANNEL } from '../withdrawals/withdrawals.fixtures';

let t: TestApp;
const excluded = {
  email: 'Ayesha.Rahman@example.com',
  mobileNum: '1712345678',
  countryDialingCode: '+880',
  payeeName: 'Ayesha Rahman',
  birthday: '1990-05-04',
};
const PAYEE_NUMBER = '01812345678';
let excludedUsername = '';
let selfExclusionUntil = '';

const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/ops/api${url}`,
    headers: opsHeaders(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function register(fields: Record<string, unknown>, language = 'EN') {
  const username = uniqueName('again');
  return t.app.inject({
    method: 'PUT',
    url: `/wps/member/register?language=${language}`,
    payload: {
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
      ...fields,
    },
  });
}

async function takeBreak(token: string, kind: 'timeout' | 'self-exclusion', duration: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/protection/${kind}?language=EN`,
    headers: withToken(token),
    payload: { duration, password: STRONG_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.exclusion as { until: string };
}

beforeAll(async () => {
  t = await createTestApp();
  await addTestChannels(t.app);
  const member = await createMember(t.app, excluded);
  excludedUsername = member.username;
  const bound = await t.app.inject({
    method: 'POST',
    url: '/wps/wallet/payees',
    headers: withToken(member.token),
    payload: {
      channelCode: TEST_CHANNEL,
      accountName: 'Ayesha Rahman',
      accountNumber: PAYEE_NUMBER,
      password: member.password,
    },
  });
  expect(bound.statusCode).toBe(200);
  selfExclusionUntil = (await takeBreak(member.token, 'self-exclusion', '6m')).until;
});
afterAll(() => t.close());

describe('registration refuses a self-excluded person', () => {
  it('with the same e-mail, in neutral words in either language', async () => {
    const res = await register({ email: 'ayesha.rahman@EXAMPLE.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'member.refused',
      message: 'We cannot complete this request. Please contact customer service.',
    });
    const bn = await register({ email: excluded.email }, 'BN');
    expect(bn.json()).toMatchObject({
      errorCode: 'member.refused',
      message: 'আমরা এই অনুরোধটি সম্পন্ন করতে পারছি না। অনুগ্রহ করে গ্রাহকসেবায় যোগাযোগ করুন।',
    });
  });

  it('with the same mobile number', async () => {
    const res = await register({ mobileNum: excluded.mobileNum, countryDialingCode: '+880' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.refused');
  });

  it('with the same name and birthday, but not the name with another birthday', async () => {
    const same = await register({ payeeName: 'ayesha  rahman', birthday: excluded.birthday });
    expect(same.json().errorCode).toBe('member.refused');
    const other = await register({ payeeName: excluded.payeeName, birthday: '1991-05-04' });
    expect(other.statusCode).toBe(200);
  });

  it('not for a player on a time-out, and not once nothing matches', async () => {
    const resting = await createMember(t.app, { email: 'resting@example.com' });
    await takeBreak(resting.token, 'timeout', '1d');
    expect((await register({ email: 'resting@example.com' })).statusCode).toBe(200);
    expect((await register({ email: 'someone.else@example.com' })).statusCode).toBe(200);
  });

  it("refuses binding the excluded person's payee account to another member", async () => {
    const other = await createMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/payees?language=EN',
      headers: withToken(other.token),
      payload: {
        channelCode: TEST_CHANNEL,
        accountName: 'Someone',
        accountNumber: PAYEE_NUMBER,
        password: other.password,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.refused');
  });
});

describe('the operator', () => {
  it('lists the players under a break with its end', async () => {
    expect((await t.app.inject({ url: '/ops/api/rg/breaks' })).statusCode).toBe(401);
    const res = await ops('GET', '/rg/breaks?active=true');
    expect(res.statusCode).toBe(200);
    const row = res
      .json()
      .value.list.find((item: { username: string }) => item.username === excludedUsername);
    expect(row).toMatchObject({ kind: 'self_exclusion', until: selfExclusionUntil, active: true });
    const timeouts = await ops('GET', '/rg/breaks?active=true&kind=timeout');
    expect(
      timeouts.json().value.list.every((item: { kind: string }) => item.kind === 'timeout'),
    ).toBe(true);
  });

  it("reads a member's limits and breaks", async () => {
    const res = await ops('GET', `/rg/members/${excludedUsername}`);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.depositLimits.map((limit: { period: string }) => limit.period)).toEqual([
      'day',
      'week',
      'month',
    ]);
    expect(value.current).toMatchObject({ kind: 'self_exclusion', until: selfExclusionUntil });
    expect(value.breaks).toHaveLength(1);
    expect((await ops('GET', '/rg/members/nobody-here')).statusCode).toBe(404);
  });

  it('makes a break longer, never shorter, with an audit row', async () => {
    const current = new Date(selfExclusionUntil);
    const shorter = await ops('POST', `/rg/members/${excludedUsername}/extend?language=EN`, {
      until: new Date(current.getTime() - 86_400_000).toISOString(),
      reason: 'asked by phone',
    });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json()).toMatchObject({
      errorCode: 'rg.breakShorter',
      message: 'A break can only be made longer, never shorter',
      data: { until: selfExclusionUntil },
    });
    const same = await ops('POST', `/rg/members/${excludedUsername}/extend`, {
      until: selfExclusionUntil,
      reason: 'asked by phone',
    });
    expect(same.statusCode).toBe(409);
    const noReason = await ops('POST', `/rg/members/${excludedUsername}/extend`, {
      until: new Date(current.getTime() + 86_400_000).toISOString(),
    });
    expect(noReason.statusCode).toBe(400);

    const later = new Date(current.getTime() + 90 * 86_400_000).toISOString();
    const longer = await ops('POST', `/rg/members/${excludedUsername}/extend`, {
      until: later,
      reason: 'The player asked for a longer break',
    });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().value).toMatchObject({
      kind: 'self_exclusion',
      until: later,
      extendedBy: 'automation',
    });
    const member = (await ops('GET', `/rg/members/${excludedUsername}`)).json().value;
    expect(member.current.until).toBe(later);
    // The player's own login meets the new end.
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login?language=EN',
      payload: { type: 'username', username: excludedUsername, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().data.until).toBe(later);

    const audit = rowsOf<{ action: string; reason: string }>(
      await t.database.db.execute(
        sql`select action, reason from audit_events where action = 'rg.extendBreak'`,
      ),
    );
    expect(audit).toEqual([
      { action: 'rg.extendBreak', reason: 'The player asked for a longer break' },
    ]);
  });

  it('answers 404 rg.noBreak for a member without a break', async () => {
    const free = await createMember(t.app);
    const res = await ops('POST', `/rg/members/${free.username}/extend`, {
      until: new Date(Date.now() + 86_400_000).toISOString(),
      reason: 'test',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('rg.noBreak');
  });
});
