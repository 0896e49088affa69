/**
 * Deposits through bKash Tokenized Checkout against a local stand-in of bKash (test/stand-ins):
 * the operator points the BKASH channel at it, a deposit opens a bKash payment, and the player's
 * browser comes back to our return route. Runs on PGlite and, with DATABASE_URL, on Postgres.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateDepositAnswerSchema, PaymentFindingListSchema } from '@khela/contract/cashier';
import { createTestApp, opsHeaders, type TestApp } from '../../../../test/test-app';
import { expectSoundLedger } from '../../../../test/ledger';
import { BkashStandIn, STAND_IN_CREDENTIALS } from '../../../../test/stand-ins/bkash';
import { balanceOf, memberWithId, startDeposit } from '../../../modules/cashier/deposits.test-kit';
import { PaymentReconciler } from '../../../modules/cashier/reconciliation';
import { BKASH_PATHS } from './bkash-api';

let bkash: BkashStandIn;
let t: TestApp;

beforeAll(async () => {
  bkash = await new BkashStandIn().start();
  t = await createTestApp({
    paymentProviders: ['sandbox', 'bkash'],
    bkash: { baseUrl: bkash.url, ...STAND_IN_CREDENTIALS },
  });
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/ops/api/wallet/channels/BKASH',
    headers: opsHeaders(),
    payload: { provider: 'bkash' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().value).toMatchObject({ provider: 'bkash', providerAvailable: true });
});
afterAll(async () => {
  await t.close();
  await bkash.stop();
});
beforeEach(() => {
  bkash.expiresIn = 3600;
  bkash.executeAnswersLost = 0;
  bkash.reportedAmount = null;
});

/** A member starts a deposit of `amountMinor` on BKASH; answers the bKash payment made for it. */
async function opened(amountMinor = 150_000) {
  const member = await memberWithId(t.app);
  const res = await startDeposit(t.app, member.token, { channelCode: 'BKASH', amountMinor });
  expect(res.statusCode, res.body).toBe(200);
  const answer = CreateDepositAnswerSchema.parse(res.json().value);
  const payment = bkash.payments.get(answer.deposit.providerRef)!;
  expect(answer.payUrl).toBe(`${bkash.url}/redirect/tokenized/?paymentID=${payment.paymentID}`);
  return { ...member, answer, payment };
}

/** bKash sends the browser to the callbackURL it was given, with paymentID and status. */
function callback(payment: { callbackURL: string; paymentID: string }, status: string) {
  const url = new URL(payment.callbackURL);
  url.searchParams.set('paymentID', payment.paymentID);
  url.searchParams.set('status', status);
  return t.app.inject({ url: `${url.pathname}${url.search}` });
}

async function statusOf(token: string, id: string) {
  const res = await t.app.inject({ url: `/wps/wallet/deposits/${id}`, headers: { token } });
  return res.json().value.status as string;
}

describe('a bKash deposit', () => {
  it('opens a bKash payment with our reference, the amount as bKash writes it, and our callback', async () => {
    const { payment, answer } = await opened(150_050);
    expect(payment).toMatchObject({ amount: '1500.50', currency: 'BDT', state: 'Initiated' });
    expect(payment.merchantInvoiceNumber).toMatch(/^[A-Za-z0-9]{1,30}$/);
    expect(payment.callbackURL).toMatch(
      new RegExp(`/payments/bkash/return/${payment.merchantInvoiceNumber}$`),
    );
    expect(answer.deposit.status).toBe('pending');
  });

  it('credits once, however many times the browser comes back', async () => {
    const { token, answer, payment } = await opened();
    bkash.approve(payment.paymentID);
    const returns = [];
    for (let i = 0; i < 3; i += 1) returns.push(await callback(payment, 'success'));
    for (const res of returns) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/m/voucherCenter?deposit=${answer.deposit.id}`);
    }
    // Concurrent returns too (a double tap, a reload).
    await Promise.all(Array.from({ length: 5 }, () => callback(payment, 'success')));
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(1500);
    await expectSoundLedger(t.database.db);
  });

  it('credits nothing when the player cancels or the payment fails', async () => {
    const cancelled = await opened();
    bkash.cancel(cancelled.payment.paymentID);
    const back = await callback(cancelled.payment, 'cancel');
    expect(back.headers.location).toBe(`/m/voucherCenter?deposit=${cancelled.answer.deposit.id}`);
    expect(await statusOf(cancelled.token, cancelled.answer.deposit.id)).toBe('failed');

    // A "success" the player never paid: execute is refused by bKash (2056), nothing moves.
    const unpaid = await opened();
    await callback(unpaid.payment, 'success');
    expect(await statusOf(unpaid.token, unpaid.answer.deposit.id)).toBe('pending');
    expect(await balanceOf(t.app, unpaid.token)).toBe(0);
    expect(await balanceOf(t.app, cancelled.token)).toBe(0);
  });

  it('credits nothing when bKash reports another amount, and records it for the operator', async () => {
    const { token, answer, payment } = await opened(200_000);
    bkash.approve(payment.paymentID);
    bkash.reportedAmount = '20.00';
    const back = await callback(payment, 'success');
    expect(back.statusCode).toBe(303);
    expect(await statusOf(token, answer.deposit.id)).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(0);
    const findings = await t.app.inject({
      url: '/ops/api/wallet/payment-findings',
      headers: opsHeaders(),
    });
    const list = PaymentFindingListSchema.parse(findings.json().value);
    expect(list[0]).toMatchObject({
      provider: 'bkash',
      kind: 'amountMismatch',
      ref: payment.paymentID,
      depositId: answer.deposit.id,
      detail: { amountMinor: '2000', expected: { amountMinor: '200000' } },
    });
  });

  it('asks bKash when the execute answer is lost (5xx), and credits once', async () => {
    const { token, answer, payment } = await opened();
    bkash.approve(payment.paymentID);
    bkash.executeAnswersLost = 1;
    const executesBefore = bkash.count('/tokenized/checkout/execute');
    await callback(payment, 'success');
    expect(bkash.count('/tokenized/checkout/execute')).toBe(executesBefore + 1);
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    // The browser's retry executes again (bKash: 2062 already completed), asks, credits nothing more.
    await callback(payment, 'success');
    expect(await balanceOf(t.app, token)).toBe(1500);
  });

  it('refreshes an expiring token with its refresh token, and grants anew when bKash refuses one', async () => {
    // bKash refuses the token in hand (401): a new one is granted, this one good for 30 s only.
    bkash.expireTokens();
    bkash.expiresIn = 30;
    const grantsBefore = bkash.count('/tokenized/checkout/token/grant');
    await opened();
    expect(bkash.count('/tokenized/checkout/token/grant')).toBe(grantsBefore + 1);

    // Too close to its expiry to use: the refresh token gets a new one, no new grant.
    bkash.expiresIn = 3600;
    const refreshesBefore = bkash.count('/tokenized/checkout/token/refresh');
    const second = await opened();
    expect(bkash.count('/tokenized/checkout/token/refresh')).toBe(refreshesBefore + 1);
    expect(bkash.count('/tokenized/checkout/token/grant')).toBe(grantsBefore + 1);

    // Refused in the middle of a payment: granted anew, and the payment still credits.
    bkash.expireTokens();
    bkash.approve(second.payment.paymentID);
    await callback(second.payment, 'success');
    expect(bkash.count('/tokenized/checkout/token/grant')).toBe(grantsBefore + 2);
    expect(await balanceOf(t.app, second.token)).toBe(1500);
  });

  it('asks bKash nothing about a made-up return, and credits nothing', async () => {
    const callsBefore = bkash.calls.length;
    const forged = await t.app.inject({
      url: '/payments/bkash/return/KNOSUCHDEPOSIT?paymentID=TR0011FAKE&status=success',
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/m/voucherCenter');
    expect(bkash.calls.length).toBe(callsBefore);
    // Without our reference bKash is asked, and knows no such payment (2002): nothing moves.
    const bare = await t.app.inject({
      url: '/payments/bkash/return?paymentID=TR0011FAKE&status=success',
    });
    expect(bare.headers.location).toBe('/m/voucherCenter');
  });

  it('lets a player whose request was retried find the deposit page, not a second payment', async () => {
    const member = await memberWithId(t.app);
    const body = { channelCode: 'BKASH', amountMinor: 50_000 };
    const first = await startDeposit(t.app, member.token, body, 'retry-key-1');
    const again = await startDeposit(t.app, member.token, body, 'retry-key-1');
    const a = CreateDepositAnswerSchema.parse(first.json().value);
    const b = CreateDepositAnswerSchema.parse(again.json().value);
    expect(b.deposit.id).toBe(a.deposit.id);
    expect(b.payUrl).toBe(`/m/voucherCenter?deposit=${a.deposit.id}`);
  });
});

describe('the reconciliation pass', () => {
  it('credits a payment whose answer never reached us, once, even with two passes at once', async () => {
    const { token, answer, payment } = await opened(300_000);
    bkash.approve(payment.paymentID);
    bkash.completeSilently(payment.paymentID);
    expect(await statusOf(token, answer.deposit.id)).toBe('pending');

    // Make the deposit old enough to be asked about (PAYMENT_RECONCILE_AFTER_MS).
    await t.database.db.execute(
      sql`update deposits set created_at = now() - interval '10 minutes' where id = ${answer.deposit.id}`,
    );
    // This process's pass and another process's, at once.
    const other = new PaymentReconciler({
      deposits: t.app.services.deposits,
      gateways: t.app.paymentGateways,
      intervalMs: 60_000,
      afterMs: 5 * 60_000,
      log: t.app.log,
    });
    const [one, two] = await Promise.all([t.app.reconciler.runOnce(), other.runOnce()]);
    expect(one.creditedLate + two.creditedLate).toBe(1);
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(3000);

    const findings = PaymentFindingListSchema.parse(
      (
        await t.app.inject({ url: '/ops/api/wallet/payment-findings', headers: opsHeaders() })
      ).json().value,
    );
    expect(findings[0]).toMatchObject({ kind: 'creditedLate', depositId: answer.deposit.id });
    await expectSoundLedger(t.database.db);
  });
});

describe('a refund of a paid payment', () => {
  /** A deposit paid through bKash; answers its payment at the stand-in. */
  async function paid(amountMinor: number) {
    const { payment } = await opened(amountMinor);
    bkash.approve(payment.paymentID);
    await callback(payment, 'success');
    expect(payment.state).toBe('Completed');
    return payment;
  }
  const gateway = () => t.app.paymentGateways.get('bkash')!;

  it('gives back part of it, then the rest, and refuses more than was paid', async () => {
    const payment = await paid(100_000);
    const refund = (amountMinor: bigint) =>
      gateway().refund!({
        ref: payment.paymentID,
        providerTxnId: payment.trxID!,
        amountMinor,
        reason: 'paid twice by mistake',
      });
    const first = await refund(40_050n);
    expect(first.refundRef).toBe(payment.refunds[0]!.refundTrxID);
    await refund(59_950n);
    expect(payment.refunds.map((r) => r.amount)).toEqual(['400.50', '599.50']);
    await expect(refund(1n)).rejects.toThrow(/bKash refused the refund: 2071/);
    expect(payment.refunds).toHaveLength(2);
  });

  it('is never sent twice when its answer is lost: the refund status tells what happened', async () => {
    const payment = await paid(50_000);
    bkash.refundAnswersLost = 1;
    const refunds = bkash.count(BKASH_PATHS.refund);
    const result = await gateway().refund!({
      ref: payment.paymentID,
      providerTxnId: payment.trxID!,
      amountMinor: 50_000n,
      reason: 'player asked',
    });
    // One refund, then one status question: not a second refund.
    expect(bkash.count(BKASH_PATHS.refund)).toBe(refunds + 2);
    expect(payment.refunds).toEqual([{ refundTrxID: result.refundRef, amount: '500.00' }]);
  });
});
