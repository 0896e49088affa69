/**
 * Two builds of the app on the same machine, side by side: `npx tsx bench/ab.ts --a <checkout>
 * --b <checkout> --only favourites,member-info`. Each checkout's built server
 * (`apps/server/dist/server.js`) runs at once; each target is loaded at a fixed rate (the open
 * loop, lib/open-loop.ts) on A and on B in turn, the order swapped every round, and the report
 * gives each build's median over the rounds of server CPU per request (from /proc) and latency.
 * The rate is fixed so both builds do the same work: CPU per request is then the figure to
 * compare, and latency at that rate the one a player sees. Other work on the machine moves both
 * alike within a round; the medians keep the outliers out.
 *
 * Options: --rounds (default 5), --seconds (measured per run, default 6), --warmup (per run,
 * default 2), --initial-warmup (each target on each build before the rounds, default 10), --rate <target>=<req/s> (repeatable; default 500), --connections (default 20),
 * --cpu-prof <dir> (each server writes a V8 CPU profile there when stopped), --port-a/--port-b,
 * --flat-out (autocannon flat out as `npm run bench` does, instead of a fixed rate: req/s too).
 * Both builds run at the bench's log level (`warn`), whatever a target's `logLevel`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startApp } from './lib/app';
import { openLoop, type OpenLoopCall } from './lib/open-loop';
import { cpuSeconds, killAllNow, stopAll, type Service } from './lib/processes';
import { measure, median, warmUp, type LoadRequest } from './lib/load';
import { BENCH_LOG_LEVEL, onlyPicks, targets, type Target } from './targets';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    'initial-warmup': { type: 'string', default: '10' },
    rate: { type: 'string', multiple: true, default: [] },
    connections: { type: 'string', default: '20' },
    'cpu-prof': { type: 'string' },
    'flat-out': { type: 'boolean', default: false },
    'port-a': { type: 'string' },
    'port-b': { type: 'string' },
  },
});
if (!values.a || !values.b || !values.only) {
  throw new Error('usage: tsx bench/ab.ts --a <checkout> --b <checkout> --only <targets>');
}
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const warmupSeconds = Number(values.warmup);
const initialWarmup = Number(values['initial-warmup']);
const connections = Number(values.connections);
const rates = values.rate.map((item) => {
  const [name, rate] = item.split('=');
  return { name: name!, rate: Number(rate) };
});
const rateOf = (target: Target) =>
  rates.find((item) => onlyPicks(item.name, target.name))?.rate ?? 500;

const temporaryDirs: string[] = [];
process.on('exit', () => {
  killAllNow();
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

interface Side {
  label: 'A' | 'B';
  root: string;
  service: Service;
  /** Each target's request on this side (its own member's session). */
  calls: Map<string, () => OpenLoopCall>;
  /** Each target as `prepare` made it on this side, for the flat-out runs. */
  prepared: Map<string, Target>;
}

async function startSide(label: 'A' | 'B', root: string, port: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `khela-ab-${label}-`));
  temporaryDirs.push(dataDir);
  const profDir = values['cpu-prof'];
  const { service, handle } = await startApp({
    root: path.resolve(root),
    dataDir,
    logLevel: BENCH_LOG_LEVEL,
    name: `app ${label}`,
    ...(port ? { port: Number(port) } : {}),
    ...(profDir
      ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', path.resolve(profDir, label)] }
      : {}),
  });
  const calls = new Map<string, () => OpenLoopCall>();
  const prepared = new Map<string, Target>();
  for (const declared of chosen) {
    const target = declared.prepare
      ? { ...declared, ...(await declared.prepare(handle)) }
      : declared;
    prepared.set(target.name, target);
    calls.set(target.name, () => {
      const next = target.nextRequest?.() ?? {
        path: target.nextPath?.() ?? target.path,
        headers: {},
      };
      return {
        method: target.method,
        path: next.path,
        headers: { ...target.headers, ...next.headers },
        ...(target.body !== undefined ? { body: target.body } : {}),
      };
    });
  }
  return { label, root, service, calls, prepared } satisfies Side;
}

interface Run {
  cpuUs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rate: number;
  bad: number;
}

/** As the bench measures: autocannon flat out at the target's connections (100 unless set). */
async function measureFlatOut(side: Side, declared: Target, runSeconds: number): Promise<Run> {
  const target = side.prepared.get(declared.name)!;
  const request: LoadRequest = {
    url: side.service.baseUrl + target.path,
    method: target.method,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(target.nextPath ? { nextPath: target.nextPath } : {}),
    ...(target.nextRequest ? { nextRequest: target.nextRequest } : {}),
  };
  const settings = {
    connections: target.connections ?? 100,
    warmupSeconds,
    durationSeconds: runSeconds,
    rounds: 1,
  };
  await warmUp(request, settings);
  const result = await measure(request, settings, () => cpuSeconds(side.service.child.pid));
  return {
    cpuUs: result.serverCpuPerRequestUs ?? Number.NaN,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: Number.NaN,
    rate: result.requestsPerSecond,
    bad: result.non2xx + result.errors,
  };
}

async function measureSide(side: Side, target: Target, runSeconds = seconds): Promise<Run> {
  if (values['flat-out']) return measureFlatOut(side, target, runSeconds);
  const next = side.calls.get(target.name)!;
  const pid = side.service.child.pid;
  const load = (runSeconds: number) =>
    openLoop(
      {
        origin: side.service.baseUrl,
        connections,
        rate: rateOf(target),
        warmupSeconds: 0,
        seconds: runSeconds,
      },
      () => [next()],
    );
  // Warm-up apart, so the CPU counted is the measured run's only.
  if (warmupSeconds > 0) await load(warmupSeconds);
  const before = cpuSeconds(pid);
  const result = await load(runSeconds);
  const after = cpuSeconds(pid);
  const cpuUs =
    before !== undefined && after !== undefined
      ? ((after - before) * 1e6) / Math.max(1, result.allCalls)
      : Number.NaN;
  return {
    cpuUs,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    rate: result.callsPerSecond,
    bad: result.non2xx + result.errors,
  };
}

const chosen = targets.filter((target) => onlyPicks(values.only!, target.name));
if (chosen.length === 0) throw new Error(`--only ${values.only}: no target's name contains it`);

const loadOf = (target: Target) =>
  values['flat-out'] ? `flat out (${target.connections ?? 100} conn.)` : `@${rateOf(target)}/s`;
const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (run: Run) =>
  `CPU ${run.cpuUs.toFixed(0).padStart(5)} µs/req  p50 ${run.p50Ms.toFixed(2).padStart(6)} ms  ` +
  `p99 ${run.p99Ms.toFixed(2).padStart(6)} ms  ` +
  (Number.isNaN(run.maxMs) ? '' : `max ${run.maxMs.toFixed(1).padStart(6)} ms  `) +
  `${run.rate.toFixed(0)} req/s${run.bad ? `  ${run.bad} not 2xx/errors` : ''}`;

try {
  const a = await startSide('A', values.a, values['port-a']);
  const b = await startSide('B', values.b, values['port-b']);
  log(`A: ${a.root}\nB: ${b.root}\n${connections} connections, ${seconds} s measured per run`);
  const runs = new Map<string, { A: Run[]; B: Run[] }>();
  for (const target of chosen) runs.set(target.name, { A: [], B: [] });
  // Long enough for V8 to optimise each build's path before anything is counted.
  for (const target of chosen) {
    for (const side of [a, b]) await measureSide(side, target, initialWarmup);
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const target of chosen) {
      const order = round % 2 === 0 ? [a, b] : [b, a];
      for (const side of order) {
        const run = await measureSide(side, target);
        runs.get(target.name)![side.label].push(run);
        log(`round ${round + 1} ${target.name} ${loadOf(target)} ${side.label}: ${fmt(run)}`);
      }
    }
  }
  log('\nmedians over the rounds:');
  for (const target of chosen) {
    const { A, B } = runs.get(target.name)!;
    const ratio = (key: 'cpuUs' | 'rate') =>
      median(A.map((run, round) => B[round]![key] / run[key])).toFixed(3);
    log(`${target.name}: B/A per round, median: CPU/req ${ratio('cpuUs')}, req/s ${ratio('rate')}`);
  }
  for (const target of chosen) {
    for (const label of ['A', 'B'] as const) {
      const list = runs.get(target.name)![label];
      const pick = (key: keyof Run) => median(list.map((run) => run[key]));
      log(
        `${target.name} ${loadOf(target)} ${label}: ` +
          fmt({
            cpuUs: pick('cpuUs'),
            p50Ms: pick('p50Ms'),
            p99Ms: pick('p99Ms'),
            maxMs: pick('maxMs'),
            rate: pick('rate'),
            bad: list.reduce((sum, run) => sum + run.bad, 0),
          }),
      );
    }
  }
} finally {
  await stopAll();
}
