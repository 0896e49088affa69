/**
 * SSLCOMMERZ (one aggregator for Nagad, Rocket, cards and banks), hosted payment page, API v4:
 *
 * - open: the session API (`/gwprocess/v4/api.php`, a form POST) answers a `GatewayPageURL` where
 *   the player pays and a `sessionkey`. Our payment id is the `tran_id`.
 * - settle: the player's browser comes back by POST to success/fail/cancel and SSLCOMMERZ POSTs
 *   the IPN; both carry `tran_id`, `val_id` (when paid) and `status`. Neither is believed: a
 *   `val_id` is looked up with the order validation API, and a request without one is answered by
 *   the transaction query for its `tran_id`.
 * - query: the transaction query by `tran_id` (`merchantTransIDvalidationAPI.php`), for
 *   reconciliation and the page a player returns to; a paid attempt it lists is confirmed by the
 *   validation API on its `val_id`.
 * - refund: the refund API of the same endpoint, by `bank_tran_id`.
 *
 * Only the validation API's VALID or VALIDATED pays, and only when its `tran_id`, amount and
 * currency are ours. What is ours travels with the session: `value_a` and `value_b` carry the
 * amount in minor units and the currency we opened it for, set server to server and returned by
 * the validation and query APIs, so every process can check them without a lookup of its own.
 * Another amount or currency is answered as paid with what was paid and `raw.mismatch`: the
 * cashier compares every gateway's answer with the deposit, credits nothing and records a finding.
 */
import type { Language } from '@khela/contract/language';
import { AppError } from '../../../errors';
import { callPartner, DEFAULT_RETRY, type RetryPolicy } from '../gateway-http';
import {
  GatewayUnavailable,
  type GatewayRequest,
  type OpenedPayment,
  type PaymentGateway,
  type PaymentRequest,
  type RefundRequest,
  type VerifiedPayment,
} from '../payment-gateway';

export interface SslcommerzConfig {
  /** https://sandbox.sslcommerz.com or https://securepay.sslcommerz.com (no trailing slash). */
  baseUrl: string;
  storeId: string;
  storePassword: string;
}

export const SSLCOMMERZ_PATHS = {
  session: '/gwprocess/v4/api.php',
  validation: '/validator/api/validationserverAPI.php',
  transaction: '/validator/api/merchantTransIDvalidationAPI.php',
} as const;

/** The validation API's word for a payment that is paid (VALIDATED: validated before). */
const PAID = new Set(['VALID', 'VALIDATED']);
/** Ends of a transaction that will never be paid. */
const OVER = new Set(['FAILED', 'CANCELLED', 'EXPIRED', 'INVALID_TRANSACTION']);

type Fields = Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Minor units as SSLCOMMERZ writes amounts: "1234.50". */
export function toDecimal(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** "1234.5", "1234.50", "1234.5000" → 123450n; anything else (or a third non-zero decimal) → null. */
export function fromDecimal(value: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (/[1-9]/.test(fraction.slice(2))) return null;
  return BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2));
}

export class SslcommerzGateway implements PaymentGateway {
  readonly name = 'sslcommerz';

  constructor(
    private readonly config: SslcommerzConfig,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  private url(path: string, query: Record<string, string> = {}) {
    const url = new URL(path, `${this.config.baseUrl}/`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }

  private credentials() {
    return { store_id: this.config.storeId, store_passwd: this.config.storePassword };
  }

  private async get(path: string, query: Record<string, string>): Promise<Fields> {
    const answer = await callPartner(
      'SSLCOMMERZ',
      this.url(path, query),
      { method: 'GET' },
      this.retry,
    );
    return this.fields(answer.status, answer.body);
  }

  private fields(status: number, body: unknown): Fields {
    if (status >= 400 || typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new Error(`SSLCOMMERZ answered HTTP ${status} with an unexpected body`);
    }
    return body as Fields;
  }

  async open(request: PaymentRequest): Promise<OpenedPayment> {
    const form = new URLSearchParams({
      ...this.credentials(),
      total_amount: toDecimal(request.amountMinor),
      currency: request.currency,
      tran_id: request.ourRef,
      // The browser comes back by POST with the outcome in its body, so one address serves all three.
      success_url: request.returnUrl,
      fail_url: request.returnUrl,
      cancel_url: request.returnUrl,
      ipn_url: request.notifyUrl,
      cus_name: request.payer.name,
      // Required by the session API; a member without an e-mail address gets a non-deliverable one.
      cus_email: request.payer.email ?? `member-${request.payer.memberId}@example.invalid`,
      cus_phone: request.payer.phone ?? 'N/A',
      cus_add1: 'N/A',
      cus_city: 'N/A',
      cus_postcode: 'N/A',
      cus_country: 'Bangladesh',
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: 'Account deposit',
      product_category: 'Deposit',
      product_profile: 'non-physical-goods',
      // Ours, returned by the validation and query APIs: what the payment must be.
      value_a: request.amountMinor.toString(),
      value_b: request.currency,
      value_c: request.channelCode,
    });
    const answer = await callPartner(
      'SSLCOMMERZ',
      this.url(SSLCOMMERZ_PATHS.session),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      this.retry,
    );
    const body = this.fields(answer.status, answer.body);
    const pageUrl = text(body.GatewayPageURL);
    if (text(body.status) !== 'SUCCESS' || !pageUrl) {
      throw new Error(
        `SSLCOMMERZ refused the session for ${request.ourRef}: ${text(body.failedreason) || 'no reason given'}`,
      );
    }
    // The payment is known by our tran_id: every POST, IPN and query names it, never the session
    // key, so the cashier finds the deposit by the same reference whichever arrives.
    return { ref: request.ourRef, payUrl: pageUrl };
  }

  async settle(request: GatewayRequest): Promise<VerifiedPayment> {
    const fields = { ...request.query, ...request.body };
    const tranId = text(fields.tran_id);
    const valId = text(fields.val_id);
    if (!/^[A-Za-z0-9_-]{1,30}$/.test(tranId)) throw new AppError('validation.invalid');
    // A failed, cancelled or forged request: SSLCOMMERZ's own record of the transaction decides.
    if (!valId) return this.query({ ref: tranId, ourRef: tranId });
    return this.validate(tranId, tranId, valId);
  }

  /** The order validation API on one val_id: the only answer that can pay. */
  private async validate(
    ref: string,
    ourRef: string,
    valId: string,
    fromQuery = false,
  ): Promise<VerifiedPayment> {
    const validated = await this.get(SSLCOMMERZ_PATHS.validation, {
      val_id: valId,
      ...this.credentials(),
      v: '1',
      format: 'json',
    });
    // A val_id SSLCOMMERZ does not vouch for (made up by a player) says nothing about our
    // payment, which may still be paid: SSLCOMMERZ's record of the tran_id decides.
    if (!fromQuery && text(validated.status) === 'INVALID_TRANSACTION') {
      return this.query({ ref, ourRef });
    }
    return this.verdict(ref, ourRef, validated);
  }

  async query(payment: { ref: string; ourRef: string }): Promise<VerifiedPayment> {
    const answer = await this.get(SSLCOMMERZ_PATHS.transaction, {
      tran_id: payment.ourRef,
      ...this.credentials(),
      format: 'json',
    });
    this.connected(answer);
    const elements = Array.isArray(answer.element) ? (answer.element as Fields[]) : [];
    // Several tries of one session may be recorded: a paid one wins, then one still going.
    // The query finds a paid attempt; the validation API on its val_id still decides.
    const paid = elements.find((element) => PAID.has(text(element.status)) && text(element.val_id));
    if (paid) return this.validate(payment.ref, payment.ourRef, text(paid.val_id), true);
    const last = elements.at(-1);
    const allOver = elements.length > 0 && elements.every((e) => OVER.has(text(e.status)));
    return {
      ...this.unpaid(payment.ref, payment.ourRef, allOver ? 'failed' : 'open', answer),
      ...(last ? this.amounts(last) : {}),
    };
  }

  /** The session page cannot be rebuilt from its key: a retried deposit opens a new session. */
  payUrl(_payment: { ref: string; ourRef: string }, _language: Language): string | null {
    return null;
  }

  async refund(payment: RefundRequest): Promise<{ refundRef: string }> {
    const answer = await this.get(SSLCOMMERZ_PATHS.transaction, {
      bank_tran_id: payment.providerTxnId,
      refund_amount: toDecimal(payment.amountMinor),
      refund_remarks: payment.reason.slice(0, 255),
      refe_id: payment.ref,
      ...this.credentials(),
      format: 'json',
    });
    this.connected(answer);
    const refundRef = text(answer.refund_ref_id);
    if (!['success', 'processing'].includes(text(answer.status)) || !refundRef) {
      throw new Error(`SSLCOMMERZ refused the refund: ${text(answer.errorReason) || 'no reason'}`);
    }
    return { refundRef };
  }

  /** APIConnect other than DONE: the call itself failed (credentials, store, their side). */
  private connected(answer: Fields) {
    const connect = text(answer.APIConnect);
    if (connect === 'DONE') return;
    if (connect === 'FAILED') throw new GatewayUnavailable('SSLCOMMERZ APIConnect FAILED');
    throw new Error(
      `SSLCOMMERZ APIConnect ${connect || 'missing'}: check the store id and password`,
    );
  }

  private amounts(fields: Fields) {
    // currency_type / currency_amount are the order's own terms when SSLCOMMERZ converted it.
    const currency = text(fields.currency_type) || text(fields.currency);
    const amount = fromDecimal(text(fields.currency_amount) || text(fields.amount));
    return { currency, amountMinor: amount ?? -1n };
  }

  private unpaid(
    ref: string,
    ourRef: string,
    state: 'open' | 'failed',
    raw: Fields,
    mismatch?: string,
  ): VerifiedPayment {
    return {
      ref,
      ourRef,
      state,
      amountMinor: 0n,
      currency: '',
      providerTxnId: null,
      raw: mismatch ? { ...raw, mismatch } : raw,
    };
  }

  /** A record from the validation or query API, checked against what we opened. */
  private verdict(ref: string, ourRef: string, record: Fields): VerifiedPayment {
    const status = text(record.status);
    if (!PAID.has(status)) {
      return this.unpaid(ref, ourRef, OVER.has(status) ? 'failed' : 'open', record);
    }
    const { amountMinor, currency } = this.amounts(record);
    const payment = {
      ref,
      ourRef,
      amountMinor,
      currency,
      providerTxnId: text(record.bank_tran_id) || null,
    };
    // Someone else's paid val_id sent with our tran_id: nothing changes for ours.
    if (text(record.tran_id) !== ourRef) {
      return this.unpaid(
        ref,
        ourRef,
        'open',
        record,
        `tran_id ${text(record.tran_id)} is not ${ourRef}`,
      );
    }
    // Another amount or currency than we opened is still SSLCOMMERZ's word that money moved. It is
    // reported as paid with the amount paid: the cashier compares it with the deposit, credits
    // nothing and records a finding for the operator (one rule for every gateway).
    const ours = { amount: text(record.value_a), currency: text(record.value_b) };
    const mismatch =
      ours.amount !== amountMinor.toString()
        ? `amount ${amountMinor} paid, ${ours.amount || '?'} opened`
        : ours.currency !== currency
          ? `currency ${currency} paid, ${ours.currency || '?'} opened`
          : undefined;
    if (mismatch) return { ...payment, state: 'paid', raw: { ...record, mismatch } };
    // The docs ask merchants to hold risky payments (risk_level 1) and check the customer.
    if (text(record.risk_level) === '1') {
      return { ...payment, state: 'open', raw: { ...record, hold: text(record.risk_title) } };
    }
    return { ...payment, state: 'paid', raw: record };
  }
}

/** The gateway for a configured store; undefined without SSLCOMMERZ_* (nothing to wire). */
export function sslcommerzGateway(
  config: { sslcommerz: SslcommerzConfig | undefined },
  retry?: RetryPolicy,
): SslcommerzGateway | undefined {
  return config.sslcommerz ? new SslcommerzGateway(config.sslcommerz, retry) : undefined;
}
