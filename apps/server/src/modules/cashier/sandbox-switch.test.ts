/**
 * The sandbox gateway exists only when PAYMENT_PROVIDERS lists it: off, no route of its own is
 * left (its pay page is the partners app's anyway) and no channel takes deposits through it; on,
 * the cashier is told that its money is play money, and every process checks notices with the
 * secret shared with the sandbox (PAYMENT_SANDBOX_SECRET), without it none starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ChannelListSchema, CreateDepositAnswerSchema } from '@khela/contract/cashier';
import { buildApp } from '../../app';
import { StartupError } from '../../lib/startup-error';
import { openGateways } from '../../providers/payments/gateways';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import {
  balanceOf,
  deliver,
  memberWithId,
  sandboxDecision,
  signedNotice,
  startDeposit,
} from './deposits.test-kit';

describe('with PAYMENT_PROVIDERS empty (a production start with nothing set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentProviders: [] });
  });
  afterAll(() => t.close());

  it('has no sandbox pay page and no sandbox notify or return route', async () => {
    const page = await t.app.inject({ url: '/sandbox-pay/KANYTHING?language=EN' });
    expect(page.statusCode).toBe(404);
    const decision = await t.app.inject({
      method: 'POST',
      url: '/sandbox-pay/KANYTHING/decision',
      payload: { decision: 'approve' },
    });
    expect(decision.statusCode).toBe(404);
    const { body, headers } = signedNotice({
      ref: 'KANYTHING',
      status: 'paid',
      amountMinor: 100_000,
      currency: 'BDT',
    });
    const notice = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/notify',
      headers,
      payload: body,
    });
    expect(notice.statusCode).toBe(404);
    const back = await t.app.inject({ url: '/payments/sandbox/return/KANYTHING?ref=KANYTHING' });
    expect(back.statusCode).toBe(404);
    // No sandbox to ask: the test harness started no stand-in.
    expect(() => t.sandbox.baseUrl).toThrow();
  });

  it('refuses deposits with wallet.channelUnavailable, and the cashier offers none', async () => {
    const { token } = await memberWithId(t.app);
    const res = await startDeposit(t.app, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'wallet.channelUnavailable',
      message: 'This payment method is not available now',
    });
    expect(await balanceOf(t.app, token)).toBe(0);
    const list = ChannelListSchema.parse(
      (await t.app.inject({ url: '/wps/wallet/channels?language=EN' })).json().value,
    ).list;
    expect(list.map((c) => [c.code, c.deposit.enabled, c.playMoney])).toEqual([
      ['BKASH', false, false],
      ['NAGAD', false, false],
      ['ROCKET', false, false],
      ['BANK', false, false],
    ]);
  });

  it('lets no operator point a channel at a gateway this server does not have', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/ops/api/wallet/channels/BKASH',
      headers: opsHeaders(),
      payload: { provider: 'sandbox' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'wallet.channelInvalid',
      data: { fields: { provider: ['not in PAYMENT_PROVIDERS on this server: sandbox'] } },
    });
    const ops = await t.app.inject({ url: '/ops/api/wallet/channels', headers: opsHeaders() });
    expect(ops.json().value[0]).toMatchObject({
      code: 'BKASH',
      provider: 'sandbox',
      providerAvailable: false,
    });
  });
});

describe('with the sandbox listed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentProviders: ['sandbox'] });
  });
  afterAll(() => t.close());

  it('will not start without the address of the sandbox and the secret it shares', async () => {
    for (const missing of [{ paymentSandboxUrl: undefined }, { paymentSandboxSecret: undefined }]) {
      await expect(openGateways({ ...t.config, ...missing }, { cache: t.cache })).rejects.toThrow(
        StartupError,
      );
    }
  });

  it('tells the cashier that the money is play money', async () => {
    const list = ChannelListSchema.parse(
      (await t.app.inject({ url: '/wps/wallet/channels?language=EN' })).json().value,
    ).list;
    expect(list.every((c) => c.deposit.enabled && c.playMoney)).toBe(true);
  });

  it("checks the sandbox's notices with the shared secret in every process", async () => {
    const second = await buildApp(t.config, { database: t.database, cache: t.cache });
    await second.ready();
    try {
      const secret = t.config.paymentSandboxSecret!;
      const { token } = await memberWithId(t.app);
      const started = await startDeposit(t.app, token);
      const { deposit } = CreateDepositAnswerSchema.parse(started.json().value);
      const notice = {
        ref: deposit.providerRef,
        status: 'paid' as const,
        amountMinor: deposit.amountMinor,
        currency: deposit.currency,
      };
      // A notice for a payment the first process opened, checked by the second process.
      const { body, headers } = signedNotice(notice, secret);
      const paid = await second.inject({
        method: 'POST',
        url: '/payments/sandbox/notify',
        headers,
        payload: body,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().value).toMatchObject({ status: 'paid', applied: true });
      const again = await deliver(t.app, notice, secret);
      expect(again.json().value).toMatchObject({ status: 'paid', applied: false });
      expect(await balanceOf(t.app, token)).toBe(1000);
    } finally {
      await second.close();
    }
  });

  it('lets the reconciliation pass store an undecided payment as expired; a late approval still credits', async () => {
    const { token } = await memberWithId(t.app);
    const { deposit } = CreateDepositAnswerSchema.parse(
      (await startDeposit(t.app, token)).json().value,
    );
    await t.database.db.execute(
      sql`update deposits set created_at = now() - interval '31 minutes' where id = ${deposit.id}`,
    );
    // The sandbox has expired it too, by its own clock.
    t.sandbox.payment(deposit.providerRef).state = 'expired';
    const counts = await t.app.reconciler.runOnce();
    expect(counts).toMatchObject({ expired: 1, creditedLate: 0 });
    const findings = await t.app.inject({
      url: '/ops/api/wallet/payment-findings',
      headers: opsHeaders(),
    });
    expect(findings.json().value[0]).toMatchObject({ kind: 'expired', depositId: deposit.id });
    t.sandbox.payment(deposit.providerRef).state = 'open';
    const late = await sandboxDecision(t, deposit.providerRef, 'approve');
    expect(late.json().value).toMatchObject({ status: 'paid', applied: true });
    expect(await balanceOf(t.app, token)).toBe(1000);
  });

  it("sends the player to the sandbox's own pay page, which says play money (apps/partners)", async () => {
    const { token } = await memberWithId(t.app);
    const { payUrl } = CreateDepositAnswerSchema.parse(
      (await startDeposit(t.app, token)).json().value,
    );
    expect(payUrl.startsWith(`${t.sandbox.baseUrl}/sandbox-pay/`)).toBe(true);
    expect((await t.app.inject({ url: new URL(payUrl).pathname })).statusCode).toBe(404);
  });
});
