/**
 * A site with real providers configured, pointed at local stand-ins: a forgotten password's link
 * arrives by e-mail over SMTP and a reset code by SMS over the Twilio API, each in the player's
 * language, and each works; the operator sees every message's delivery.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import {
  STRONG_PASSWORD,
  codeIn,
  createMember,
  signIn,
  solvedCaptcha,
} from '../../../test/factories';
import { startHttpStandIn, type HttpStandIn } from '../../../test/http-stand-in';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

const SID = 'AC0123456789abcdef0123456789abcdef';
const PUBLIC_URL = 'https://khela.example';

let t: TestApp;
let smtp: SmtpStandIn;
let twilio: HttpStandIn;
let sidCount = 0;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  twilio = await startHttpStandIn(() => ({
    status: 201,
    json: { sid: `SM${String((sidCount += 1)).padStart(32, '0')}`, status: 'queued' },
  }));
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    messages: {
      sms: {
        twilio: { baseUrl: twilio.url, accountSid: SID, authToken: 'token', from: '+15005550006' },
      },
      email: { url: smtp.url, from: 'Khela <no-reply@khela.example>' },
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  twilio.requests.length = 0;
});

const outboxFor = async (to: string) =>
  (
    await t.app.inject({
      url: `/ops/api/outbox?to=${encodeURIComponent(to)}`,
      headers: opsHeaders(),
    })
  ).json().value as Array<Record<string, unknown>>;

describe('password reset by e-mail over SMTP', () => {
  const forget = (username: string, email: string, language?: 'EN') =>
    t.app.inject({
      method: 'POST',
      url: `/wps/member/password/forget/email${language ? `?language=${language}` : ''}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, email }).toString(),
    });

  it('arrives in Bengali by default, text and HTML, and its link sets a new password', async () => {
    const { username } = await createMember(t.app, { email: 'rahim@example.com' });
    expect((await forget(username, 'rahim@example.com')).statusCode).toBe(200);
    await eventually(async () => smtp.mails.length === 1);
    const [mail] = smtp.mails;
    expect(mail!.envelopeTo).toEqual(['rahim@example.com']);
    expect(mail!.headers.get('from')).toBe('Khela <no-reply@khela.example>');
    expect(mail!.subject).toBe('আপনার Khela পাসওয়ার্ড রিসেট করুন');
    const link = new RegExp(`${PUBLIC_URL}/m/forget\\?resetToken=([\\w-]+)`);
    const resetToken = link.exec(mail!.text)![1]!;
    expect(mail!.text).toContain(`প্রিয় ${username},`);
    expect(mail!.text).toContain('৩০ মিনিটের মধ্যে');
    expect(mail!.html).toContain('<html lang="bn">');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/m/forget?resetToken=${resetToken}"`);
    expect(mail!.html).toContain('নতুন পাসওয়ার্ড দিন');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { resetToken, newPassword: 'Padma-River-Boat-77' },
    });
    expect(reset.json().value).toEqual({ userName: username });
    expect((await signIn(t.app, username, 'Padma-River-Boat-77')).statusCode).toBe(200);

    const [sent] = await outboxFor('rahim@example.com');
    expect(sent).toMatchObject({ state: 'sent', provider: 'smtp', attempts: 1 });
    expect(sent!.providerMessageId).toBe(mail!.headers.get('message-id'));
  });

  it('arrives in English for a player reading English', async () => {
    const { username } = await createMember(t.app, { email: 'nadia@example.com' });
    await forget(username, 'nadia@example.com', 'EN');
    await eventually(async () => smtp.mails.length === 1);
    const [mail] = smtp.mails;
    expect(mail!.subject).toBe('Reset your Khela password');
    expect(mail!.text).toMatch(/^Hello /);
    expect(mail!.text).toContain('within 30 minutes');
    expect(mail!.html).toContain('<html lang="en">');
    expect(mail!.html).toContain('Choose a new password');
  });

  it('a refused address is failed for the operator; the player is answered as always', async () => {
    smtp.refuse.add('gone@example.com');
    const { username } = await createMember(t.app, { email: 'gone@example.com' });
    expect((await forget(username, 'gone@example.com', 'EN')).statusCode).toBe(200);
    await eventually(async () => (await outboxFor('gone@example.com'))[0]?.state === 'failed');
    const [message] = await outboxFor('gone@example.com');
    expect(message!.lastError).toMatch(/^550 /);
    expect(smtp.mails).toEqual([]);
  });
});

describe('reset code by SMS over the Twilio API', () => {
  const phone = { countryDialingCode: '+880', mobileNum: '1912345678' };

  it('arrives in Bengali with the code that sets a new password', async () => {
    const { username } = await createMember(t.app, phone);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { ...phone, moduleId: 'CHNGPASSVERIF3', ...(await solvedCaptcha(t.app)) },
    });
    expect(asked.statusCode).toBe(200);
    await eventually(async () => twilio.requests.length === 1);
    const form = new URLSearchParams(twilio.requests[0]!.body);
    expect(form.get('To')).toBe('+8801912345678');
    expect(form.get('From')).toBe('+15005550006');
    const text = form.get('Body')!;
    expect(text).toMatch(/^আপনার Khela যাচাইকরণ কোড \d{6}। ৫ মিনিটের মধ্যে/);
    const set = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/phone?language=EN',
      payload: { ...phone, verificationCode: codeIn(text), newPassword: STRONG_PASSWORD + '!' },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(t.app, username, STRONG_PASSWORD + '!')).statusCode).toBe(200);
    const [sms] = await outboxFor('+8801912345678');
    expect(sms).toMatchObject({ state: 'sent', provider: 'twilio', attempts: 1 });
    expect(sms!.providerMessageId).toMatch(/^SM\d{32}$/);
  });
});
