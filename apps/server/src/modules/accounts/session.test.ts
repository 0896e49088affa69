import { eq } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import { createTestApp, opsHeaders, testConfig, type TestApp } from '../../../test/test-app';
import { SESSION_END_MESSAGES } from '@khela/contract/session-end-messages';
import { PasswordHasher } from './password-hasher';
import { endReasonOf } from './sessions.service';
import {
  codeIn,
  createMember,
  latestOutbox,
  signIn,
  solvedCaptcha,
  STRONG_PASSWORD,
  withToken,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  // More logins and registrations from one address than a person makes: the auth limiter's own
  // tests are in plugins/rate-limit.test.ts.
  t = await createTestApp({ rateLimit: { ...testConfig().rateLimit, auth: 500 } });
});
afterAll(async () => {
  await t.close();
});

const info = (token: string) =>
  t.app.inject({ url: '/wps/member/info?language=EN', headers: withToken(token) });

describe('POST /wps/session/login', () => {
  it('logs in with username and password, case-insensitively, with a new token each time', async () => {
    const { username, password } = await createMember(t.app);
    const first = await signIn(t.app, username.toUpperCase(), password);
    expect(first.statusCode).toBe(200);
    const value = first.json().value;
    expect(value).toMatchObject({
      userName: username,
      type: 0,
      firstTimeLogin: false,
      merchantCode: 'KHELA',
    });
    expect(value.lastLoginAt).toEqual(expect.any(String));
    expect(value).not.toHaveProperty('deviceToken');
    const second = (await signIn(t.app, username, password)).json().value;
    expect(second.token).not.toBe(value.token);
    expect((await info(value.token)).statusCode).toBe(200);
    expect((await info(second.token)).statusCode).toBe(200);
  });

  it('rehashes a password stored at another cost at the next login, and only then', async () => {
    const { username, password } = await createMember(t.app);
    const stored = async () =>
      (
        await t.app.database.db
          .select({ hash: members.passwordHash })
          .from(members)
          .where(eq(members.username, username))
      )[0]!.hash;
    const atTestCost = await stored();
    expect(atTestCost).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect((await signIn(t.app, username, password)).statusCode).toBe(200);
    expect(await stored()).toBe(atTestCost);

    // As after an operator changes PASSWORD_HASH_COST: the old hash still logs in, then is redone.
    const older = await new PasswordHasher({ memoryCost: 512, timeCost: 2, parallelism: 1 }).hash(
      password,
    );
    await t.app.database.db
      .update(members)
      .set({ passwordHash: older })
      .where(eq(members.username, username));
    expect((await signIn(t.app, username, 'not-the-password')).statusCode).toBe(401);
    expect(await stored()).toBe(older);
    expect((await signIn(t.app, username, password)).statusCode).toBe(200);
    const redone = await stored();
    expect(redone).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(redone).not.toBe(atTestCost);
    expect((await signIn(t.app, username, password)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const { username } = await createMember(t.app);
    const wrong = await signIn(t.app, username, 'not-the-password');
    const unknown = await signIn(t.app, 'nosuchplayer', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        errorCode: 'login.invalidCredentials',
        message: 'Incorrect username or password',
      });
    }
  });

  it('asks for a captcha after three failures, then a correct login with it works', async () => {
    const { username, password } = await createMember(t.app);
    const fails = [];
    const ip = '10.0.0.3';
    for (let i = 0; i < 3; i += 1)
      fails.push((await signIn(t.app, username, 'wrong-password', {}, ip)).json());
    expect(fails.map((f) => f.data.captchaRequired)).toEqual([false, false, true]);
    const withoutCaptcha = await signIn(t.app, username, password, {}, ip);
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json()).toMatchObject({
      errorCode: 'validation.captchaRequired',
      data: { captchaRequired: true },
    });
    const wrongCaptcha = await signIn(
      t.app,
      username,
      password,
      { ...(await solvedCaptcha(t.app)), captcha: '99999' },
      ip,
    );
    expect(wrongCaptcha.json().errorCode).toBe('captcha.invalid');
    const ok = await signIn(t.app, username, password, await solvedCaptcha(t.app), ip);
    expect(ok.statusCode).toBe(200);
    // Success clears the count: the next login needs no captcha.
    expect((await signIn(t.app, username, password, {}, ip)).statusCode).toBe(200);
  });

  it('makes a player wait growing delays after six failures', async () => {
    const { username, password } = await createMember(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const captcha = await solvedCaptcha(t.app);
      statuses.push(
        (await signIn(t.app, username, 'wrong-password', captcha, '10.0.0.6')).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    const locked = await signIn(t.app, username, password, await solvedCaptcha(t.app), '10.0.0.6');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      errorCode: 'rate.limited',
      data: { retryAfterSeconds: 1 },
    });
  });

  it('issues a remember-me device token that logs in without the password', async () => {
    const { username, password } = await createMember(t.app);
    const first = (await signIn(t.app, username, password, { rememberMe: true })).json().value;
    expect(first.deviceToken).toMatch(/^[\w-]{43}$/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, deviceToken: first.deviceToken },
    });
    expect(again.statusCode).toBe(200);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'someoneelse', deviceToken: first.deviceToken },
    });
    expect(stolen.statusCode).toBe(401);
  });

  it('keeps members and agents to their own portals', async () => {
    const memberAccount = await createMember(t.app);
    const agent = await createMember(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/ops/api/members/${agent.username}`,
      headers: opsHeaders(),
      payload: { type: 1 },
    });
    const agentAtMemberDoor = await signIn(t.app, agent.username, agent.password);
    expect(agentAtMemberDoor.json()).toMatchObject({
      errorCode: 'login.nonMember',
      message: 'Non-member account unable to login',
    });
    const memberAtAgentDoor = await signIn(t.app, memberAccount.username, memberAccount.password, {
      portal: 'agent',
    });
    expect(memberAtAgentDoor.json()).toMatchObject({
      errorCode: 'login.nonAgent',
      message: 'Non-agents cannot log in',
    });
    expect(
      (await signIn(t.app, agent.username, agent.password, { portal: 'agent' })).statusCode,
    ).toBe(200);
  });

  it('refuses a disabled account and ends its sessions at once', async () => {
    const { username, password, token } = await createMember(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/ops/api/members/${username}`,
      headers: opsHeaders(),
      payload: { status: 'disabled' },
    });
    expect((await info(token)).json()).toMatchObject({
      errorCode: 'session.expired',
      message: 'Your account has been disabled. Please contact customer service.',
      data: { reason: 'disabled' },
    });
    const bengali = await t.app.inject({ url: '/wps/member/info', headers: withToken(token) });
    expect(bengali.json().message).toBe(SESSION_END_MESSAGES.disabled.BN);
    expect((await signIn(t.app, username, password)).json().errorCode).toBe(
      'member.notFoundOrDisabled',
    );
  });

  it('rejects a body with unknown fields and a firebase login with no provider', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'a', password: 'b', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().data.fields).toHaveProperty('admin');
    const firebase = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'firebase', firebaseIdToken: 'x' },
    });
    // No provider configured for the channel: a clear "not available" (docs/social-login.md).
    expect(firebase.statusCode).toBe(404);
    expect(firebase.json().errorCode).toBe('social.notConfigured');
  });

  it('logs in by mobile number and SMS code when MOBILEVERCODELOGIN3 is on', async () => {
    await createMember(t.app, { mobileNum: '1512345678', countryDialingCode: '+880' });
    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: {
        mobileNum: '01512345678',
        countryDialingCode: '+880',
        moduleId: 'MOBILEVERCODELOGIN3',
        ...(await solvedCaptcha(t.app)),
      },
    });
    expect(send.statusCode).toBe(200);
    const code = codeIn((await latestOutbox(t.app, '+8801512345678'))[0]!.body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: {
        type: 'sms',
        countryDialingCode: '+880',
        mobileNum: '1512345678',
        verificationCode: code,
      },
    });
    expect(res.statusCode).toBe(200);
    // The code was used up.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: {
        type: 'sms',
        countryDialingCode: '+880',
        mobileNum: '1512345678',
        verificationCode: code,
      },
    });
    expect(reuse.json().errorCode).toBe('verification.codeError');
  });

  it('takes the number as mobileNo too, as the spec writes it, and asks for one of the two', async () => {
    await createMember(t.app, { mobileNum: '1512345679', countryDialingCode: '+880' });
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin?language=EN',
        payload,
      });
    const res = await send({
      mobileNo: '01512345679',
      countryDialingCode: '+880',
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.expirationTime).toEqual(expect.any(Number));
    expect(codeIn((await latestOutbox(t.app, '+8801512345679'))[0]!.body)).toMatch(/^\d{6}$/);

    const none = await send({ countryDialingCode: '+880', ...(await solvedCaptcha(t.app)) });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fields).toHaveProperty('mobileNum');
    const letters = await send({
      mobileNo: 'abc',
      countryDialingCode: '+880',
      ...(await solvedCaptcha(t.app)),
    });
    expect(letters.statusCode).toBe(400);
  });

  it('sends no login code to a number without an account, but answers the same', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: {
        mobileNum: '1612345679',
        countryDialingCode: '+880',
        ...(await solvedCaptcha(t.app)),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.expirationTime).toEqual(expect.any(Number));
    expect(await latestOutbox(t.app, '+8801612345679')).toEqual([]);
  });
});

describe('sealed login', () => {
  it('logs in with a sealed body and refuses plain JSON once the operator requires sealing', async () => {
    const { username, password } = await createMember(t.app);
    const { kid, jwk } = (await t.app.inject({ url: '/wps/system/publicKey' })).json().value;
    const jwe = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify({ username, password })),
    )
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid })
      .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
    const sealed = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/jose' },
      payload: jwe,
    });
    expect(sealed.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/requireSealedPayload',
      headers: opsHeaders(),
      payload: { value: true },
    });
    const plain = await signIn(t.app, username, password);
    expect(plain.json().errorCode).toBe('sealed.required');
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/requireSealedPayload',
      headers: opsHeaders(),
      payload: { value: false },
    });
  });
});

describe('sessions', () => {
  it('answers no token with notLoggedIn and a logged-out token with expired', async () => {
    expect((await t.app.inject({ url: '/wps/member/info?language=EN' })).json()).toMatchObject({
      errorCode: 'session.notLoggedIn',
      message: 'You are not logged in, please login first',
    });
    expect((await info('made-up-token')).statusCode).toBe(401);
    const { token } = await createMember(t.app);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: withToken(token),
    });
    expect(out.statusCode).toBe(200);
    const after = await info(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      errorCode: 'session.expired',
      message: 'This session was logged out. Please log in again.',
      data: { reason: 'loggedOut' },
    });
  });

  it('takes the token as a Bearer header too', async () => {
    const { token } = await createMember(t.app);
    expect(
      (
        await t.app.inject({
          url: '/wps/member/info',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('ends a session that has been idle longer than the idle limit', async () => {
    const { token } = await createMember(t.app);
    await t.database.db.execute(
      `update sessions set idle_expires_at = now() - interval '1 second'`,
    );
    expect((await info(token)).json()).toMatchObject({
      errorCode: 'session.expired',
      data: { reason: 'timedOut' },
    });
  });
});

describe('trial and free play', () => {
  it('creates a trial account with play money that member-only calls refuse', async () => {
    const res = await t.app.inject({ url: '/wps/member/trialuser' });
    expect(res.statusCode).toBe(200);
    const trial = res.json().value;
    expect(trial).toMatchObject({
      customerType: 4,
      userName: expect.stringMatching(/^guest\d{8}$/),
    });
    expect(
      (await t.app.inject({ url: '/wps/member/wallet', headers: withToken(trial.token) })).json()
        .value.sumBalance,
    ).toBe(2000);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/password?language=EN',
      headers: withToken(trial.token),
      payload: {
        oldPassword: 'x',
        newPassword: STRONG_PASSWORD,
        confirmNewPassword: STRONG_PASSWORD,
      },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({
      errorCode: 'member.trialForbidden',
      message: 'Please login an actual account to use this function',
    });
    const freePlay = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: withToken(trial.token),
      payload: { moduleId: 'FREEPLAY3' },
    });
    expect(freePlay.json().errorCode).toBe('free_reject');
  });

  it('gives members of types 0, 1 and 2 a free-play session, and no one while FREEPLAY3 is off', async () => {
    const { token, username } = await createMember(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: withToken(token),
      payload: { moduleId: 'FREEPLAY3' },
    });
    expect(ok.json().value).toMatchObject({ userName: username, type: 0 });
    expect(ok.json().value.token).not.toBe(token);
    const other = await createMember(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/ops/api/members/${other.username}`,
      headers: opsHeaders(),
      payload: { type: 41 },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: withToken(other.token),
      payload: { moduleId: 'FREEPLAY3' },
    });
    expect(refused.statusCode).toBe(403);
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/FREEPLAY3',
      headers: opsHeaders(),
      payload: { enabled: false },
    });
    const off = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: withToken(token),
      payload: { moduleId: 'FREEPLAY3' },
    });
    expect(off.json().errorCode).toBe('free_reject');
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/FREEPLAY3',
      headers: opsHeaders(),
      payload: { enabled: true },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/session/login/freeplay',
          payload: { moduleId: 'FREEPLAY3' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('endReasonOf', () => {
  it('tells the player why, from the reason stored at revocation', () => {
    expect(endReasonOf(null)).toBe('timedOut');
    expect(endReasonOf('logout')).toBe('loggedOut');
    expect(endReasonOf('disabled')).toBe('disabled');
    expect(endReasonOf('password.change')).toBe('passwordChanged');
    expect(endReasonOf('recovery.phone')).toBe('passwordChanged');
    expect(endReasonOf('recovery.email.reset')).toBe('passwordChanged');
    expect(endReasonOf('ended.member')).toBe('endedElsewhere');
    expect(endReasonOf('ended.others')).toBe('endedElsewhere');
    expect(endReasonOf('timeout')).toBe('break');
    expect(endReasonOf('self_exclusion')).toBe('break');
    expect(endReasonOf('something.new')).toBe('loggedOut');
  });
});
