import { brotliDecompressSync } from 'node:zlib';
import { CompactEncrypt, importJWK } from 'jose';
import {
  MemberInfoSchema,
  RegistrationSettingsSchema,
  WalletSummarySchema,
} from '@khela/contract/accounts';
import { envelope } from '@khela/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import {
  codeIn,
  createMember,
  latestOutbox,
  solvedCaptcha,
  STRONG_PASSWORD,
  uniqueName,
  withToken,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = async (
  payload: Record<string, unknown>,
  url = '/wps/member/register?language=EN',
) => t.app.inject({ method: 'PUT', url, payload });

const setSetting = (name: string, value: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/api/settings/${name}`,
    headers: opsHeaders(),
    payload: { value },
  });
const setFlag = (name: string, enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/api/flags/${name}`,
    headers: opsHeaders(),
    payload: { enabled },
  });

describe('GET /wps/system/setting/register', () => {
  it('serves the methods, captcha and per-field rules, and follows the operator', async () => {
    const value = (await t.app.inject({ url: '/wps/system/setting/register' })).json().value;
    expect(value.methods).toEqual({ username: true, mobile: true });
    expect(value.captcha).toBe(true);
    expect(value.fields.username).toMatchObject({ enabled: true, required: true, min: 4, max: 16 });
    expect(value.passwordMin).toBe(8);
    const rules = {
      ...value,
      fields: {
        ...value.fields,
        payeeName: { enabled: true, required: true, min: 2, max: 40, pattern: null },
      },
    };
    delete rules.methods;
    delete rules.smsVerification;
    delete rules.mobilePassword;
    delete rules.passwordMin;
    delete rules.passwordMax;
    expect((await setSetting('registrationRules', rules)).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/wps/system/setting/register' })).json().value;
    expect(after.fields.payeeName).toMatchObject({ enabled: true, required: true });
    // A required payee name is now enforced by the server too.
    const res = await register({
      username: uniqueName(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.payeeName).toEqual(['This field is required']);
    rules.fields.payeeName = { enabled: false, required: false, min: 0, max: 64, pattern: null };
    await setSetting('registrationRules', rules);
  });

  it('answers 304 to a caller holding the current answer, and changes with the rules', async () => {
    const first = await t.app.inject({
      url: '/wps/system/setting/register',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(first.rawPayload).toString());
    expect(envelope(RegistrationSettingsSchema).parse(body)).toEqual(body);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({
      url: '/wps/system/setting/register',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const { methods, smsVerification, mobilePassword, passwordMin, passwordMax, ...rules } =
      body.value;
    void [methods, smsVerification, mobilePassword, passwordMin, passwordMax];
    await setSetting('registrationRules', { ...rules, minimumAge: 21 });
    const changed = await t.app.inject({
      url: '/wps/system/setting/register',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().value.minimumAge).toBe(21);
    await setSetting('registrationRules', rules);
  });
});

describe('PUT /wps/member/register (username method)', () => {
  it('registers, logs in, and the token works for member calls', async () => {
    const username = uniqueName('Rahim');
    const res = await register({
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      nickname: 'রহিম',
      registerMethod: 'PWA',
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      userName: username.toLowerCase(),
      type: 0,
      firstTimeLogin: true,
      merchantCode: 'KHELA',
    });
    const info = (
      await t.app.inject({ url: '/wps/member/info', headers: withToken(value.token) })
    ).json().value;
    expect(info).toMatchObject({ account: username.toLowerCase(), nickname: 'রহিম', type: 0 });
    expect(MemberInfoSchema.parse(info)).toEqual(info);
    const wallet = (
      await t.app.inject({ url: '/wps/member/wallet', headers: withToken(value.token) })
    ).json().value;
    expect(wallet.sumBalance).toBe(0);
    expect(WalletSummarySchema.parse(wallet)).toEqual(wallet);
  });

  it('takes the same body sealed, as the browser sends it', async () => {
    const { kid, jwk } = (await t.app.inject({ url: '/wps/system/publicKey' })).json().value;
    const username = uniqueName('sealed');
    const body = {
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
    };
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid })
      .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'content-type': 'application/jose' },
      payload: jwe,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.userName).toBe(username);
  });

  it('names every bad field in the player language and creates nothing', async () => {
    const username = uniqueName();
    const res = await register(
      {
        username: 'ab',
        password: 'short',
        confirmPassword: 'other',
        email: 'not-an-email',
        ...(await solvedCaptcha(t.app)),
      },
      '/wps/member/register',
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fields;
    expect(Object.keys(fields).sort()).toEqual([
      'confirmPassword',
      'email',
      'password',
      'username',
    ]);
    expect(fields.confirmPassword).toEqual(['নিশ্চিতকরণ পাসওয়ার্ড মেলেনি']);
    expect(fields.email).toEqual(['ইমেইল সঠিক নয়']);
    // The answer takes the spec's code and words of the first field of the wrong form.
    expect(res.json()).toMatchObject({
      errorCode: 'validation.accountFormat',
      message: expect.stringMatching(/^অ্যাকাউন্টের বিন্যাস সঠিক নয়/),
    });
    expect(
      (await t.app.inject({ url: `/wps/check/username?username=${username}` })).json().value
        .available,
    ).toBe(true);
  });

  it("answers the spec's code for an account, password, e-mail or name of the wrong form", async () => {
    const value = (await t.app.inject({ url: '/wps/system/setting/register' })).json().value;
    // Without the captcha (each attempt would need one), and with a ruled nickname.
    const rules = {
      captcha: false,
      minimumAge: value.minimumAge,
      fields: {
        ...value.fields,
        nickname: { enabled: true, required: false, min: 2, max: 20, pattern: '^[A-Za-z ]+$' },
      },
    };
    expect((await setSetting('registrationRules', rules)).statusCode).toBe(200);
    const codeOf = async (change: Record<string, unknown>) => {
      const res = await register({
        username: uniqueName(),
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      const { errorCode, message } = res.json<{ errorCode: string; message: string }>();
      return { errorCode, message };
    };
    try {
      expect(await codeOf({ username: 'a b!' })).toEqual({
        errorCode: 'validation.accountFormat',
        message: expect.stringMatching(/^Account format is incorrect: /),
      });
      expect(await codeOf({ password: 'short', confirmPassword: 'short' })).toEqual({
        errorCode: 'validation.passwordFormat',
        message: expect.stringMatching(/^Password format is incorrect: /),
      });
      expect(await codeOf({ email: 'not-an-email' })).toEqual({
        errorCode: 'validation.emailFormat',
        message: expect.stringMatching(/^E-mail format is incorrect: /),
      });
      expect(await codeOf({ nickname: 'R2-D2' })).toEqual({
        errorCode: 'validation.nameFormat',
        message: expect.stringMatching(/^Name format is not valid: /),
      });
      // A missing field is not a format problem: the general code.
      expect((await codeOf({ confirmPassword: '' })).errorCode).toBe('validation.invalid');
    } finally {
      await setSetting('registrationRules', {
        captcha: value.captcha,
        minimumAge: value.minimumAge,
        fields: value.fields,
      });
    }
  });

  it('refuses a common password and one equal to the username', async () => {
    const common = await register({
      username: uniqueName(),
      password: 'password123',
      confirmPassword: 'password123',
      ...(await solvedCaptcha(t.app)),
    });
    expect(common.json().data.fields.password).toContain(
      'This password is too common, choose another',
    );
    const name = uniqueName('samename');
    const same = await register({
      username: name,
      password: name,
      confirmPassword: name,
      ...(await solvedCaptcha(t.app)),
    });
    expect(same.json().data.fields.password).toContain('The password must not be your username');
  });

  it('accepts a 100-character passphrase whole, without truncating it', async () => {
    const password = `${'বাংলা-passphrase-'.repeat(6)}end`.slice(0, 100);
    const { username } = await createMember(t.app, { password });
    const login = (p: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username, password: p },
      });
    expect((await login(password)).statusCode).toBe(200);
    expect((await login(password.slice(0, 99))).statusCode).toBe(401);
  }, 30_000);

  it('refuses a taken username with 409, whatever its case', async () => {
    const { username } = await createMember(t.app);
    const res = await register({
      username: username.toUpperCase(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: 'member.usernameTaken',
      message: 'Sorry, the username already exists',
    });
  });

  it('requires the captcha, and a captcha works once', async () => {
    const base = {
      username: uniqueName(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    };
    const missing = await register(base);
    expect(missing.json().data.fields.captcha).toEqual(['This field is required']);
    const solved = await solvedCaptcha(t.app);
    const wrong = await register({
      ...base,
      captchaId: solved.captchaId,
      captcha: solved.captcha === '0000' ? '1111' : '0000',
    });
    expect(wrong.json().errorCode).toBe('captcha.invalid');
    // The wrong guess used the captcha up: its right answer no longer works.
    expect((await register({ ...base, ...solved })).json().errorCode).toBe('captcha.invalid');
  });

  it('links the upline of a valid invitation code and refuses an invalid one', async () => {
    const { username: uplineName } = await createMember(t.app);
    const upline = (
      await t.app.inject({
        method: 'PUT',
        url: `/ops/api/members/${uplineName}`,
        headers: opsHeaders(),
        payload: {},
      })
    ).json().value;
    const invalid = await register({
      username: uniqueName(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      affiliateCode: 'NOPE1234',
      ...(await solvedCaptcha(t.app)),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      errorCode: 'affiliate.invalid',
      message: 'Invalid invitation code',
      data: { field: 'affiliateCode' },
    });
    const { token } = await createMember(t.app, { affiliateCode: upline.inviteCode.toLowerCase() });
    expect(
      (await t.app.inject({ url: '/wps/member/info', headers: withToken(token) })).json().value
        .toUpline,
    ).toBe(uplineName);
  });

  it('enforces the minimum age on the birthday', async () => {
    const thisYear = new Date().getUTCFullYear();
    const young = await register({
      username: uniqueName(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      birthday: `${thisYear - 17}-01-01`,
      ...(await solvedCaptcha(t.app)),
    });
    expect(young.json().data.fields.birthday).toEqual(['You must be at least 18 years old']);
    const ancient = await register({
      username: uniqueName(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      birthday: '1899-12-31',
      ...(await solvedCaptcha(t.app)),
    });
    expect(ancient.json().data.fields.birthday).toEqual(['Choose a date from 1900 to this year']);
    await createMember(t.app, { birthday: `${thisYear - 30}-06-15` });
  });

  it('is refused while the operator has switched username registration off', async () => {
    await setSetting('usernameRegistration', false);
    const res = await register({
      username: uniqueName(),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('register.methodOff');
    expect(
      (await t.app.inject({ url: '/wps/system/setting/register' })).json().value.methods.username,
    ).toBe(false);
    await setSetting('usernameRegistration', true);
  });
});

describe('PUT /wps/member/register/mobile', () => {
  const number = '1712345678';
  async function sendCode(mobileNum = number) {
    return t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register?language=EN',
      payload: { mobileNum, countryDialingCode: '+880', ...(await solvedCaptcha(t.app)) },
    });
  }

  it('registers with the SMS code from the outbox and logs in', async () => {
    const sent = await sendCode(`0${number}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value.expirationTime).toBeGreaterThan(Date.now() + 50_000);
    const [sms] = await latestOutbox(t.app, `+880${number}`);
    const code = codeIn(sms!.body);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await register(
      {
        mobileNum: number,
        countryDialingCode: '+880',
        verificationCode: code === '000000' ? '111111' : '000000',
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        ...(await solvedCaptcha(t.app)),
      },
      '/wps/member/register/mobile?language=EN',
    );
    expect(wrong.json().errorCode).toBe('verification.codeError');
    const res = await register(
      {
        mobileNum: number,
        countryDialingCode: '+880',
        verificationCode: code,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        ...(await solvedCaptcha(t.app)),
      },
      '/wps/member/register/mobile?language=EN',
    );
    expect(res.statusCode).toBe(200);
    // A readable generated name (luckytiger27), not the number.
    expect(res.json().value.userName).toMatch(/^[a-z]+\d{2}$/);
  });

  it('asks one captcha per sign-up: the one solved for the code, none with the form', async () => {
    const fresh = '1612345678';
    expect((await sendCode(fresh)).statusCode).toBe(200);
    const [sms] = await latestOutbox(t.app, `+880${fresh}`);
    const code = codeIn(sms!.body);
    const body = {
      mobileNum: fresh,
      countryDialingCode: '+880',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    };
    // Without a right code nothing is told, not even whether the number is taken.
    const taken = await register(
      { ...body, mobileNum: number, verificationCode: '000000' },
      '/wps/member/register/mobile?language=EN',
    );
    expect(taken.json().errorCode).toBe('verification.codeError');
    const wrong = await register(
      { ...body, verificationCode: code === '000000' ? '111111' : '000000' },
      '/wps/member/register/mobile?language=EN',
    );
    expect(wrong.json().errorCode).toBe('verification.codeError');
    const res = await register(
      { ...body, verificationCode: code },
      '/wps/member/register/mobile?language=EN',
    );
    expect(res.statusCode).toBe(200);
    // The code is used up: it signs up no one else.
    const again = await register(
      { ...body, verificationCode: code },
      '/wps/member/register/mobile?language=EN',
    );
    expect(again.statusCode).not.toBe(200);
  });

  it('refuses a number that is already registered, and a second code within a minute', async () => {
    const taken = await sendCode();
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorCode).toBe('member.mobileTaken');
    const fresh = '1812345678';
    expect((await sendCode(fresh)).statusCode).toBe(200);
    const again = await sendCode(fresh);
    expect(again.statusCode).toBe(429);
    expect(again.json().data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses an invalid Bangladesh number before sending anything', async () => {
    const res = await sendCode('0212345');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('validation.mobileInvalid');
  });

  it('is switched off with MOBILENUMREG3', async () => {
    await setFlag('MOBILENUMREG3', false);
    const res = await register(
      {
        mobileNum: '1912345678',
        countryDialingCode: '+880',
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      },
      '/wps/member/register/mobile',
    );
    expect(res.statusCode).toBe(403);
    await setFlag('MOBILENUMREG3', true);
  });
});

describe('GET /wps/check/username', () => {
  it('tells free, taken and invalid names apart', async () => {
    const { username } = await createMember(t.app);
    const check = async (name: string) =>
      (await t.app.inject({ url: `/wps/check/username?username=${name}` })).json().value.available;
    expect(await check(uniqueName())).toBe(true);
    expect(await check(username)).toBe(false);
    expect(await check('x!')).toBe(false);
  });

  it('says taken as soon as a name checked free is registered', async () => {
    const name = uniqueName();
    const check = async () =>
      (await t.app.inject({ url: `/wps/check/username?username=${name}` })).json().value.available;
    expect(await check()).toBe(true);
    const res = await register({
      username: name,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
    });
    expect(res.statusCode).toBe(200);
    expect(await check()).toBe(false);
  });
});

describe('affiliate calls', () => {
  it('checks codes and maps an entrance domain to its code', async () => {
    const { username } = await createMember(t.app);
    const { inviteCode } = (
      await t.app.inject({
        method: 'PUT',
        url: `/ops/api/members/${username}`,
        headers: opsHeaders(),
        payload: { type: 1 },
      })
    ).json().value;
    expect(
      (await t.app.inject({ url: `/wps/member/affiliate/check?code=${inviteCode}` })).json().value
        .success,
    ).toBe(true);
    const bad = await t.app.inject({
      url: '/wps/member/affiliate/check?code=ZZZZ9999&language=EN',
    });
    expect(bad.json()).toMatchObject({
      success: false,
      errorCode: 'affiliate.invalid',
      data: { success: false },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/affiliate-domains',
      headers: opsHeaders(),
      payload: { domain: 'Agent1.Example.com', code: inviteCode },
    });
    expect(
      (await t.app.inject({ url: '/wps/member/affiliate?domain=agent1.example.com' })).json().value
        .code,
    ).toBe(inviteCode);
    expect(
      (await t.app.inject({ url: '/wps/member/affiliate?domain=other.example.com' })).json().value
        .code,
    ).toBeNull();
  });
});
