/**
 * Deposits through SSLCOMMERZ against its local stand-in (test/stand-ins/sslcommerz.ts), through
 * the cashier: the operator points the NAGAD channel at SSLCOMMERZ, a deposit opens a session,
 * and SSLCOMMERZ's POSTs (the browser's return and the IPN) settle it. Runs on PGlite and, with
 * DATABASE_URL, on Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDepositAnswerSchema, PaymentFindingListSchema } from '@khela/contract/cashier';
import { createTestApp, opsHeaders, type TestApp } from '../../../../test/test-app';
import { expectSoundLedger } from '../../../../test/ledger';
import { SslcommerzStandIn, STAND_IN_STORE } from '../../../../test/stand-ins/sslcommerz';
import { balanceOf, memberWithId, startDeposit } from '../../../modules/cashier/deposits.test-kit';
import { PaymentReconciler } from '../../../modules/cashier/reconciliation';

let sslcommerz: SslcommerzStandIn;
let t: TestApp;

beforeAll(async () => {
  sslcommerz = await new SslcommerzStandIn().start();
  t = await createTestApp({
    paymentProviders: ['sandbox', 'sslcommerz'],
    sslcommerz: { baseUrl: sslcommerz.baseUrl, ...STAND_IN_STORE },
  });
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/ops/api/wallet/channels/NAGAD',
    headers: opsHeaders(),
    payload: { provider: 'sslcommerz' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sslcommerz.close();
});

/** A member starts a deposit on NAGAD; answers it with the SSLCOMMERZ session made for it. */
async function opened(amountMinor = 150_000) {
  const member = await memberWithId(t.app);
  const res = await startDeposit(t.app, member.token, { channelCode: 'NAGAD', amountMinor });
  expect(res.statusCode, res.body).toBe(200);
  const answer = CreateDepositAnswerSchema.parse(res.json().value);
  const session = [...sslcommerz.sessions.values()].find(
    (s) => s.form.tran_id === answer.deposit.providerRef,
  )!;
  expect(answer.payUrl).toContain(sslcommerz.baseUrl);
  return { ...member, answer, form: session.form };
}

/** SSLCOMMERZ POSTs its fields, form-encoded, to one of the URLs it was given. */
function post(url: string, fields: Record<string, string>) {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function statusOf(token: string, id: string) {
  const res = await t.app.inject({ url: `/wps/wallet/deposits/${id}`, headers: { token } });
  return res.json().value.status as string;
}

describe('an SSLCOMMERZ deposit', () => {
  it('credits once, however many returns and IPNs come, even at once', async () => {
    const { token, answer, form } = await opened();
    const fields = sslcommerz.pay(form.tran_id!);
    const back = await post(form.success_url!, fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/m/voucherCenter?deposit=${answer.deposit.id}`);
    await Promise.all([
      post(form.ipn_url!, fields),
      post(form.ipn_url!, fields),
      post(form.success_url!, fields),
    ]);
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(1500);
    await expectSoundLedger(t.database.db);
  });

  it('credits nothing for a forged success whose val_id SSLCOMMERZ does not know', async () => {
    const { token, answer, form } = await opened();
    await post(form.ipn_url!, {
      status: 'VALID',
      tran_id: form.tran_id!,
      val_id: 'forged0val',
      amount: form.total_amount!,
      currency: 'BDT',
    });
    expect(await statusOf(token, answer.deposit.id)).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(0);
  });

  it('credits nothing when another amount was paid, and records it for the operator', async () => {
    const { token, answer, form } = await opened(200_000);
    const res = await post(form.ipn_url!, sslcommerz.pay(form.tran_id!, { amount: '20.00' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('payment.amountMismatch');
    expect(await statusOf(token, answer.deposit.id)).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(0);
    const findings = await t.app.inject({
      url: '/ops/api/wallet/payment-findings',
      headers: opsHeaders(),
    });
    expect(PaymentFindingListSchema.parse(findings.json().value)[0]).toMatchObject({
      provider: 'sslcommerz',
      kind: 'amountMismatch',
      depositId: answer.deposit.id,
    });
  });

  it('ends a cancelled payment unpaid', async () => {
    const { token, answer, form } = await opened();
    await post(form.cancel_url!, sslcommerz.cancel(form.tran_id!));
    expect(await statusOf(token, answer.deposit.id)).toBe('failed');
    expect(await balanceOf(t.app, token)).toBe(0);
  });

  it('credits a payment whose return and IPN never came, once, when reconciliation asks', async () => {
    const { token, answer, form } = await opened();
    sslcommerz.pay(form.tran_id!);
    const pass = () =>
      new PaymentReconciler({
        gateways: t.app.paymentGateways,
        deposits: t.app.services.deposits,
        log: t.app.log,
        intervalMs: 60_000,
        afterMs: 0,
      }).runOnce();
    const [one, two] = await Promise.all([pass(), pass()]);
    expect(one.creditedLate + two.creditedLate).toBe(1);
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(1500);
    await expectSoundLedger(t.database.db);
  });
});
