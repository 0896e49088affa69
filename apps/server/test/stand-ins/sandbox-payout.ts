/**
 * An in-process payout gateway for the withdrawal suites (the real sandbox payout gateway is the
 * partners app's, reached by providers/payments/sandbox-payout.ts). It behaves as the sandbox
 * does: a payout is accepted at once (processing) and reads as paid `delayMs` after it was sent;
 * a payee account ending in 0000 fails ("no such wallet account").
 *
 * Tests steer it: `settle` ends a payout paid or failed at once, `delayMs` Infinity waits for that
 * command, and `unavailable(n)` answers the next n calls as a gateway that is down. Sending the
 * same `ourRef` again answers the first payout: nothing is paid twice.
 */
import {
  GatewayUnavailable,
  type PayoutGateway,
  type PayoutRequest,
  type PayoutState,
} from '../../src/providers/payments/payment-gateway';

/** Payee accounts ending in this fail, as an account the wallet does not know would. */
const SANDBOX_FAILING_ACCOUNT_SUFFIX = '0000';

/** SBP-<sent at, ms>-<our ref>[-X when the account fails]: everything a query needs. */
const REF = /^SBP-(\d+)-([A-Za-z0-9]+)(-X)?$/;

export class SandboxPayoutStandIn implements PayoutGateway {
  readonly name = 'sandbox';
  /** Every send, by our ref, in order (tests count them). */
  readonly sends: string[] = [];
  /** The first reference per payout: a repeated send answers it (idempotent by our ref). */
  private readonly first = new Map<string, string>();
  private readonly commanded = new Map<
    string,
    { state: 'paid' | 'failed'; reason: string | null }
  >();
  private down = 0;
  private readonly delayMs: number;
  private readonly now: () => number;

  constructor(options: { delayMs?: number; now?: () => number } = {}) {
    this.delayMs = options.delayMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** The next `calls` sends or queries fail as a gateway that is down would (5xx, timeouts). */
  unavailable(calls: number) {
    this.down = calls;
  }

  /** Ends a payout now, as the wallet's own outcome. */
  settle(ourRef: string, state: 'paid' | 'failed', reason: string | null = null) {
    this.commanded.set(ourRef, {
      state,
      reason: state === 'failed' ? (reason ?? 'refused') : null,
    });
  }

  private reachable() {
    if (this.down > 0) {
      this.down -= 1;
      throw new GatewayUnavailable('sandbox payout gateway is down (as told)');
    }
  }

  async send(request: PayoutRequest): Promise<PayoutState> {
    this.reachable();
    this.sends.push(request.ourRef);
    const failing = request.account.endsWith(SANDBOX_FAILING_ACCOUNT_SUFFIX);
    const ref = `SBP-${this.now()}-${request.ourRef}${failing ? '-X' : ''}`;
    const earlier = this.first.get(request.ourRef);
    if (earlier) return this.state(earlier, request.ourRef);
    this.first.set(request.ourRef, ref);
    return this.state(ref, request.ourRef);
  }

  async query(payout: { ref: string | null; ourRef: string }): Promise<PayoutState> {
    this.reachable();
    const ref = payout.ref ?? this.first.get(payout.ourRef);
    if (!ref) return { ref: null, state: 'failed', reason: 'no such payout', raw: {} };
    return this.state(ref, payout.ourRef);
  }

  private state(ref: string, ourRef: string): PayoutState {
    const raw = { ref, ourRef, playMoney: true };
    const commanded = this.commanded.get(ourRef);
    if (commanded) return { ref, ...commanded, raw };
    const parts = REF.exec(ref);
    if (parts?.[3]) return { ref, state: 'failed', reason: 'no such wallet account', raw };
    const sentAt = Number(parts?.[1] ?? Number.NaN);
    const paid = Number.isFinite(sentAt) && this.now() >= sentAt + this.delayMs;
    return { ref, state: paid ? 'paid' : 'processing', reason: null, raw };
  }
}
