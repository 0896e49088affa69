/**
 * A local sandbox gateway for the tests, answering its merchant API as the partners app does
 * (apps/partners/src/sandbox-gateway): POST /sandbox/api/payments opens a payment (idempotent on
 * its ref) and answers its payUrl, GET /sandbox/api/payments/<ref> tells its state. Both check
 * the merchant's signature. A test plays the player with `decide` (the state the pay page would
 * record, and the signed notice it would send; deposits.test-kit's sandboxDecision posts it), and
 * makes trouble with `trouble` (the next calls answer 503).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SANDBOX_API_PAYMENTS_PATH,
  SANDBOX_NOTICE_TOLERANCE_S,
  SANDBOX_PAY_PREFIX,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SandboxOpenPaymentSchema,
  type SandboxNotice,
  type SandboxOpenPayment,
} from '@khela/contract/cashier';
import { startHttpStandIn, type HttpStandIn, type StandInRequest } from '../http-stand-in';

/** The secret the test servers share with the sandbox (testConfig's PAYMENT_SANDBOX_SECRET). */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789';
/** A sandbox address nothing listens on, for apps that never open a payment. */
export const NO_SANDBOX_URL = 'http://127.0.0.1:9';

export interface StandInPayment extends SandboxOpenPayment {
  state: 'open' | 'paid' | 'failed' | 'expired';
}

export interface SignedNotice {
  /** The merchant's notify address, as it gave it. */
  notifyUrl: string;
  body: string;
  headers: Record<string, string>;
}

export function signSandbox(
  payload: string,
  secret = TEST_SANDBOX_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return {
    [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
    [SANDBOX_SIGNATURE_HEADER]: `sha256=${digest}`,
  };
}

const header = (request: StandInRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export class SandboxStandIn {
  readonly payments = new Map<string, StandInPayment>();
  private standIn: HttpStandIn | undefined;
  private troubles = 0;

  constructor(private readonly secret = TEST_SANDBOX_SECRET) {}

  get baseUrl(): string {
    if (!this.standIn) throw new Error('sandbox stand-in not started');
    return this.standIn.url;
  }

  /** Every call the merchant made, in order. */
  get requests(): StandInRequest[] {
    return this.standIn?.requests ?? [];
  }

  async start(): Promise<this> {
    this.standIn = await startHttpStandIn((request) => this.answer(request));
    return this;
  }

  close() {
    return this.standIn?.close();
  }

  /** The next `times` calls answer 503. */
  trouble(times = 1) {
    this.troubles += times;
  }

  payment(ref: string): StandInPayment {
    const payment = this.payments.get(ref);
    if (!payment) throw new Error(`sandbox stand-in: no payment ${ref}`);
    return payment;
  }

  /**
   * The player approves (`paid`) or declines (`failed`) on the pay page: the state is recorded,
   * and the answer is the notice the sandbox sends (`changes` tamper with it).
   */
  decide(
    ref: string,
    status: 'paid' | 'failed',
    changes: Partial<SandboxNotice> = {},
    timestamp?: number,
  ): SignedNotice {
    const payment = this.payment(ref);
    if (payment.state === 'open') payment.state = status;
    const notice: SandboxNotice = {
      ref,
      status: payment.state === 'paid' ? 'paid' : 'failed',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      ...changes,
    };
    const body = JSON.stringify(notice);
    return {
      notifyUrl: payment.notifyUrl,
      body,
      headers: { 'content-type': 'application/json', ...signSandbox(body, this.secret, timestamp) },
    };
  }

  private signed(request: StandInRequest, payload: string): boolean {
    const timestamp = header(request, SANDBOX_TIMESTAMP_HEADER) ?? '';
    const signature = header(request, SANDBOX_SIGNATURE_HEADER) ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || !/^sha256=[0-9a-f]{64}$/.test(signature)) return false;
    const expected = signSandbox(payload, this.secret, Number(timestamp))[
      SANDBOX_SIGNATURE_HEADER
    ]!;
    const fresh =
      Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) <= SANDBOX_NOTICE_TOLERANCE_S;
    return fresh && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  }

  private answer(request: StandInRequest) {
    if (this.troubles > 0) {
      this.troubles -= 1;
      return { status: 503, text: 'unavailable' };
    }
    if (request.method === 'POST' && request.path === SANDBOX_API_PAYMENTS_PATH) {
      if (!this.signed(request, request.body)) return { status: 401, json: { error: 'signature' } };
      const parsed = SandboxOpenPaymentSchema.safeParse(JSON.parse(request.body));
      if (!parsed.success) return { status: 400, json: { error: 'invalid' } };
      const known = this.payments.get(parsed.data.ref);
      if (known && known.amountMinor !== parsed.data.amountMinor) {
        return { status: 409, json: { error: 'conflict' } };
      }
      if (!known) this.payments.set(parsed.data.ref, { ...parsed.data, state: 'open' });
      const { ref, language } = parsed.data;
      return {
        status: 200,
        json: { payUrl: `${this.baseUrl}${SANDBOX_PAY_PREFIX}/${ref}?language=${language}` },
      };
    }
    const prefix = `${SANDBOX_API_PAYMENTS_PATH}/`;
    if (request.method === 'GET' && request.path.startsWith(prefix)) {
      if (!this.signed(request, request.path)) return { status: 401, json: { error: 'signature' } };
      const payment = this.payments.get(decodeURIComponent(request.path.slice(prefix.length)));
      if (!payment) return { status: 404, json: { error: 'unknown' } };
      const { ref, state, amountMinor, currency } = payment;
      return { status: 200, json: { ref, state, amountMinor, currency } };
    }
    return { status: 404, json: { error: 'not found' } };
  }
}
