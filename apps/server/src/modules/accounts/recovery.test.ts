import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsRepository } from './accounts.repository';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import {
  codeIn,
  createMember,
  latestOutbox,
  signIn,
  solvedCaptcha,
  withToken,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Padma-River-Boat-77';

describe('forgot password by e-mail', () => {
  const forget = (username: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/email?language=EN',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, email }).toString(),
    });

  it('mails a single-use reset link that sets a new password and ends old sessions', async () => {
    const { username, token } = await createMember(t.app, { email: 'Karim@Example.com' });
    const res = await forget(` ${username} `, ' karim@example.com ');
    expect(res.statusCode).toBe(200);
    const [mail] = await latestOutbox(t.app, 'karim@example.com');
    expect(mail!.subject).toBe('Reset your Khela password');
    const resetToken = /resetToken=([\w-]+)/.exec(mail!.body)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { resetToken, newPassword: NEW_PASSWORD },
    });
    expect(reset.json().value).toEqual({ userName: username });
    expect((await signIn(t.app, username, NEW_PASSWORD)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/wps/member/info', headers: withToken(token) })).json().errorCode,
    ).toBe('session.expired');
    const again = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/reset?language=EN',
      payload: { resetToken, newPassword: 'Another-Strong-Pass-9' },
    });
    expect(again.json()).toMatchObject({ errorCode: 'reset.invalid' });
  });

  it('answers the same for a wrong e-mail or an unknown user, and sends nothing', async () => {
    const { username } = await createMember(t.app, { email: 'salma@example.com' });
    const wrongMail = await forget(username, 'someone@example.com');
    const unknown = await forget('nosuchuser', 'salma@example.com');
    expect(wrongMail.statusCode).toBe(200);
    expect(unknown.body).toBe(wrongMail.body);
    expect(await latestOutbox(t.app, 'someone@example.com')).toEqual([]);
    expect(await latestOutbox(t.app, 'salma@example.com')).toEqual([]);
  });

  it('rejects a missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('email');
  });
});

describe('set password by phone', () => {
  const phone = { countryDialingCode: '+880', mobileNum: '1312345678' };
  async function codeFor() {
    await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { ...phone, moduleId: 'CHNGPASSVERIF3', ...(await solvedCaptcha(t.app)) },
    });
    return codeIn((await latestOutbox(t.app, '+8801312345678'))[0]!.body);
  }

  it('refuses the old password and keeps the code, then sets the new one', async () => {
    const { username, password } = await createMember(t.app, phone);
    const verificationCode = await codeFor();
    const same = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/phone?language=EN',
      payload: { ...phone, verificationCode, newPassword: password },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errorCode).toBe('modify.new.old.same');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/phone',
      payload: {
        ...phone,
        verificationCode: '000000' === verificationCode ? '111111' : '000000',
        newPassword: NEW_PASSWORD,
      },
    });
    expect(wrong.json().errorCode).toBe('verification.codeError');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/phone',
      payload: { ...phone, verificationCode, newPassword: NEW_PASSWORD },
    });
    expect(ok.json().value).toEqual({ userName: username });
    expect((await signIn(t.app, username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, username, password)).statusCode).toBe(401);
  });

  it('burns a code after five wrong guesses', async () => {
    await createMember(t.app, { countryDialingCode: '+880', mobileNum: '1412345678' });
    const p2 = { countryDialingCode: '+880', mobileNum: '1412345678' };
    await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { ...p2, moduleId: 'CHNGPASSVERIF3', ...(await solvedCaptcha(t.app)) },
    });
    const code = codeIn((await latestOutbox(t.app, '+8801412345678'))[0]!.body);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/forget/phone',
        payload: { ...p2, verificationCode: wrongCode, newPassword: NEW_PASSWORD },
      });
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/phone',
      payload: { ...p2, verificationCode: code, newPassword: NEW_PASSWORD },
    });
    expect(right.json().errorCode).toBe('verification.codeError');
  });
});

describe('PUT /wps/member/password', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/password?language=EN',
      headers: withToken(token),
      payload: body,
    });

  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/wps/member/password', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('refuses a wrong old password, a mismatch and the same password, changing nothing', async () => {
    const { username, password, token } = await createMember(t.app);
    const wrongOld = await change(token, {
      oldPassword: 'nope-nope-nope',
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(wrongOld.json().data.fields.oldPassword).toEqual(['incorrect password']);
    const mismatch = await change(token, {
      oldPassword: password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: 'different',
    });
    expect(mismatch.json().data.fields.confirmNewPassword).toEqual([
      'Confirmation password not matched',
    ]);
    const same = await change(token, {
      oldPassword: password,
      newPassword: password,
      confirmNewPassword: password,
    });
    expect(same.json().errorCode).toBe('modify.new.old.same');
    expect((await signIn(t.app, username, password)).statusCode).toBe(200);
  });

  it('changes the password, ends every other session and remembered device, keeps this one', async () => {
    const { username, password, token } = await createMember(t.app);
    const other = (await signIn(t.app, username, password, { rememberMe: true })).json().value;
    const res = await change(token, {
      oldPassword: password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.deviceToken).toEqual(expect.any(String));
    expect(
      (await t.app.inject({ url: '/wps/member/info', headers: withToken(token) })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({ url: '/wps/member/info?language=EN', headers: withToken(other.token) })
      ).json(),
    ).toMatchObject({
      errorCode: 'session.expired',
      message:
        'Your password was changed, so you were logged out. Please log in with the new password.',
      data: { reason: 'passwordChanged' },
    });
    const oldDevice = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, deviceToken: other.deviceToken },
    });
    expect(oldDevice.statusCode).toBe(401);
    const newDevice = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username, deviceToken: res.json().value.deviceToken },
    });
    expect(newDevice.statusCode).toBe(200);
    expect((await signIn(t.app, username, password)).statusCode).toBe(401);
  });
});

describe('audit trail', () => {
  it('records logins, failures, logouts and password changes without secrets', async () => {
    const { username, password, token } = await createMember(t.app);
    await signIn(t.app, username, 'wrong-one', {}, '10.9.9.9');
    const remembered = await signIn(t.app, username, password, { rememberMe: true }, '10.8.8.8');
    const { deviceToken } = remembered.json().value;
    await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: withToken(token) });
    const member = (await accountsRepository.memberByUsername(t.database.db, username))!;
    const events = await accountsRepository.auditEvents(t.database.db, member.id);
    expect(events.map((e) => `${e.event}:${e.outcome}`)).toEqual([
      'logout:ok',
      'login:ok',
      'login:fail',
      'register:ok',
    ]);
    expect(events[1]).toMatchObject({
      ip: '10.8.8.8',
      detail: { type: 'username', device: false },
    });
    expect(events[2]!.ip).toBe('10.9.9.9');
    const stored = JSON.stringify(events, (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(deviceToken);
  });
});

describe('operator tools', () => {
  it('only peek at captchas with the operator token', async () => {
    const { captchaId } = await solvedCaptcha(t.app);
    expect((await t.app.inject({ url: `/ops/api/captcha/${captchaId}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/ops/api/captcha/unknown`, headers: opsHeaders() })).statusCode,
    ).toBe(404);
  });
});
