/**
 * A mobile sign-up's readable generated name and PUT /wps/member/username, the member's one
 * change of it: refused a second time, for a taken name and for a trial account; idempotent on
 * retry; audited once per attempt; the session keeps working under the new name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  codeIn,
  createMember,
  latestOutbox,
  signIn,
  solvedCaptcha,
  STRONG_PASSWORD,
  uniqueName,
  withToken,
} from '../../../test/factories';
import { accountsRepository } from './accounts.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let numbers = 0;
/** Signs up by mobile number (SMS code from the outbox), as the registration form does. */
async function signUpByMobile() {
  const mobileNum = `13${String(Date.now() % 1_000_000).padStart(6, '0')}${(numbers += 1) % 10}0`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register?language=EN',
    payload: { mobileNum, countryDialingCode: '+880', ...(await solvedCaptcha(t.app)) },
  });
  expect(sent.statusCode).toBe(200);
  const [sms] = await latestOutbox(t.app, `+880${mobileNum}`);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register/mobile?language=EN',
    payload: {
      mobileNum,
      countryDialingCode: '+880',
      verificationCode: codeIn(sms!.body),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().value as { token: string; userName: string };
}

let keys = 0;
const changeName = (token: string, username: string, key = `key-${(keys += 1)}`) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/member/username?language=EN',
    headers: { ...withToken(token), 'idempotency-key': key },
    payload: { username },
  });

const info = async (token: string) =>
  (await t.app.inject({ url: '/wps/member/info', headers: withToken(token) })).json().value;

async function auditOf(username: string) {
  const member = (await accountsRepository.memberByUsername(t.database.db, username))!;
  const events = await accountsRepository.auditEvents(t.database.db, member.id);
  return events.filter((e) => e.event === 'username.change');
}

describe('mobile sign-up', () => {
  it('gets a readable generated name, not the phone number, which it may change once', async () => {
    const { userName, token } = await signUpByMobile();
    expect(userName).toMatch(/^[a-z]{6,14}\d{2}$/);
    expect(userName).not.toMatch(/^m880/);
    expect(await info(token)).toMatchObject({ account: userName, canChangeUsername: true });
  });
});

describe('PUT /wps/member/username', () => {
  it('changes the name once; the session and the new name keep working', async () => {
    const { token, userName } = await signUpByMobile();
    const wanted = uniqueName('rana');
    const res = await changeName(token, wanted.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ userName: wanted, replayed: false });
    // The same session, now under the new name; the change is used.
    expect(await info(token)).toMatchObject({ account: wanted, canChangeUsername: false });
    expect((await signIn(t.app, wanted, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, userName, STRONG_PASSWORD)).statusCode).toBe(401);
    // The old name is free again; the new one is taken.
    const check = (name: string) => t.app.inject({ url: `/wps/check/username?username=${name}` });
    expect((await check(wanted)).json().value.available).toBe(false);
  });

  it('refuses a second change with member.usernameChangeUsed, in Bengali and English', async () => {
    const { token } = await signUpByMobile();
    expect((await changeName(token, uniqueName('first'))).statusCode).toBe(200);
    const second = await changeName(token, uniqueName('second'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      success: false,
      errorCode: 'member.usernameChangeUsed',
      message: 'You have already changed your username once; it cannot be changed again',
    });
    const bengali = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/username',
      headers: { ...withToken(token), 'idempotency-key': 'bn-second' },
      payload: { username: uniqueName('third') },
    });
    expect(bengali.statusCode).toBe(409);
    expect(bengali.json().message).toBe(
      'আপনি আগেই একবার ব্যবহারকারীর নাম বদলেছেন; এটি আর বদলানো যাবে না',
    );
  });

  it('refuses a taken name with member.usernameTaken and leaves the change unused', async () => {
    const other = await createMember(t.app);
    const { token, userName } = await signUpByMobile();
    const taken = await changeName(token, other.username);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: 'member.usernameTaken',
      message: 'Sorry, the username already exists',
    });
    expect(await info(token)).toMatchObject({ account: userName, canChangeUsername: true });
  });

  it('checks the name by the registration rule', async () => {
    const { token } = await signUpByMobile();
    const bad = await changeName(token, '9lives');
    expect(bad.statusCode).toBe(400);
    // The spec's catalogue code and words for an account name of the wrong form.
    expect(bad.json()).toMatchObject({
      errorCode: 'validation.accountFormat',
      message: 'Account format is incorrect: username',
      data: { fields: { username: ['Account format is incorrect'] } },
    });
  });

  it('refuses a trial account and a visitor', async () => {
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const res = await changeName(trial.token, uniqueName('trial'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/username',
      headers: { 'idempotency-key': 'visitor' },
      payload: { username: uniqueName('nobody') },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers a retry with the same key with the first change, and asks for a key', async () => {
    const { token } = await signUpByMobile();
    const wanted = uniqueName('retry');
    expect((await changeName(token, wanted, 'once')).statusCode).toBe(200);
    const retry = await changeName(token, wanted, 'once');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().value).toEqual({ userName: wanted, replayed: true });
    const otherName = await changeName(token, uniqueName('other'), 'once');
    expect(otherName.statusCode).toBe(422);
    expect(otherName.json().errorCode).toBe('idempotency.mismatch');
    const noKey = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/username',
      headers: withToken(token),
      payload: { username: uniqueName('nokey') },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errorCode).toBe('idempotency.keyRequired');
  });

  it('writes one audit row per attempt, none for a replay', async () => {
    const other = await createMember(t.app);
    const { token, userName } = await signUpByMobile();
    await changeName(token, other.username, 'taken');
    const wanted = uniqueName('audited');
    await changeName(token, wanted, 'made');
    await changeName(token, wanted, 'made');
    await changeName(token, uniqueName('again'), 'again');
    const rows = await auditOf(wanted);
    expect(rows.map((row) => [row.outcome, row.detail])).toEqual([
      ['fail', expect.objectContaining({ from: wanted, reason: 'member.usernameChangeUsed' })],
      ['ok', { from: userName, to: wanted }],
      [
        'fail',
        { from: userName, to: other.username.toLowerCase(), reason: 'member.usernameTaken' },
      ],
    ]);
  });
});
