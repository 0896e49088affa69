/**
 * The reconciliation pass: every few minutes (PAYMENT_RECONCILE_INTERVAL_MS) each process asks
 * the gateways about deposits still pending some minutes after they were made
 * (PAYMENT_RECONCILE_AFTER_MS): a player who paid but never came back, a notice that never
 * arrived. A paid answer goes through the cashier's one crediting path (credited exactly once);
 * an unpaid one past the deposit's expiry stores it as expired. Safe on several processes at
 * once: each takes its deposits with FOR UPDATE SKIP LOCKED and leases them for a while, so two
 * passes never ask about the same deposit at the same time (and if they did, crediting is
 * exactly-once anyway). Findings are logged, counted, and recorded for the operator.
 */
import { reconciliationFindings } from '../../lib/metrics';
import { CASHIER_LIMITS } from '@khela/contract/cashier';
import { AppError } from '../../errors';
import type { PaymentGateways } from '../../providers/payments/gateways';
import { GatewayUnavailable } from '../../providers/payments/payment-gateway';
import type { DepositsService } from './deposits.service';

export interface ReconcileCounts {
  checked: number;
  creditedLate: number;
  failed: number;
  expired: number;
  mismatched: number;
  stillOpen: number;
  unavailable: number;
}

export interface ReconcilerOptions {
  deposits: DepositsService;
  gateways: PaymentGateways;
  intervalMs: number;
  /** A pending deposit younger than this is left to its return and notice. */
  afterMs: number;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Deposits asked about per pass and process. */
  batch?: number;
  now?: () => number;
}

const emptyCounts = (): ReconcileCounts => ({
  checked: 0,
  creditedLate: 0,
  failed: 0,
  expired: 0,
  mismatched: 0,
  stillOpen: 0,
  unavailable: 0,
});

export class PaymentReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcileCounts> | undefined;
  /** Totals since start, for the operator's metrics. */
  readonly totals = emptyCounts();
  private readonly now: () => number;

  constructor(private readonly options: ReconcilerOptions) {
    this.now = options.now ?? Date.now;
  }

  start() {
    if (this.options.gateways.names().length === 0) return;
    this.timer = setInterval(() => {
      void this.runOnce().catch((error: unknown) => {
        this.options.log.error({ err: error }, 'payment reconciliation failed');
      });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass over the deposits due a check; one at a time per process. */
  runOnce(): Promise<ReconcileCounts> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<ReconcileCounts> {
    const { deposits, gateways, afterMs, intervalMs } = this.options;
    const counts = emptyCounts();
    const due = await deposits.claimForCheck(
      new Date(this.now() - afterMs),
      // Asked again after about one interval, whichever process runs the pass then.
      Math.max(intervalMs, 60_000),
      this.options.batch ?? 50,
    );
    for (const deposit of due) {
      const gateway = gateways.get(deposit.provider);
      if (!gateway) continue;
      counts.checked += 1;
      try {
        const verified = await gateway.query({ ref: deposit.providerRef, ourRef: deposit.ourRef });
        if (verified.state === 'paid') {
          const result = await deposits.applyVerified(gateway.name, verified);
          if (result.applied) {
            counts.creditedLate += 1;
            await deposits.recordFinding(gateway.name, 'creditedLate', verified, deposit);
          }
        } else if (verified.state === 'failed') {
          const result = await deposits.applyVerified(gateway.name, verified);
          if (result.applied) counts.failed += 1;
        } else if (deposit.createdAt.getTime() + CASHIER_LIMITS.depositExpiresMs <= this.now()) {
          if (await deposits.expire(deposit, verified)) counts.expired += 1;
        } else {
          counts.stillOpen += 1;
        }
      } catch (error) {
        if (error instanceof GatewayUnavailable) {
          counts.unavailable += 1;
        } else if (error instanceof AppError) {
          // A mismatch: recorded as a finding by the crediting path; nothing was credited.
          counts.mismatched += 1;
        } else {
          this.options.log.error({ err: error, depositId: String(deposit.id) }, 'reconciliation');
        }
      }
    }
    for (const key of Object.keys(counts) as (keyof ReconcileCounts)[]) {
      this.totals[key] += counts[key];
      if (key !== 'checked' && counts[key] > 0) {
        reconciliationFindings.inc({ finding: key }, counts[key]);
      }
    }
    if (counts.checked > 0) this.options.log.info({ ...counts }, 'payment reconciliation pass');
    return counts;
  }
}
