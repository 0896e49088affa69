/**
 * The sandbox gateway: a stand-in for a bKash or Nagad style gateway that needs no network and
 * moves only play money. It exists only when PAYMENT_PROVIDERS lists `sandbox` (the quick start
 * does). Opening a payment gives the sandbox's own pay page (sandbox-pages.ts), named by our own
 * reference; the player's choice there makes the sandbox send its notice the way a gateway does,
 * as an HTTP POST to our notify route, signed with HMAC-SHA256 over `${timestamp}.${raw body}`:
 *
 *   x-sandbox-timestamp: <unix seconds>
 *   x-sandbox-signature: sha256=<hex>
 *
 * A notice whose timestamp is more than 5 minutes off is refused, so an old notice captured on
 * the way cannot be played back later. The secret is PAYMENT_SANDBOX_SECRET or one kept in the
 * database, so every process of a scaled-out site checks the same signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SANDBOX_NOTICE_TOLERANCE_S,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SandboxNoticeSchema,
  type SandboxNotice,
} from '@khela/contract/cashier';
import type { Language } from '@khela/contract/language';
import { fieldErrors } from '@khela/contract/validation';
import { AppError } from '../../errors';
import { notifyPath } from './gateway-paths';
import type {
  GatewayRequest,
  OpenedPayment,
  PaymentGateway,
  PaymentRequest,
  VerifiedPayment,
} from './payment-gateway';

export const SANDBOX_PAY_PREFIX = '/sandbox-pay';
export const SANDBOX_WEBHOOK_PATH = notifyPath('sandbox');

export interface SandboxOptions {
  secret: string;
  /** Seconds since the epoch (tests move the clock). */
  now?: () => number;
  /** How long the sandbox waits for our notify route to answer. */
  deliveryTimeoutMs?: number;
}

export interface Delivery {
  ok: boolean;
  status: number;
}

const header = (headers: GatewayRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly now: () => number;

  constructor(private readonly options: SandboxOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** The sandbox names its payments by our reference: it keeps no records of its own. */
  open(request: PaymentRequest): Promise<OpenedPayment> {
    return Promise.resolve({
      ref: request.ourRef,
      payUrl: this.payPage(request.ourRef, request.language),
    });
  }

  payUrl(payment: { ref: string }, language: Language): string {
    return this.payPage(payment.ref, language);
  }

  private payPage(ref: string, language: Language) {
    return `${SANDBOX_PAY_PREFIX}/${encodeURIComponent(ref)}?language=${language}`;
  }

  settle(request: GatewayRequest): Promise<VerifiedPayment> {
    const notice = this.verifyNotice(request.rawBody, request.headers);
    return Promise.resolve({
      ref: notice.ref,
      ourRef: notice.ref,
      state: notice.status,
      amountMinor: BigInt(notice.amountMinor),
      currency: notice.currency,
      providerTxnId: null,
      raw: notice,
    });
  }

  /**
   * The sandbox has nothing to tell beyond its notices: a payment whose notice never arrived
   * was never decided, so it is still open (the pass lets it expire).
   */
  query(payment: { ref: string; ourRef: string }): Promise<VerifiedPayment> {
    return Promise.resolve({
      ref: payment.ref,
      ourRef: payment.ourRef,
      state: 'open',
      amountMinor: 0n,
      currency: '',
      providerTxnId: null,
      raw: {},
    });
  }

  /** The headers that sign `rawBody` at `timestamp`. */
  sign(rawBody: string, timestamp = this.now()): Record<string, string> {
    const digest = createHmac('sha256', this.options.secret)
      .update(`${timestamp}.${rawBody}`)
      .digest('hex');
    return {
      [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
      [SANDBOX_SIGNATURE_HEADER]: `sha256=${digest}`,
    };
  }

  /**
   * Checks a notice's signature over the raw body and reads it. A missing, wrong or stale
   * signature throws AppError('payment.signatureInvalid'); a body that is not a notice throws
   * AppError('validation.invalid').
   */
  verifyNotice(rawBody: string, headers: GatewayRequest['headers']): SandboxNotice {
    const timestamp = header(headers, SANDBOX_TIMESTAMP_HEADER) ?? '';
    const signature = header(headers, SANDBOX_SIGNATURE_HEADER) ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || !/^sha256=[0-9a-f]{64}$/i.test(signature)) {
      throw new AppError('payment.signatureInvalid');
    }
    const expected = createHmac('sha256', this.options.secret)
      .update(`${timestamp}.${rawBody}`)
      .digest();
    const given = Buffer.from(signature.slice('sha256='.length), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('payment.signatureInvalid');
    }
    if (Math.abs(this.now() - Number(timestamp)) > SANDBOX_NOTICE_TOLERANCE_S) {
      throw new AppError('payment.signatureInvalid', { reason: 'stale' });
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new AppError('request.malformed');
    }
    const parsed = SandboxNoticeSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('validation.invalid', { fields: fieldErrors(parsed.error.issues, 'EN') });
    }
    return parsed.data;
  }

  /**
   * Sends a signed notice to the merchant's notify route over HTTP, as the real gateway would.
   * Network failures answer `{ ok: false, status: 0 }`; the pay page offers to try again.
   */
  async deliver(webhookUrl: string, notice: SandboxNotice): Promise<Delivery> {
    const body = JSON.stringify(notice);
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.sign(body) },
        body,
        signal: AbortSignal.timeout(this.options.deliveryTimeoutMs ?? 10_000),
      });
      await res.arrayBuffer();
      return { ok: res.ok, status: res.status };
    } catch {
      return { ok: false, status: 0 };
    }
  }
}
