/**
 * The sandbox gateway: a stand-in for a bKash or Nagad style hosted checkout that moves only play
 * money. It exists only when PAYMENT_PROVIDERS lists `sandbox` (the quick start does), and it is
 * an outside party: the partners app (apps/partners/src/sandbox-gateway) at PAYMENT_SANDBOX_URL,
 * which keeps its own record of every payment. We open a payment through its API and send the
 * player to the pay page it answers; the player's choice there makes it send its notice the way
 * a gateway does, as an HTTP POST to our notify route. Both ways are signed with HMAC-SHA256
 * under PAYMENT_SANDBOX_SECRET, over `${timestamp}.${raw body}` (a GET: its path):
 *
 *   x-sandbox-timestamp: <unix seconds>
 *   x-sandbox-signature: sha256=<hex>
 *
 * A notice whose timestamp is more than 5 minutes off is refused, so an old notice captured on
 * the way cannot be played back later. The reconciliation pass and the player's return ask the
 * sandbox's status API, so a notice that never arrived still credits.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SANDBOX_NOTICE_TOLERANCE_S,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SandboxNoticeSchema,
  type SandboxNotice,
} from '@khela/contract/cashier';
import {
  SANDBOX_API_PAYMENTS_PATH,
  SandboxOpenAnswerSchema,
  SandboxPaymentStatusSchema,
  type SandboxOpenPayment,
} from '@khela/contract/cashier';
import type { Language } from '@khela/contract/language';
import { fieldErrors } from '@khela/contract/validation';
import { AppError } from '../../errors';
import { callPartner, DEFAULT_RETRY, type RetryPolicy } from './gateway-http';
import type {
  GatewayRequest,
  OpenedPayment,
  PaymentGateway,
  PaymentRequest,
  VerifiedPayment,
} from './payment-gateway';

export interface SandboxOptions {
  secret: string;
  /** The sandbox's base address (PAYMENT_SANDBOX_URL), e.g. http://127.0.0.1:4318. */
  baseUrl: string;
  /** Seconds since the epoch (tests move the clock). */
  now?: () => number;
  retry?: RetryPolicy;
}

/** The headers that sign a call to or from the sandbox: `payload` is a POST's raw body, a GET's path. */
export function sandboxSignature(
  secret: string,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return {
    [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
    [SANDBOX_SIGNATURE_HEADER]: `sha256=${digest}`,
  };
}

const header = (headers: GatewayRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly now: () => number;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: SandboxOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  /** Opens the payment at the sandbox, named by our reference; its answer is the pay page. */
  async open(request: PaymentRequest): Promise<OpenedPayment> {
    const payment: SandboxOpenPayment = {
      ref: request.ourRef,
      amountMinor: Number(request.amountMinor),
      currency: request.currency,
      channelName: request.channelName,
      notifyUrl: request.notifyUrl,
      returnUrl: request.returnUrl,
      language: request.language,
    };
    const body = JSON.stringify(payment);
    const answer = await callPartner(
      'sandbox',
      this.url(SANDBOX_API_PAYMENTS_PATH),
      { method: 'POST', headers: { 'content-type': 'application/json', ...this.sign(body) }, body },
      this.retry,
    );
    const opened = SandboxOpenAnswerSchema.safeParse(answer.body);
    if (answer.status !== 200 || !opened.success) {
      throw new Error(`the sandbox refused payment ${request.ourRef}: HTTP ${answer.status}`);
    }
    return { ref: request.ourRef, payUrl: opened.data.payUrl };
  }

  /** As other gateways' pages, the sandbox's is not rebuilt here: a retry shows the deposit page. */
  payUrl(_payment: { ref: string }, _language: Language): string | null {
    return null;
  }

  /**
   * A signed notice is the sandbox's word. The player's browser sent back (`?ref=` on our return
   * address) proves nothing: the sandbox is asked.
   */
  settle(request: GatewayRequest): Promise<VerifiedPayment> {
    const ref = request.query.ref;
    if (!header(request.headers, SANDBOX_SIGNATURE_HEADER) && ref !== undefined) {
      if (!/^[A-Za-z0-9]{1,64}$/.test(ref)) throw new AppError('validation.invalid');
      return this.query({ ref, ourRef: ref });
    }
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
   * The sandbox's status API. Undecided (open, or expired there) is open here: the pass stores
   * it as expired once the deposit is. A payment the sandbox does not know was never paid there.
   */
  async query(payment: { ref: string; ourRef: string }): Promise<VerifiedPayment> {
    const path = `${SANDBOX_API_PAYMENTS_PATH}/${encodeURIComponent(payment.ourRef)}`;
    const answer = await callPartner(
      'sandbox',
      this.url(path),
      { method: 'GET', headers: this.sign(path) },
      this.retry,
    );
    const unpaid = (raw: Record<string, unknown>): VerifiedPayment => ({
      ref: payment.ref,
      ourRef: payment.ourRef,
      state: 'open',
      amountMinor: 0n,
      currency: '',
      providerTxnId: null,
      raw,
    });
    if (answer.status === 404) return unpaid({ unknown: true });
    const status = SandboxPaymentStatusSchema.safeParse(answer.body);
    if (answer.status !== 200 || !status.success) {
      throw new Error(`the sandbox answered HTTP ${answer.status} about ${payment.ourRef}`);
    }
    const { state, amountMinor, currency } = status.data;
    if (state === 'open' || state === 'expired') return unpaid(status.data);
    return {
      ref: payment.ref,
      ourRef: payment.ourRef,
      state,
      amountMinor: BigInt(amountMinor),
      currency,
      providerTxnId: null,
      raw: status.data,
    };
  }

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`;
  }

  /** The headers that sign `rawBody` (a GET: its path) at `timestamp`. */
  sign(rawBody: string, timestamp = this.now()): Record<string, string> {
    return sandboxSignature(this.options.secret, rawBody, timestamp);
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
}
