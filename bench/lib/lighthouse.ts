/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on a page of the running
 * app, in the system Chromium. Each run starts a new browser with a profile of its own, so no run
 * finds the service worker, cache or storage an earlier one left, and loads the page twice in it:
 * a first visit, as a player's phone makes it, then a repeat visit (same profile: the service
 * worker installed and the cache warm), after which the page sits idle for IDLE_MS and every
 * main-thread task of that idle time is recorded. Also weighs every script the first visit
 * loaded, our own files gzipped at level 9 as the budget counts them: the entry, the shell and
 * the route's lazy chunks alike.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How long the first visit leaves the loaded page idle (Lighthouse's `pauseAfterLoadMs`). */
export const IDLE_MS = 10_000;
/** Idle time starts this long after the load event (the page's own after-load work is over). */
export const IDLE_SETTLE_MS = 2_000;

export interface PageVisit {
  score: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** Bytes the page's requests took from the network (a warm repeat visit: next to none). */
  transferBytes: number;
}

export interface IdleTasks {
  /** Length of the idle time looked at, ms. */
  windowMs: number;
  /** The preset's CPU slowdown, by which each observed task is multiplied (as its simulation does). */
  cpuSlowdown: number;
  /** Main-thread tasks of the idle time of 50 ms or more (after the slowdown), ms, longest first. */
  longTasksMs: number[];
  /** The longest main-thread task of the idle time (after the slowdown), ms. */
  longestMs: number;
  /** Main-thread tasks in the idle time, of any length. */
  taskCount: number;
}

export interface LighthouseRun extends PageVisit {
  /**
   * The first visit's TBT computed again from the same trace with each main-thread task's thread
   * time in place of its wall time: what the page's own work costs, without the time other
   * processes on the machine kept it from running (not judged; see README).
   */
  threadTimeTbtMs: number;
  /** Our scripts the first visit loaded, gzip -9 of each built file. */
  scripts: Array<{ url: string; gzipBytes: number }>;
  scriptGzipBytes: number;
  /** The second load in the same browser and profile. */
  repeat: PageVisit & { serviceWorker: boolean };
  /** The first visit's page, left idle after it loaded (issue 18: on the first visit). */
  idle: IdleTasks;
}

export interface LighthouseResult {
  url: string;
  runs: LighthouseRun[];
  /** The run with the median score (first visit). */
  median: LighthouseRun;
  /** Median over the runs of the first visit's total blocking time, ms. */
  medianTbtMs: number;
  /** The same from thread time (LighthouseRun.threadTimeTbtMs). */
  medianThreadTimeTbtMs: number;
  /** Median over the runs of the longest idle task, ms. */
  medianIdleLongestMs: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * The page's main-thread tasks (`RunTask` on a renderer's main thread; of several, the busiest:
 * the page's, not a blank tab's) that start between `fromTs` and `toTs` (trace µs), each
 * multiplied by `cpuSlowdown`.
 */
export function idleTasks(
  events: readonly TraceEvent[],
  fromTs: number,
  toTs: number,
  cpuSlowdown: number,
): IdleTasks {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = new Map<string, number>();
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' && event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`),
  );
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    busy.set(thread, (busy.get(thread) ?? 0) + (task.dur ?? 0));
  }
  const page = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const durations = tasks
    .filter((task) => `${task.pid}:${task.tid}` === page && task.ts >= fromTs && task.ts < toTs)
    .map((task) => ((task.dur ?? 0) / 1000) * cpuSlowdown)
    .sort((a, b) => b - a);
  return {
    windowMs: Math.max(0, (toTs - fromTs) / 1000),
    cpuSlowdown,
    longTasksMs: durations.filter((duration) => duration >= 50),
    longestMs: durations[0] ?? 0,
    taskCount: durations.length,
  };
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string) {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** `webDist` is the Vite output, `base` its public base ('/m/'). */
export async function runLighthouse(
  url: string,
  webDist: string,
  base: string,
  times = 3,
): Promise<LighthouseResult> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < times; i += 1) runs.push(await retried(() => twoVisits(url, webDist, base)));
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return {
    url,
    runs,
    median: sorted[Math.floor(sorted.length / 2)]!,
    medianTbtMs: median(runs.map((run) => run.tbtMs)),
    medianThreadTimeTbtMs: median(runs.map((run) => run.threadTimeTbtMs)),
    medianIdleLongestMs: median(runs.map((run) => run.idle.longestMs)),
  };
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * Lighthouse now and then fails to find the navigation in its own trace (NO_NAVSTART, "Please
 * run Lighthouse again"; about one run in fifteen here): such a run is made again, in a new
 * browser, up to twice. Any other error ends the bench.
 */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const again = error instanceof Error && /run Lighthouse again/i.test(error.message);
      if (!again || attempt >= attempts) throw error;
      console.warn(`[bench] lighthouse: ${error.message}; running it again`);
    }
  }
}

function pageVisit(lhr: RunnerResult['lhr'], requests: NetworkRequest[]): PageVisit {
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    transferBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
  };
}

const networkRequests = (lhr: RunnerResult['lhr']) =>
  (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
  [];

/** Whether the browser runs a service worker (its debugging endpoint lists it as a target). */
async function serviceWorkerRunning(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/json/list`);
  const targets = (await response.json()) as Array<{ type: string }>;
  return targets.some((target) => target.type === 'service_worker');
}

/** Waits up to `ms` for the first visit's service worker to be installed and its cache filled. */
async function serviceWorkerSettled(port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await serviceWorkerRunning(port)) {
      // Precaching the shell (about 1.2 MB from this machine) takes a moment more.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Lighthouse's TBT again from the artifacts a run saved in `artifactsDir` (gatherMode), with every
 * complete trace event's duration cut to its thread time (`tdur`): a task that waited for the CPU
 * while other processes ran counts only the time it ran. Sleeping on the browser process (a
 * synchronous storage or font call) is not thread time either, so this is a floor, not the truth.
 */
async function threadTimeTbt(
  url: string,
  artifactsDir: string,
  flags: object,
  config: object,
): Promise<number> {
  const traceFile = readdirSync(artifactsDir).find((name) => name.endsWith('.trace.json'));
  if (!traceFile) return Number.NaN;
  const file = path.join(artifactsDir, traceFile);
  const trace = JSON.parse(readFileSync(file, 'utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  for (const event of events as Array<TraceEvent & { tdur?: number }>) {
    if (event.ph === 'X' && event.dur !== undefined && event.tdur !== undefined) {
      event.dur = Math.min(event.dur, event.tdur);
    }
  }
  writeFileSync(file, JSON.stringify(trace));
  const result = await lighthouse(url, { ...flags, auditMode: artifactsDir }, config);
  return result ? numeric(result.lhr, 'total-blocking-time') : Number.NaN;
}

/**
 * One run in a browser started for it on an empty profile, removed afterwards: a first visit,
 * then a repeat visit in the same profile. Lighthouse leaves storage alone (`disableStorageReset`):
 * the new profile makes the first visit a cold one, and the second finds what the first left.
 */
async function twoVisits(url: string, webDist: string, base: string): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'khela-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  const flags = {
    port: chrome.port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    disableStorageReset: true,
  };
  /** The first visit's artifacts, kept for a second look at its trace (threadTimeTbt). */
  const artifactsDir = mkdtempSync(path.join(os.tmpdir(), 'khela-lighthouse-artifacts-'));
  // The first visit then sits idle a while after it loaded (its idle tasks are counted); the
  // pause only lengthens the trace: the page's metrics end where they did.
  const idleConfig = { extends: 'lighthouse:default', settings: { pauseAfterLoadMs: IDLE_MS } };
  const checked = (result: RunnerResult | undefined) => {
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
    return result;
  };
  try {
    // Gathered to disk, then audited from there: the same figures as in one step.
    await lighthouse(url, { ...flags, gatherMode: artifactsDir, auditMode: false }, idleConfig);
    const first = checked(await lighthouse(url, { ...flags, auditMode: artifactsDir }, idleConfig));
    const timing = (
      first.lhr.audits.metrics?.details as
        { items?: Array<{ observedLoadTs?: number; observedTraceEndTs?: number }> } | undefined
    )?.items?.[0];
    const loadTs = timing?.observedLoadTs ?? Number.NaN;
    const idle = idleTasks(
      first.artifacts.Trace.traceEvents,
      loadTs + IDLE_SETTLE_MS * 1000,
      timing?.observedTraceEndTs ?? Number.NaN,
      first.lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1,
    );
    const threadTimeTbtMs = await threadTimeTbt(url, artifactsDir, flags, idleConfig);
    const requests = networkRequests(first.lhr);
    const origin = new URL(url).origin;
    const scripts = requests
      .filter((request) => request.resourceType === 'Script' && request.url.startsWith(origin))
      .map((request) => {
        const pathname = new URL(request.url).pathname;
        const file = path.join(webDist, decodeURIComponent(pathname.slice(base.length)));
        const gzipBytes =
          pathname.startsWith(base) && existsSync(file)
            ? gzipSync(readFileSync(file), { level: 9 }).length
            : 0;
        return { url: pathname, gzipBytes };
      });

    const serviceWorker = await serviceWorkerSettled(chrome.port, 15_000);
    const second = checked(await lighthouse(url, flags));
    return {
      ...pageVisit(first.lhr, requests),
      threadTimeTbtMs,
      scripts,
      scriptGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      repeat: { ...pageVisit(second.lhr, networkRequests(second.lhr)), serviceWorker },
      idle,
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(artifactsDir, { recursive: true, force: true });
  }
}
