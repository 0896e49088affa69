/**
 * The security centre through the API: the summary (masking, only one's own data), the payment
 * password (set, change, wrong passwords, throttle, inbox notice) and ending sessions. PGlite by
 * default; Postgres and Redis when DATABASE_URL and REDIS_URL are set.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, members } from '../../db/schema/accounts';
import { inboxMessages } from '../../db/schema/inbox';
import { createMember, signIn, withToken } from '../../../test/factories';
import { createTestApp, testPasswordHasher, type TestApp } from '../../../test/test-app';
import { memberId } from '../withdrawals/withdrawals.fixtures';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Player {
  username: string;
  password: string;
  token: string;
  id: bigint;
}

async function player(): Promise<Player> {
  const made = await createMember(t.app);
  return { ...made, id: await memberId(t.app, made.username) };
}

/** A second session of the player, from another device and address. */
async function loginFrom(p: Player, userAgent: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login?language=EN',
    payload: { type: 'username', username: p.username, password: p.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.token as string;
}

const summary = (token: string) =>
  t.app.inject({ url: '/wps/member/security?language=EN', headers: withToken(token) });

const setPaymentPassword = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/member/payment-password?language=EN',
    headers: withToken(token),
    payload: body,
  });

const endSession = (token: string, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/wps/member/sessions/${id}?language=EN`,
    headers: withToken(token),
  });

const endOthers = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/sessions/end-others?language=EN',
    headers: withToken(token),
  });

const memberInfo = (token: string) =>
  t.app.inject({ url: '/wps/member/info?language=EN', headers: withToken(token) });

async function notices(id: bigint) {
  return t.app.database.db
    .select({ topic: inboxMessages.topic, params: inboxMessages.params })
    .from(inboxMessages)
    .where(
      and(eq(inboxMessages.memberId, id), eq(inboxMessages.topic, 'security.paymentPassword')),
    );
}

async function storedPaymentHash(id: bigint) {
  const [row] = await t.app.database.db
    .select({ hash: members.paymentPasswordHash })
    .from(members)
    .where(eq(members.id, id));
  return row!.hash;
}

describe('GET /wps/member/security', () => {
  it('asks for a session and refuses a trial account', async () => {
    const anonymous = await t.app.inject({ url: '/wps/member/security' });
    expect(anonymous.statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const refused = await summary(trial.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('member.trialForbidden');
  });

  it('shows the contacts masked, the logins with hidden addresses and the sessions, this one marked', async () => {
    const p = await player();
    await t.app.database.db
      .update(members)
      .set({ countryDialingCode: '+880', mobileNum: '1712345678', email: 'rahim@example.com' })
      .where(eq(members.id, p.id));
    const phone = await loginFrom(p, ANDROID_CHROME, '203.0.113.45');
    const wrong = await signIn(t.app, p.username, 'not-my-password', {}, '198.51.100.7');
    expect(wrong.statusCode).toBe(401);

    const res = await summary(phone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const value = res.json().value;
    expect(value.paymentPasswordSet).toBe(false);
    expect(value.mobile).toBe('+880 17••••5678');
    expect(value.email).toBe('r•••@example.com');
    expect(res.body).not.toContain('1712345678');
    expect(res.body).not.toContain('rahim@');
    expect(res.body).not.toContain('203.0.113.45');

    expect(value.loginHistory[0]).toMatchObject({
      ip: '198.51.100.•',
      outcome: 'fail',
    });
    expect(value.loginHistory[1]).toMatchObject({
      ip: '203.0.113.•',
      device: { browser: 'Chrome', os: 'Android' },
      outcome: 'ok',
    });
    // Registration's own session and the phone's.
    expect(value.sessions).toHaveLength(2);
    const current = value.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      kind: 'member',
      ip: '203.0.113.•',
      device: { browser: 'Chrome', os: 'Android' },
    });
  });

  it("never shows another member's logins or sessions", async () => {
    const a = await player();
    const b = await player();
    await loginFrom(b, IPHONE_SAFARI, '192.0.2.10');
    const mine = (await summary(a.token)).json().value;
    expect(mine.sessions).toHaveLength(1);
    expect(mine.sessions[0].current).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('192.0.2');
    expect(mine.loginHistory).toEqual([]);
    expect(mine.mobile).toBeNull();
    expect(mine.email).toBeNull();
  });

  it('keeps the last 20 login attempts, newest first', async () => {
    const p = await player();
    for (let i = 0; i < 22; i += 1) await loginFrom(p, IPHONE_SAFARI, `192.0.2.${i + 1}`);
    const value = (await summary(p.token)).json().value;
    expect(value.loginHistory).toHaveLength(20);
    expect(value.loginHistory[0]).toMatchObject({
      device: { browser: 'Safari', os: 'iOS' },
      outcome: 'ok',
    });
    const times = value.loginHistory.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('PUT /wps/member/payment-password', () => {
  it('refuses a trial account and a visitor', async () => {
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const body = { password: 'x', newPaymentPassword: '123456', confirmPaymentPassword: '123456' };
    expect((await setPaymentPassword(trial.token, body)).json().errorCode).toBe(
      'member.trialForbidden',
    );
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/payment-password',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sets a first payment password with the login password, writes a notice and an audit row', async () => {
    const p = await player();
    const res = await setPaymentPassword(p.token, {
      password: p.password,
      newPaymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ paymentPasswordSet: true });
    expect(await testPasswordHasher.verify((await storedPaymentHash(p.id))!, '246810')).toBe(true);
    expect((await summary(p.token)).json().value.paymentPasswordSet).toBe(true);
    expect(await notices(p.id)).toEqual([
      {
        topic: 'security.paymentPassword',
        params: { changeEn: 'set', changeBn: 'সেট করা হয়েছে' },
      },
    ]);
    const inbox = await t.app.inject({
      url: '/wps/inbox?language=EN',
      headers: withToken(p.token),
    });
    const notice = (inbox.json().value.list as Array<{ topic: string }>).find(
      (m) => m.topic === 'security.paymentPassword',
    );
    expect(notice).toMatchObject({
      title: 'Payment password set',
      body: expect.stringContaining('Your payment password was set.') as unknown,
    });
    const audit = await t.app.database.db
      .select({ outcome: authEvents.outcome, detail: authEvents.detail })
      .from(authEvents)
      .where(and(eq(authEvents.memberId, p.id), eq(authEvents.event, 'paymentPassword')));
    expect(audit).toEqual([{ outcome: 'ok', detail: { change: 'set' } }]);
  });

  it('answers 400 for a password not of six digits or a confirmation that differs, changing nothing', async () => {
    const p = await player();
    const res = await setPaymentPassword(p.token, {
      password: p.password,
      newPaymentPassword: '12ab',
      confirmPaymentPassword: '12abc',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fields;
    // A wrong-form password field says so in the spec's words (field-errors.ts).
    expect(fields.newPaymentPassword).toEqual([
      'At least 6 characters',
      'Password format is incorrect',
    ]);
    expect(fields.confirmPaymentPassword).toEqual(['Confirmation password not matched']);
    const bn = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/payment-password?language=BN',
      headers: withToken(p.token),
      payload: {
        password: p.password,
        newPaymentPassword: '1234567',
        confirmPaymentPassword: '1234567',
      },
    });
    expect(bn.json().data.fields.newPaymentPassword).toContain('সর্বোচ্চ ৬ অক্ষর');
    expect(await storedPaymentHash(p.id)).toBeNull();
    expect(await notices(p.id)).toEqual([]);
  });

  it('refuses a wrong login password with 403 wallet.reauthFailed and the tries left', async () => {
    const p = await player();
    const res = await setPaymentPassword(p.token, {
      password: 'not-my-password',
      newPaymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'wallet.reauthFailed',
      message: 'The login password is wrong; please enter your current login password',
      data: { triesLeft: 4 },
    });
    expect(await storedPaymentHash(p.id)).toBeNull();
  });

  it('changes it only with the old payment password', async () => {
    const p = await player();
    const first = {
      password: p.password,
      newPaymentPassword: '246810',
      confirmPaymentPassword: '246810',
    };
    expect((await setPaymentPassword(p.token, first)).statusCode).toBe(200);

    const withoutOld = await setPaymentPassword(p.token, {
      ...first,
      newPaymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    expect(withoutOld.statusCode).toBe(400);
    expect(withoutOld.json().data.fields.oldPaymentPassword).toEqual(['This field is required']);

    const wrongOld = await setPaymentPassword(p.token, {
      ...first,
      oldPaymentPassword: '111111',
      newPaymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    expect(wrongOld.statusCode).toBe(403);
    expect(wrongOld.json()).toMatchObject({
      errorCode: 'wallet.paymentPasswordWrong',
      message: 'The payment password is wrong',
    });

    const same = await setPaymentPassword(p.token, { ...first, oldPaymentPassword: '246810' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errorCode).toBe('modify.new.old.same');

    const changed = await setPaymentPassword(p.token, {
      password: p.password,
      oldPaymentPassword: '246810',
      newPaymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    expect(changed.statusCode).toBe(200);
    expect(await testPasswordHasher.verify((await storedPaymentHash(p.id))!, '135790')).toBe(true);
    expect((await notices(p.id)).map((n) => n.params.changeEn)).toEqual(['set', 'changed']);
  });

  it('answers 429 after five wrong old payment passwords, even with the right one', async () => {
    const p = await player();
    await setPaymentPassword(p.token, {
      password: p.password,
      newPaymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
    const attempt = (old: string) =>
      setPaymentPassword(p.token, {
        password: p.password,
        oldPaymentPassword: old,
        newPaymentPassword: '135790',
        confirmPaymentPassword: '135790',
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt(`00000${i}`)).statusCode).toBe(403);
    const blocked = await attempt('246810');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorCode).toBe('rate.limited');
    expect(await testPasswordHasher.verify((await storedPaymentHash(p.id))!, '246810')).toBe(true);
  });
});

describe('ending sessions', () => {
  async function sessionIds(token: string) {
    const value = (await summary(token)).json().value;
    return value.sessions as Array<{ id: string; current: boolean }>;
  }

  it('ends another of my sessions: its token gets 401 at once, mine keeps working', async () => {
    const p = await player();
    const phone = await loginFrom(p, ANDROID_CHROME, '203.0.113.45');
    // Both tokens resolve (and are cached) before the end.
    expect((await memberInfo(phone)).statusCode).toBe(200);
    const other = (await sessionIds(p.token)).find((s) => !s.current)!;
    const res = await endSession(p.token, other.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ ended: 1, currentEnded: false });
    const gone = await memberInfo(phone);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().errorCode).toBe('session.expired');
    expect((await memberInfo(p.token)).statusCode).toBe(200);
    expect((await sessionIds(p.token)).map((s) => s.id)).not.toContain(other.id);
    // Ended already: not found.
    expect((await endSession(p.token, other.id)).statusCode).toBe(404);
  });

  it("answers 404 for another member's session and leaves it alone", async () => {
    const a = await player();
    const b = await player();
    const [bSession] = await sessionIds(b.token);
    const res = await endSession(a.token, bSession!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('resource.notFound');
    expect((await memberInfo(b.token)).statusCode).toBe(200);
    const unknown = await endSession(a.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await endSession(a.token, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('ends the current session too; the client is told to log out', async () => {
    const p = await player();
    const [mine] = await sessionIds(p.token);
    const res = await endSession(p.token, mine!.id);
    expect(res.json().value).toEqual({ ended: 1, currentEnded: true });
    expect((await memberInfo(p.token)).statusCode).toBe(401);
  });

  it('ends all the others and keeps this one', async () => {
    const p = await player();
    const phone = await loginFrom(p, ANDROID_CHROME, '203.0.113.45');
    const tablet = await loginFrom(p, IPHONE_SAFARI, '192.0.2.10');
    expect((await memberInfo(tablet)).statusCode).toBe(200);
    const res = await endOthers(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ ended: 2, currentEnded: false });
    expect((await memberInfo(tablet)).statusCode).toBe(401);
    expect((await memberInfo(p.token)).statusCode).toBe(401);
    expect((await memberInfo(phone)).statusCode).toBe(200);
    const left = await sessionIds(phone);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('ends the others with their remember-me tokens', async () => {
    const p = await player();
    const remembered = await signIn(t.app, p.username, p.password, { rememberMe: true });
    const deviceToken = remembered.json().value.deviceToken as string;
    expect(deviceToken).toBeTruthy();
    await endOthers(p.token);
    const again = await signIn(t.app, p.username, '', { deviceToken });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a trial account', async () => {
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    const res = await endOthers(trial.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });
});
