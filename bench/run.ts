/**
 * `npm run bench`: starts a bare Fastify hello-world and the built app as child processes, loads
 * each target with autocannon after a fresh hello-world run, weighs the home route's critical-path
 * JavaScript, prints the figures and writes bench/REPORT.md. Budgets are reported, not enforced:
 * the exit code is 0 unless the benchmark itself could not run.
 *
 * Env: BENCH_DURATION (measured seconds per run, default 10), BENCH_WARMUP (default 3),
 * BENCH_DATABASE_URL / BENCH_REDIS_URL (run the app on Postgres / Redis instead of PGlite / memory).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startApp } from './lib/app';
import { measureCriticalJs } from './lib/critical-js';
import { runLighthouse, type LighthouseResult } from './lib/lighthouse';
import { combine, measure, warmUp, type LoadResult, type LoadSettings } from './lib/load';
import {
  cpuSeconds,
  killAllNow,
  startHelloWorld,
  treeCpuSeconds,
  stopAll,
  type Service,
} from './lib/processes';
import {
  criticalJsSection,
  judge,
  lighthouseFailures,
  pageScriptsOverTarget,
  lighthouseSection,
  loadTable,
  renderReport,
  type TargetRun,
} from './lib/report';
import {
  BENCH_LOG_LEVEL,
  onlyArgument,
  onlyPicks,
  targets,
  type AppHandle,
  type AppLogLevel,
  type Target,
} from './targets';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const WEB_BASE = '/m/';
const REPORT = path.join(BENCH_DIR, 'REPORT.md');
/** Issue 17: 160 kB with React 19 in the browser (issue 4's 120 kB was with Preact). */
const CRITICAL_JS_BUDGET_BYTES = 160_000;
const CONNECTIONS = 100;
/** Above this share of the CPU taken by other processes, the report warns that figures are noisy. */
const OTHER_WORK_WARNING = 0.1;
const READY_TIMEOUT_MS = 60_000;

/** Removed on every way out, including Ctrl-C, where `finally` blocks do not run. */
const temporaryDirs: string[] = [];

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (name === 'BENCH_DURATION' && value < 1)) {
    throw new Error(`${name} must be a number of seconds (got ${JSON.stringify(raw)})`);
  }
  return value;
}

function revision(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    const dirty = git('status', '--porcelain', '--', 'apps', 'packages').length > 0;
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

function machine(): string {
  const cpus = os.cpus();
  return (
    `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`
  );
}

/**
 * Starts measuring the CPU time taken by processes other than the bench and everything it started
 * (the servers, Lighthouse's Chromium and its renderers; `pids` only where /proc cannot list the
 * tree); the returned function gives it as a share of all cores' time since the start.
 */
function otherWorkMeter(pids: (number | undefined)[]): () => number {
  const machineSeconds = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { idle, ...rest } = cpu.times;
        const busy = Object.values(rest).reduce((a, b) => a + b, 0) / 1000;
        return { busy: sum.busy + busy, total: sum.total + busy + idle / 1000 };
      },
      { busy: 0, total: 0 },
    );
  const ownSeconds = () => {
    const tree = treeCpuSeconds(process.pid);
    if (tree !== undefined) return tree;
    const self = process.cpuUsage();
    return (
      (self.user + self.system) / 1e6 +
      pids.reduce<number>((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0)
    );
  };
  const [machineBefore, ownBefore] = [machineSeconds(), ownSeconds()];
  return () => {
    const [machineAfter, ownAfter] = [machineSeconds(), ownSeconds()];
    const total = machineAfter.total - machineBefore.total;
    const other = machineAfter.busy - machineBefore.busy - (ownAfter - ownBefore);
    return total > 0 ? Math.max(0, other / total) : 0;
  };
}

function log(message: string) {
  process.stdout.write(`[bench] ${message}\n`);
}

function describe(result: LoadResult): string {
  const cpu = result.serverCpuPerRequestUs;
  return (
    `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms` +
    (cpu !== undefined ? `, server CPU ${Math.round(cpu)} µs/request` : '')
  );
}

/** One plain request first, so a broken target fails loudly instead of measuring error pages. */
async function checkTarget(app: Service, target: Target): Promise<void> {
  const response = await fetch(app.baseUrl + target.path, {
    method: target.method,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
  const body = await response.text();
  if (!response.ok) {
    throw new Error(
      `${target.name}: ${target.method} ${target.path} answered ${response.status}: ` +
        body.slice(0, 500),
    );
  }
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    process.stderr.write(
      `[bench] ${path.relative(ROOT, SERVER_ENTRY)} not found: build first ` +
        '(`npm run build`, or `npm run build -w @khela/server`), or run `npm run bench` at the root.\n',
    );
    process.exitCode = 1;
    return;
  }
  const settings: LoadSettings = {
    connections: CONNECTIONS,
    warmupSeconds: seconds('BENCH_WARMUP', 3),
    rounds: Math.max(1, Math.round(seconds('BENCH_ROUNDS', 3))),
    durationSeconds: seconds('BENCH_DURATION', 12),
  };
  const store =
    (process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (embedded)') +
    ', ' +
    (process.env.BENCH_REDIS_URL ? 'Redis (BENCH_REDIS_URL)' : 'in-process memory cache');

  const criticalJs = measureCriticalJs(WEB_DIST, WEB_BASE, ROOT);

  try {
    log(`starting hello-world and the app (${store})`);
    /**
     * The app at each logging level a target asks for: the bench's own at once, the default
     * configuration's when a target first needs it (after the first is up, so two processes never
     * migrate one database at once), each with its own data directory.
     */
    const apps = new Map<AppLogLevel, Promise<{ service: Service; handle: AppHandle }>>();
    const appAt = (level: AppLogLevel) => {
      let started = apps.get(level);
      if (!started) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khela-bench-'));
        temporaryDirs.push(dataDir);
        if (level !== BENCH_LOG_LEVEL) log(`starting the app with LOG_LEVEL=${level}`);
        started = startApp({
          root: ROOT,
          dataDir,
          logLevel: level,
          name: level === BENCH_LOG_LEVEL ? 'app' : `app (LOG_LEVEL=${level})`,
        });
        apps.set(level, started);
      }
      return started;
    };
    const [helloWorld, benchApp] = await Promise.all([
      startHelloWorld(READY_TIMEOUT_MS),
      appAt(BENCH_LOG_LEVEL),
    ]);
    /** Every app started so far, for the CPU meter where /proc cannot list the bench's tree. */
    const appPids: (number | undefined)[] = [benchApp.service.child.pid];

    const runs: TargetRun[] = [];
    let otherWork = 0;
    /** Runs `work` while watching for other processes competing for the cores. */
    const watched = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
      const meter = otherWorkMeter([helloWorld.child.pid, ...appPids]);
      const value = await work();
      const share = meter();
      otherWork = Math.max(otherWork, share);
      if (share > OTHER_WORK_WARNING) {
        log(`${phase}: other work took ${Math.round(share * 100)} % of the CPU, figures are noisy`);
      }
      return value;
    };
    const only = onlyArgument();
    const chosen = only ? targets.filter((t) => onlyPicks(only, t.name)) : targets;
    const lighthouseWanted =
      process.env.BENCH_LIGHTHOUSE !== '0' && (!only || onlyPicks(only, 'lighthouse'));
    if (chosen.length === 0 && !lighthouseWanted) {
      throw new Error(`--only ${only}: no target's name contains it`);
    }
    for (const declared of chosen) {
      const level = declared.logLevel ?? BENCH_LOG_LEVEL;
      const started = await appAt(level);
      const app = started.service;
      if (!appPids.includes(app.child.pid)) appPids.push(app.child.pid);
      const target: Target = declared.prepare
        ? { ...declared, ...(await declared.prepare(started.handle)) }
        : declared;
      const targetSettings = { ...settings, connections: target.connections ?? CONNECTIONS };
      const warmupSeconds = Math.max(settings.warmupSeconds, target.warmupSeconds ?? 0);
      await checkTarget(app, target);
      await watched('idle check', () => sleep(1_000));
      const helloRequest = { url: `${helloWorld.baseUrl}/`, method: 'GET' as const };
      const request = {
        url: app.baseUrl + target.path,
        method: target.method,
        ...(target.headers ? { headers: target.headers } : {}),
        ...(target.body !== undefined ? { body: target.body } : {}),
        ...(target.nextPath ? { nextPath: target.nextPath } : {}),
        ...(target.nextRequest ? { nextRequest: target.nextRequest } : {}),
      };
      const roundSettings = {
        ...targetSettings,
        durationSeconds: Math.max(1, Math.round(settings.durationSeconds / settings.rounds)),
      };
      log(
        `${target.name}: warm-up ${settings.warmupSeconds} s (hello-world), ${warmupSeconds} s ` +
          `(target); ${settings.rounds} rounds of ${roundSettings.durationSeconds} s each`,
      );
      await watched('hello-world warm-up', () => warmUp(helloRequest, targetSettings));
      await watched(`${target.name} warm-up`, () =>
        warmUp(request, { ...targetSettings, warmupSeconds }),
      );
      const baselines: LoadResult[] = [];
      const results: LoadResult[] = [];
      for (let round = 0; round < settings.rounds; round += 1) {
        baselines.push(
          await watched('hello-world', () =>
            measure(helloRequest, roundSettings, () => cpuSeconds(helloWorld.child.pid)),
          ),
        );
        results.push(
          await watched(target.name, () =>
            measure(request, roundSettings, () => cpuSeconds(app.child.pid)),
          ),
        );
      }
      const baseline = combine(baselines);
      const result = combine(results);
      const roundRatios = results.map(
        (round, i) => round.requestsPerSecond / Math.max(1, baselines[i]!.requestsPerSecond),
      );
      log(`hello-world: ${describe(baseline)}`);
      log(`${target.name}: ${describe(result)}`);
      runs.push({ target, baseline, result, roundRatios });
    }

    let lighthouse: LighthouseResult | undefined;
    if (lighthouseWanted && criticalJs.built) {
      log('lighthouse on /m/home (mobile preset), 3 runs of a first and a repeat visit');
      lighthouse = await watched('lighthouse', () =>
        runLighthouse(`${benchApp.service.baseUrl}/m/home`, WEB_DIST, WEB_BASE),
      );
    }

    const report = renderReport({
      date: new Date(),
      machine: machine(),
      otherWork,
      otherWorkWarning: OTHER_WORK_WARNING,
      revision: revision(),
      serverBuilt: statSync(SERVER_ENTRY).mtime,
      store,
      settings,
      runs,
      criticalJs,
      criticalJsBudgetBytes: CRITICAL_JS_BUDGET_BYTES,
      lighthouse,
      command: 'npm run bench',
    });
    // A partial run (--only, BENCH_ONLY) prints its figures but leaves the full report alone.
    if (!only) writeFileSync(REPORT, report);

    const failed = runs.filter((run) => judge(run).pass === false).map((run) => run.target.name);
    if (criticalJs.built && criticalJs.gzipBytes > CRITICAL_JS_BUDGET_BYTES) {
      failed.push('critical-path JavaScript');
    }
    if (lighthouse && lighthouseFailures(lighthouse).length > 0)
      failed.push('home page (Lighthouse)');
    if (lighthouse && pageScriptsOverTarget(lighthouse)) {
      failed.push('every script of the home page (our own target)');
    }
    process.stdout.write(
      `\n${loadTable(runs)}\n\n${criticalJsSection(criticalJs, CRITICAL_JS_BUDGET_BYTES)}\n\n` +
        `${lighthouseSection(lighthouse)}\n\n`,
    );
    if (!only) log(`report written to ${path.relative(ROOT, REPORT)}`);
    if (failed.length > 0) log(`FAIL: ${failed.join(', ')} (see the tables above)`);
    else log('all budgets met');
  } finally {
    await stopAll();
  }
}

process.on('exit', () => {
  killAllNow();
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void stopAll().finally(() => process.exit(code));
  });
}

main().catch(async (error: unknown) => {
  process.stderr.write(`[bench] ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll();
  process.exitCode = 1;
});
