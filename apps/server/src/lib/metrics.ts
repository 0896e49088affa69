/**
 * The process's Prometheus instruments (prom-client), in a registry of their own: any module
 * imports the counter it feeds from here and adds to it where the thing happens. They count what
 * this process did, so the site's figure is the sum over its processes. The site's stored figures
 * (deposits by state, outbox depth, …) are read from the database at scrape time instead
 * (plugins/metrics/site-figures.ts), and the metrics plugin serves both to the operator.
 *
 * Label values must come from a short, known list (a route pattern, a kind, a state), never from
 * what a client sent: every new value is a new series kept for the life of the process.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const processMetrics = new Registry();
// CPU, memory, event-loop delay, GC, handles: prom-client's standard process figures.
collectDefaultMetrics({ register: processMetrics });

/** Every answer, by route pattern (never the raw URL with its ids) and status; `_count` is the request count. */
export const httpRequestDuration = new Histogram({
  name: 'khela_http_request_duration_seconds',
  help: 'Time from request to answer, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const rateLimitRefusals = new Counter({
  name: 'khela_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429), by route pattern',
  labelNames: ['route'] as const,
  registers: [processMetrics],
});

/** Movements posted through Ledger.post (the game wallet's own posts are vendor wallet calls). */
export const ledgerMovements = new Counter({
  name: 'khela_ledger_movements_total',
  help: 'Ledger movements posted, by kind; outcome replayed: a retried key that moved nothing',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processMetrics],
});

export const ledgerMovedMinor = new Counter({
  name: 'khela_ledger_moved_minor_total',
  help: 'Money moved by ledger movements (the credited side, in minor units), by kind and currency',
  labelNames: ['kind', 'currency'] as const,
  registers: [processMetrics],
});

export const vendorWalletCalls = new Counter({
  name: 'khela_vendor_wallet_calls_total',
  help: "Game vendors' seamless-wallet calls, by vendor, operation and status code",
  labelNames: ['vendor', 'operation', 'status'] as const,
  registers: [processMetrics],
});

/** For the payment module's reconciliation pass: one per payment it had to settle or flag. */
export const reconciliationFindings = new Counter({
  name: 'khela_reconciliation_findings_total',
  help: 'Deposits the reconciliation pass settled or flagged, by finding (creditedLate, failed, expired, stillOpen, unavailable, mismatched)',
  labelNames: ['finding'] as const,
  registers: [processMetrics],
});

/** Each HTTP call to a payment partner: by provider, operation (the path's last part) and outcome. */
export const paymentProviderCalls = new Counter({
  name: 'khela_payment_provider_calls_total',
  help: 'Calls to payment providers (payments and payouts), by provider, operation and outcome',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  registers: [processMetrics],
});

/** Counts one call to a payment partner: `2xx`/`4xx`/`5xx` by its answer, `unreachable` without one. */
export function countPartnerCall(provider: string, url: string, status: number | undefined) {
  const operation = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '/';
  const outcome = status === undefined ? 'unreachable' : `${Math.floor(status / 100)}xx`;
  paymentProviderCalls.inc({ provider: provider.toLowerCase(), operation, outcome });
}

/** For the outbox's sender: each delivery attempt, by channel and outcome (sent, failed, retry). */
export const outboxDeliveries = new Counter({
  name: 'khela_outbox_deliveries_total',
  help: 'SMS and e-mail delivery attempts, by channel and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processMetrics],
});

/** Lookups of one named read cache, summed over its instances: plain numbers, read at scrape. */
export interface ReadCacheTally {
  hits: number;
  misses: number;
}
const readCacheTallies = new Map<string, ReadCacheTally>();

/** The tally a ReadCache named `name` adds its hits and misses to (one per name). */
export function readCacheTally(name: string): ReadCacheTally {
  let tally = readCacheTallies.get(name);
  if (!tally) readCacheTallies.set(name, (tally = { hits: 0, misses: 0 }));
  return tally;
}

// Counted as plain numbers on the hot path (a session lookup on nearly every request), copied
// into the counter only when scraped.
new Counter({
  name: 'khela_read_cache_lookups_total',
  help: 'Lookups in the in-process read caches (sessions, balances, …), by cache and result',
  labelNames: ['cache', 'result'] as const,
  registers: [processMetrics],
  collect() {
    this.reset();
    for (const [cache, tally] of readCacheTallies) {
      this.inc({ cache, result: 'hit' }, tally.hits);
      this.inc({ cache, result: 'miss' }, tally.misses);
    }
  },
});
