/** One load measurement with autocannon: a discarded warm-up, then the measured run. */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  method: NonNullable<autocannon.Options['method']>;
  headers?: Record<string, string>;
  body?: string;
  /** A fresh path (and query) for each request, for answers no cache can hold. */
  nextPath?: () => string;
  /** A fresh path and headers for each request (several members' sessions). */
  nextRequest?: () => { path: string; headers?: Record<string, string> };
}

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  /** Measured seconds per run, split over `rounds`. */
  durationSeconds: number;
  rounds: number;
}

export interface LoadResult {
  /** Mean of the per-second request counts. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  /** CPU time the server process spent per request, in microseconds, when it can be read. */
  serverCpuPerRequestUs: number | undefined;
}

function run(request: LoadRequest, settings: LoadSettings, seconds: number) {
  return autocannon({
    url: request.url,
    method: request.method,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.nextPath
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, path: request.nextPath!() }),
            },
          ],
        }
      : {}),
    ...(request.nextRequest
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const next = request.nextRequest!();
                return { ...req, path: next.path, headers: { ...req.headers, ...next.headers } };
              },
            },
          ],
        }
      : {}),
    connections: settings.connections,
    pipelining: 1,
    duration: seconds,
  });
}

/** Warms the server up with a discarded run. */
export async function warmUp(request: LoadRequest, settings: LoadSettings) {
  if (settings.warmupSeconds > 0) await run(request, settings, settings.warmupSeconds);
}

/**
 * One measured run (no warm-up). `serverCpu` reads the server process's CPU seconds so far
 * (see processes.ts `cpuSeconds`).
 */
export async function measure(
  request: LoadRequest,
  settings: LoadSettings,
  serverCpu: () => number | undefined,
): Promise<LoadResult> {
  const cpuBefore = serverCpu();
  const result = await run(request, settings, settings.durationSeconds);
  const cpuAfter = serverCpu();
  const cpuUsed =
    cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpuPerRequestUs:
      cpuUsed !== undefined && result.requests.total > 0
        ? (cpuUsed * 1e6) / result.requests.total
        : undefined,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Rounds of one run taken together: totals summed, rates and latencies their medians. */
export function combine(rounds: LoadResult[]): LoadResult {
  const cpu = rounds.map((round) => round.serverCpuPerRequestUs);
  const total = rounds.reduce((sum, round) => sum + round.totalRequests, 0);
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    totalRequests: total,
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    serverCpuPerRequestUs: cpu.every((value) => value !== undefined)
      ? rounds.reduce((sum, round) => sum + round.serverCpuPerRequestUs! * round.totalRequests, 0) /
        total
      : undefined,
  };
}

export { median };
