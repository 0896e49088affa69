/**
 * The sandbox payout gateway (PAYOUT_PROVIDERS=sandbox, play money): the partners app's sandbox,
 * at PAYMENT_SANDBOX_URL, signed with PAYMENT_SANDBOX_SECRET as its payments are. A payout is sent
 * with our reference (its idempotency key: the same reference again is the same payout) and
 * asked about by it. The sandbox accepts it at once, pays it a few seconds later, and fails one to
 * an account ending in 0000, so the demo can show a failed payout.
 */
import {
  SANDBOX_API_PAYOUTS_PATH,
  SandboxPayoutStatusSchema,
  type SandboxPayoutRequest,
} from '@khela/contract/cashier';
import { callPartner, DEFAULT_RETRY, type RetryPolicy } from './gateway-http';
import type { PayoutGateway, PayoutRequest, PayoutState } from './payment-gateway';
import { sandboxSignature } from './sandbox-gateway';

export interface SandboxPayoutOptions {
  baseUrl: string;
  secret: string;
  retry?: RetryPolicy;
}

export class SandboxPayoutGateway implements PayoutGateway {
  readonly name = 'sandbox';

  constructor(private readonly options: SandboxPayoutOptions) {}

  async send(request: PayoutRequest): Promise<PayoutState> {
    const payout: SandboxPayoutRequest = {
      ref: request.ourRef,
      amountMinor: Number(request.amountMinor),
      currency: request.currency,
      account: request.account,
      accountName: request.accountName,
    };
    const body = JSON.stringify(payout);
    const answer = await callPartner(
      'sandbox',
      this.url(SANDBOX_API_PAYOUTS_PATH),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...sandboxSignature(this.options.secret, body),
        },
        body,
      },
      this.options.retry ?? DEFAULT_RETRY,
    );
    return this.state(answer.status, answer.body, request.ourRef);
  }

  async query(payout: { ref: string | null; ourRef: string }): Promise<PayoutState> {
    const path = `${SANDBOX_API_PAYOUTS_PATH}/${encodeURIComponent(payout.ourRef)}`;
    const answer = await callPartner(
      'sandbox',
      this.url(path),
      { method: 'GET', headers: sandboxSignature(this.options.secret, path) },
      this.options.retry ?? DEFAULT_RETRY,
    );
    // Never received: nothing was paid, and nothing will be.
    if (answer.status === 404)
      return { ref: null, state: 'failed', reason: 'no such payout', raw: {} };
    return this.state(answer.status, answer.body, payout.ourRef);
  }

  private state(status: number, body: unknown, ourRef: string): PayoutState {
    const parsed = SandboxPayoutStatusSchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      throw new Error(`the sandbox answered HTTP ${status} about payout ${ourRef}`);
    }
    const { ref, state, reason } = parsed.data;
    return { ref, state, reason, raw: { ...parsed.data, playMoney: true } };
  }

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`;
  }
}
