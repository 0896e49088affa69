/**
 * What `npm run bench` loads against the app. Each target is measured right after a fresh
 * hello-world run, and its throughput is reported as a ratio to that run.
 *
 * To add one: append an entry. Budgets are optional; a target without one is reported, not judged.
 * A target must answer 2xx (the run checks it once before loading it, and counts non-2xx answers
 * under load as a failure).
 */
export interface Budget {
  /** Minimum requests/s as a fraction of hello-world's in the same run (0.6 = 60 %). */
  ratioMin?: number;
  /** Maximum 99th-percentile latency, in milliseconds. */
  p99MaxMs?: number;
}

export interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Request body, sent as is (set content-type in `headers`). */
  body?: string;
  budget: Budget;
}

export const targets: Target[] = [
  {
    name: 'system status',
    path: '/wps/system/status',
    method: 'GET',
    budget: { ratioMin: 0.6, p99MaxMs: 10 },
  },
  {
    // What a browser sends: the answer (1.7 kB) is over the compression threshold, so each request
    // is compressed. Reported without a budget, beside the plain figure the budget applies to.
    name: 'system status, browser headers',
    path: '/wps/system/status',
    method: 'GET',
    headers: {
      'accept-encoding': 'gzip, deflate, br, zstd',
      'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8',
    },
    budget: {},
  },
];
