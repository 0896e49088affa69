/**
 * The SSLCOMMERZ adapter against a local stand-in of SSLCOMMERZ (test/stand-ins/sslcommerz.ts):
 * a session gives the gateway page; a return or IPN pays only when the validation API says VALID
 * or VALIDATED for our tran_id, amount and currency; 5xx and silence are retried, then reported as
 * GatewayUnavailable; a payment whose callback never came is found by the transaction query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SslcommerzStandIn, STAND_IN_STORE } from '../../../../test/stand-ins/sslcommerz';
import { GatewayUnavailable, type PaymentRequest } from '../payment-gateway';
import {
  SSLCOMMERZ_PATHS,
  SslcommerzGateway,
  fromDecimal,
  sslcommerzGateway,
  toDecimal,
} from './sslcommerz-gateway';

let standIn: SslcommerzStandIn;
let gateway: SslcommerzGateway;
const quickRetry = { attempts: 3, backoffMs: 10, timeoutMs: 300 };

beforeAll(async () => {
  standIn = await new SslcommerzStandIn().start();
  gateway = new SslcommerzGateway({ baseUrl: standIn.baseUrl, ...STAND_IN_STORE }, quickRetry);
});
afterAll(async () => {
  await standIn.close();
});

let serial = 0;
function request(amountMinor = 150_000n): PaymentRequest {
  serial += 1;
  return {
    ourRef: `D${Date.now()}${serial}`,
    amountMinor,
    currency: 'BDT',
    channelCode: 'NAGAD',
    channelName: { EN: 'Nagad', BN: 'নগদ' },
    language: 'EN',
    returnUrl: 'https://khela.example/wps/payments/sslcommerz/return',
    notifyUrl: 'https://khela.example/wps/payments/sslcommerz/ipn',
    payer: { memberId: '42', name: 'Rahim Uddin', phone: '01712345678', email: null },
  };
}

/** What our routes hand the adapter for a form POST. */
const posted = (body: Record<string, string>) => ({
  method: 'POST',
  query: {},
  body,
  rawBody: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('amounts', () => {
  it('writes minor units as SSLCOMMERZ decimals and reads them back exactly', () => {
    expect(toDecimal(150_050n)).toBe('1500.50');
    expect(toDecimal(7n)).toBe('0.07');
    expect(fromDecimal('1500.50')).toBe(150_050n);
    expect(fromDecimal('1500.5')).toBe(150_050n);
    expect(fromDecimal('1500.5000')).toBe(150_050n);
    expect(fromDecimal('1500.505')).toBeNull();
    expect(fromDecimal('1e3')).toBeNull();
  });
});

describe('SSLCOMMERZ gateway', () => {
  it('is only made when the store is configured', () => {
    expect(sslcommerzGateway({ sslcommerz: undefined })).toBeUndefined();
    expect(
      sslcommerzGateway({ sslcommerz: { baseUrl: standIn.baseUrl, ...STAND_IN_STORE } })?.name,
    ).toBe('sslcommerz');
  });

  it('opens a session: the player is sent to its GatewayPageURL', async () => {
    const payment = request();
    const opened = await gateway.open(payment);
    expect(opened.ref).toBe(payment.ourRef);
    const session = [...standIn.sessions.values()].find((s) => s.form.tran_id === opened.ref);
    expect(opened.payUrl).toBe(`${standIn.baseUrl}/EasyCheckOut/${session?.sessionkey}`);
    expect(session?.form).toMatchObject({
      tran_id: payment.ourRef,
      total_amount: '1500.00',
      currency: 'BDT',
      ipn_url: payment.notifyUrl,
      success_url: payment.returnUrl,
      cus_name: 'Rahim Uddin',
      cus_phone: '01712345678',
    });
    expect(gateway.payUrl({ ref: opened.ref, ourRef: payment.ourRef }, 'EN')).toBeNull();
  });

  it('names the reason when SSLCOMMERZ refuses a session', async () => {
    const wrong = new SslcommerzGateway(
      { baseUrl: standIn.baseUrl, storeId: 'khela0test', storePassword: 'wrong' },
      quickRetry,
    );
    await expect(wrong.open(request())).rejects.toThrow(/Store Credential Error/);
  });

  it('pays a success POST and its IPN only through the validation API, as the same payment', async () => {
    const payment = request(250_075n);
    await gateway.open(payment);
    const fields = standIn.pay(payment.ourRef);
    const validationsBefore = standIn.callsTo(SSLCOMMERZ_PATHS.validation);

    const fromBrowser = await gateway.settle(posted(fields));
    const fromIpn = await gateway.settle(posted(fields));
    expect(standIn.callsTo(SSLCOMMERZ_PATHS.validation)).toBe(validationsBefore + 2);
    for (const verified of [fromBrowser, fromIpn]) {
      expect(verified).toMatchObject({
        ourRef: payment.ourRef,
        state: 'paid',
        amountMinor: 250_075n,
        currency: 'BDT',
        providerTxnId: fields.bank_tran_id,
      });
    }
    // The second look is SSLCOMMERZ's VALIDATED, still paid.
    expect(fromIpn.raw.status).toBe('VALIDATED');
  });

  it('does not pay a forged success POST whose val_id SSLCOMMERZ does not know', async () => {
    const payment = request();
    await gateway.open(payment);
    const verified = await gateway.settle(
      posted({
        status: 'VALID',
        tran_id: payment.ourRef,
        val_id: 'val-made-up-by-a-player',
        amount: '1500.00',
        currency: 'BDT',
      }),
    );
    // The made-up val_id proves nothing either way: the payment stays open for the player to pay.
    expect(verified.state).toBe('open');
    const paid = await gateway.settle(posted(standIn.pay(payment.ourRef)));
    expect(paid.state).toBe('paid');
  });

  it("does not pay our payment with another payment's val_id (tran_id mismatch), and says so", async () => {
    const cheap = request(10_000n);
    const dear = request(2_000_000n);
    await gateway.open(cheap);
    await gateway.open(dear);
    const paidCheap = standIn.pay(cheap.ourRef);
    const verified = await gateway.settle(posted({ ...paidCheap, tran_id: dear.ourRef }));
    expect(verified.ourRef).toBe(dear.ourRef);
    expect(verified.state).toBe('open');
    expect(verified.raw.mismatch).toBe(`tran_id ${cheap.ourRef} is not ${dear.ourRef}`);
  });

  it('reports an amount or currency other than the one opened as paid with what was paid, and says which', async () => {
    const short = request(150_000n);
    await gateway.open(short);
    const underpaid = await gateway.settle(posted(standIn.pay(short.ourRef, { amount: '15.00' })));
    expect(underpaid).toMatchObject({ state: 'paid', amountMinor: 1_500n });
    expect(underpaid.raw.mismatch).toBe('amount 1500 paid, 150000 opened');

    const foreign = request(150_000n);
    await gateway.open(foreign);
    const dollars = await gateway.settle(posted(standIn.pay(foreign.ourRef, { currency: 'USD' })));
    expect(dollars).toMatchObject({ state: 'paid', currency: 'USD' });
    expect(dollars.raw.mismatch).toBe('currency USD paid, BDT opened');
  });

  it("believes no failed or cancelled POST: SSLCOMMERZ's record of the tran_id decides", async () => {
    const payment = request();
    await gateway.open(payment);
    const paid = standIn.pay(payment.ourRef);
    // A forged "FAILED" for a payment that was paid does not fail it.
    const forged = await gateway.settle(posted({ status: 'FAILED', tran_id: payment.ourRef }));
    expect(forged.state).toBe('paid');
    expect(forged.providerTxnId).toBe(paid.bank_tran_id);

    const cancelled = request();
    await gateway.open(cancelled);
    const fields = standIn.cancel(cancelled.ourRef);
    expect((await gateway.settle(posted(fields))).state).toBe('failed');
  });

  it('refuses a request without a tran_id as invalid', async () => {
    await expect(gateway.settle(posted({ status: 'VALID', val_id: 'x' }))).rejects.toMatchObject({
      errorCode: 'validation.invalid',
    });
  });

  it('retries the validation API on 5xx and pays when it answers', async () => {
    const payment = request();
    await gateway.open(payment);
    const fields = standIn.pay(payment.ourRef);
    standIn.trouble(SSLCOMMERZ_PATHS.validation, '5xx', 2);
    const before = standIn.callsTo(SSLCOMMERZ_PATHS.validation);
    const verified = await gateway.settle(posted(fields));
    expect(verified.state).toBe('paid');
    expect(standIn.callsTo(SSLCOMMERZ_PATHS.validation)).toBe(before + 3);
  });

  it('reports GatewayUnavailable, not an outcome, when SSLCOMMERZ stays down or silent', async () => {
    const payment = request();
    await gateway.open(payment);
    const fields = standIn.pay(payment.ourRef);
    standIn.trouble(SSLCOMMERZ_PATHS.validation, '5xx', 3);
    await expect(gateway.settle(posted(fields))).rejects.toBeInstanceOf(GatewayUnavailable);
    standIn.trouble(SSLCOMMERZ_PATHS.transaction, 'silence', 3);
    await expect(gateway.query({ ref: 'x', ourRef: payment.ourRef })).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
    // Once it is back, the same payment is paid.
    expect((await gateway.settle(posted(fields))).state).toBe('paid');
  });

  it('finds by tran_id a payment whose callback never came; an unpaid one stays open', async () => {
    const payment = request(99_900n);
    const opened = await gateway.open(payment);
    expect((await gateway.query({ ref: opened.ref, ourRef: payment.ourRef })).state).toBe('open');
    const fields = standIn.pay(payment.ourRef);
    const validations = standIn.callsTo(SSLCOMMERZ_PATHS.validation);
    const verified = await gateway.query({ ref: opened.ref, ourRef: payment.ourRef });
    // Found by the query, paid on the validation API's word.
    expect(standIn.callsTo(SSLCOMMERZ_PATHS.validation)).toBe(validations + 1);
    expect(verified).toMatchObject({
      state: 'paid',
      amountMinor: 99_900n,
      currency: 'BDT',
      providerTxnId: fields.bank_tran_id,
    });
  });

  it('refunds a paid payment by its bank_tran_id', async () => {
    const payment = request();
    const opened = await gateway.open(payment);
    const fields = standIn.pay(payment.ourRef);
    const refund = await gateway.refund({
      ref: opened.ref,
      providerTxnId: fields.bank_tran_id!,
      amountMinor: 150_000n,
      reason: 'duplicate deposit',
    });
    expect(refund.refundRef).toMatch(/^ref/);
    await expect(
      gateway.refund({ ref: opened.ref, providerTxnId: 'nope', amountMinor: 1n, reason: 'x' }),
    ).rejects.toThrow(/Invalid bank_tran_id/);
  });
});
