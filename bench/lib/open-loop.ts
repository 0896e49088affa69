/**
 * An open-loop load generator: work starts on a fixed schedule, whether or not earlier work has
 * been answered, and each call's latency runs from the moment it was due, so a call kept waiting
 * behind a slow one counts its wait (no coordinated omission). This is how a latency budget "at a
 * rate" is measured; wrk2 does the same.
 *
 * autocannon's `overallRate` does not do this: each connection sends back to back until it has
 * made its share of the second's requests, then idles until the next second, so every second
 * starts with a burst at full speed; and it corrects for coordinated omission with an interval of
 * `Math.ceil(1 / rate)` ms (1 ms at any rate above 1 req/s per connection), which multiplies slow
 * answers in the histogram. Its flat-out runs (throughput) are fine and stay in load.ts.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface OpenLoopCall {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenLoopSettings {
  /** Scheme, host and port: `http://127.0.0.1:3000`. */
  origin: string;
  /** Keep-alive connections opened before the run and kept for it. */
  connections: number;
  /** Jobs started per second. */
  rate: number;
  /** Seconds of load before the measured part (its latencies are discarded). */
  warmupSeconds: number;
  /** Measured seconds. */
  seconds: number;
}

export interface OpenLoopResult {
  /** Calls answered per second over the measured part. */
  callsPerSecond: number;
  /** Jobs started per second over the measured part (the schedule's rate when it kept up). */
  jobsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  calls: number;
  /** Calls answered over the whole run, warm-up included (for CPU time per call). */
  allCalls: number;
  non2xx: number;
  errors: number;
  /** Connections the pool held open at the end of the run. */
  connections: number;
}

/** The value at `share` (0.99: p99) of values sorted ascending. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One call on the pool; resolves with the answer's status when it has been read, 0 on a
 * connection error. dispatch() spares the body streams request() would make for every answer.
 */
const call = (pool: Pool, request: OpenLoopCall) =>
  new Promise<number>((resolve) => {
    let status = 0;
    pool.dispatch(
      { method: request.method, path: request.path, headers: request.headers, body: request.body },
      {
        onRequestStart: () => undefined,
        onResponseStart: (_controller, statusCode) => {
          status = statusCode;
        },
        onResponseEnd: () => resolve(status),
        onResponseError: () => resolve(0),
      },
    );
  });

/**
 * Starts `settings.rate` jobs a second for warm-up plus measured seconds. A job is a list of calls
 * made one after another on the pool (a round: its bet, then its win once the bet is answered);
 * the first call's latency runs from the job's due time, each later one's from when it was sent.
 * Only jobs due in the measured part are counted. `nextJob` is called once per job, on schedule.
 */
export async function openLoop(
  settings: OpenLoopSettings,
  nextJob: () => OpenLoopCall[],
): Promise<OpenLoopResult> {
  const pool = new Pool(settings.origin, {
    connections: settings.connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 60_000,
  });
  // Open every connection first: a call made while one is being opened would count the opening.
  await Promise.all(
    Array.from({ length: settings.connections }, () =>
      call(pool, { method: 'GET', path: '/healthz' }),
    ),
  );

  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let allCalls = 0;

  const send = async (request: OpenLoopCall, since: number, counted: boolean) => {
    const status = await call(pool, request);
    if (status === 0) {
      if (counted) errors += 1;
      return;
    }
    allCalls += 1;
    if (!counted) return;
    if (status < 200 || status >= 300) non2xx += 1;
    latencies.push(performance.now() - since);
  };
  const runJob = async (calls: OpenLoopCall[], dueAt: number, counted: boolean) => {
    let since = dueAt;
    for (const request of calls) {
      await send(request, since, counted);
      since = performance.now();
    }
  };

  const start = performance.now();
  const intervalMs = 1000 / settings.rate;
  const warmupJobs = Math.round(settings.rate * settings.warmupSeconds);
  const totalJobs = warmupJobs + Math.round(settings.rate * settings.seconds);
  const running = new Set<Promise<void>>();
  let started = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(totalJobs, Math.floor((performance.now() - start) / intervalMs) + 1);
      for (; started < due; started += 1) {
        const job = runJob(nextJob(), start + started * intervalMs, started >= warmupJobs);
        running.add(job);
        void job.finally(() => running.delete(job));
      }
      if (started < totalJobs) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const measuredFrom = start + warmupJobs * intervalMs;
  await Promise.all(running);
  const elapsedSeconds = (performance.now() - measuredFrom) / 1000;
  const connections = pool.stats.connected;
  await pool.close();

  latencies.sort((a, b) => a - b);
  const jobs = totalJobs - warmupJobs;
  return {
    callsPerSecond: latencies.length / elapsedSeconds,
    jobsPerSecond: jobs / elapsedSeconds,
    p50Ms: round2(percentile(latencies, 0.5)),
    p99Ms: round2(percentile(latencies, 0.99)),
    maxMs: round2(latencies.at(-1) ?? Number.NaN),
    calls: latencies.length,
    allCalls,
    non2xx,
    errors,
    connections,
  };
}
