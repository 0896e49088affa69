/**
 * The sandbox payment provider: a stand-in for a bKash or Nagad style gateway that needs no
 * network. Opening a payment gives a reference and the sandbox's own pay page (sandbox-pages.ts);
 * the player's choice there makes the sandbox send its notice the way a gateway does, as an HTTP
 * POST to our webhook, signed with HMAC-SHA256 over `${timestamp}.${raw body}`:
 *
 *   x-sandbox-timestamp: <unix seconds>
 *   x-sandbox-signature: sha256=<hex>
 *
 * A notice whose timestamp is more than 5 minutes off is refused, so an old notice captured on
 * the way cannot be played back later.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
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
import type { NewPayment, OpenedPayment, PaymentNotice, PaymentProvider } from './payment-provider';

export const SANDBOX_PAY_PREFIX = '/sandbox-pay';
export const SANDBOX_WEBHOOK_PATH = '/wps/wallet/webhooks/sandbox';

export interface SandboxOptions {
  secret: string;
  /** Seconds since the epoch (tests move the clock). */
  now?: () => number;
  /** How long the sandbox waits for our webhook to answer. */
  deliveryTimeoutMs?: number;
}

export interface Delivery {
  ok: boolean;
  status: number;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly now: () => number;

  constructor(private readonly options: SandboxOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  open(payment: NewPayment): Promise<OpenedPayment> {
    const ref = `SBX${randomBytes(10).toString('hex').toUpperCase()}`;
    return Promise.resolve({ ref, payUrl: this.payUrl(ref, payment.language) });
  }

  payUrl(ref: string, language: Language): string {
    return `${SANDBOX_PAY_PREFIX}/${encodeURIComponent(ref)}?language=${language}`;
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

  verifyNotice(rawBody: string, headers: IncomingHttpHeaders): PaymentNotice {
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
    const notice = parsed.data;
    return {
      ref: notice.ref,
      status: notice.status,
      amountMinor: BigInt(notice.amountMinor),
      currency: notice.currency,
      raw: notice,
    };
  }

  /**
   * Sends a signed notice to the merchant's webhook over HTTP, as the real gateway would.
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
