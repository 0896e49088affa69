/**
 * Issue 19's "done when", as one site: real providers configured and pointed at local stand-ins
 * (bKash and SSLCOMMERZ for deposits, Twilio for SMS, SMTP for e-mail), no sandbox. A deposit
 * through each gateway credits exactly once, a withdrawal is paid (by hand: neither gateway pays
 * out, docs/decisions.md), a reset code arrives by SMS and a reset link by e-mail, and the sandbox's
 * routes do not exist. Runs on PGlite and, with DATABASE_URL, on Postgres.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDepositAnswerSchema } from '@khela/contract/cashier';
import { balanceOf, memberWithId, startDeposit } from '../src/modules/cashier/deposits.test-kit';
import { eventually } from './eventually';
import { codeIn, createMember, solvedCaptcha } from './factories';
import { expectSoundLedger } from './ledger';
import { startHttpStandIn, type HttpStandIn } from './http-stand-in';
import { startSmtpStandIn, type SmtpStandIn } from './smtp-stand-in';
import { BkashStandIn, STAND_IN_CREDENTIALS } from './stand-ins/bkash';
import { SslcommerzStandIn, STAND_IN_STORE } from './stand-ins/sslcommerz';
import { createTestApp, opsHeaders, type TestApp } from './test-app';

const PUBLIC_URL = 'https://khela.example';

let t: TestApp;
let bkash: BkashStandIn;
let sslcommerz: SslcommerzStandIn;
let twilio: HttpStandIn;
let smtp: SmtpStandIn;

beforeAll(async () => {
  bkash = await new BkashStandIn().start();
  sslcommerz = await new SslcommerzStandIn().start();
  smtp = await startSmtpStandIn();
  let sid = 0;
  twilio = await startHttpStandIn(() => ({
    status: 201,
    json: { sid: `SM${String((sid += 1)).padStart(32, '0')}`, status: 'queued' },
  }));
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    paymentProviders: ['bkash', 'sslcommerz'],
    bkash: { baseUrl: bkash.url, ...STAND_IN_CREDENTIALS },
    sslcommerz: { baseUrl: sslcommerz.baseUrl, ...STAND_IN_STORE },
    messages: {
      sms: {
        twilio: {
          baseUrl: twilio.url,
          accountSid: 'AC0123456789abcdef0123456789abcdef',
          authToken: 'token',
          from: '+15005550006',
        },
      },
      email: { url: smtp.url, from: 'Khela <no-reply@khela.example>' },
    },
  });
  for (const [channel, provider] of [
    ['BKASH', 'bkash'],
    ['NAGAD', 'sslcommerz'],
  ]) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/ops/api/wallet/channels/${channel}`,
      headers: opsHeaders(),
      payload: { provider },
    });
    expect(res.json().value, res.body).toMatchObject({ provider, providerAvailable: true });
  }
});
afterAll(async () => {
  await t.close();
  await bkash.stop();
  await sslcommerz.close();
  await twilio.close();
  await smtp.close();
});

const inject = (
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
) => t.app.inject({ url, method: init.method ?? 'GET', headers: init.headers ?? {} });

describe('a site gone live', () => {
  it('has no sandbox: no pay page, no notice route, no deposit on a channel still set to it', async () => {
    expect((await inject('/sandbox-pay/anything')).statusCode).toBe(404);
    expect((await inject('/payments/sandbox/notify', { method: 'POST' })).statusCode).toBe(404);
    // A channel the operator has not moved off the sandbox yet is shown as such and takes no
    // deposit (the go-live checklist has the operator move each one).
    const channels = await inject('/ops/api/wallet/channels', { headers: opsHeaders() });
    const left = (
      channels.json().value as { code: string; provider: string; providerAvailable: boolean }[]
    ).filter((channel) => channel.provider === 'sandbox');
    expect(left.length).toBeGreaterThan(0);
    for (const channel of left) expect(channel.providerAvailable).toBe(false);
    const member = await memberWithId(t.app);
    const refused = await startDeposit(t.app, member.token, {
      channelCode: left[0]!.code,
      amountMinor: 100_000,
    });
    expect(refused.json()).toMatchObject({ errorCode: 'wallet.channelUnavailable' });
    expect(await balanceOf(t.app, member.token)).toBe(0);
  });

  it('credits a bKash and an SSLCOMMERZ deposit once each, and pays a withdrawal', async () => {
    const member = await memberWithId(t.app);

    // bKash: the player approves on bKash's page; the browser comes back twice.
    const viaBkash = CreateDepositAnswerSchema.parse(
      (
        await startDeposit(t.app, member.token, { channelCode: 'BKASH', amountMinor: 200_000 })
      ).json().value,
    );
    const payment = bkash.payments.get(viaBkash.deposit.providerRef)!;
    bkash.approve(payment.paymentID);
    for (let i = 0; i < 2; i += 1) {
      const back = new URL(payment.callbackURL);
      back.searchParams.set('paymentID', payment.paymentID);
      back.searchParams.set('status', 'success');
      expect((await inject(`${back.pathname}${back.search}`)).statusCode).toBe(303);
    }

    // SSLCOMMERZ: the browser's return and the IPN both come.
    const viaSslcommerz = CreateDepositAnswerSchema.parse(
      (
        await startDeposit(t.app, member.token, { channelCode: 'NAGAD', amountMinor: 100_000 })
      ).json().value,
    );
    const session = [...sslcommerz.sessions.values()].find(
      (s) => s.form.tran_id === viaSslcommerz.deposit.providerRef,
    )!;
    const fields = sslcommerz.pay(session.form.tran_id!);
    for (const url of [session.form.success_url!, session.form.ipn_url!]) {
      const { pathname, search } = new URL(url);
      await t.app.inject({
        method: 'POST',
        url: `${pathname}${search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    }
    expect(await balanceOf(t.app, member.token)).toBe(3000);

    // A withdrawal to the player's bKash wallet, approved by the operator: paid by hand.
    const headers = { token: member.token };
    const payee = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/payees?language=EN',
      headers,
      payload: {
        channelCode: 'BKASH',
        accountName: 'Karim Ahmed',
        accountNumber: '01712345678',
        password: member.password,
      },
    });
    expect(payee.statusCode, payee.body).toBe(200);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/withdrawals?language=EN',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { payeeId: payee.json().value.id, amountMinor: 120_000 },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const id = requested.json().value.withdrawal.id as string;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/ops/api/wallet/withdrawals/${id}/approve`,
      headers: opsHeaders(),
    });
    expect(approved.json().value).toMatchObject({ id, status: 'paid' });
    expect(await balanceOf(t.app, member.token)).toBe(1800);
    await expectSoundLedger(t.database.db);
  });

  it('sends a reset code by SMS and a reset link by e-mail through the providers', async () => {
    const phone = { countryDialingCode: '+880', mobileNum: '1912345699' };
    const { username } = await createMember(t.app, { ...phone, email: 'live@example.com' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { ...phone, moduleId: 'CHNGPASSVERIF3', ...(await solvedCaptcha(t.app)) },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await eventually(async () => twilio.requests.length === 1);
    const sms = new URLSearchParams(twilio.requests[0]!.body);
    expect(sms.get('To')).toBe('+8801912345699');
    expect(codeIn(sms.get('Body')!)).toMatch(/^\d{6}$/);

    const forget = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/forget/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, email: 'live@example.com' }).toString(),
    });
    expect(forget.statusCode).toBe(200);
    await eventually(async () => smtp.mails.length === 1);
    expect(smtp.mails[0]!.envelopeTo).toEqual(['live@example.com']);
    expect(smtp.mails[0]!.text).toContain(`${PUBLIC_URL}/m/forget?resetToken=`);
  });
});
