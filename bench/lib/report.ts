/** Verdicts and the Markdown report (also printed to stdout). */
import os from 'node:os';
import type { Budget, Target } from '../targets';
import type { CriticalJs } from './critical-js';
import { IDLE_MS, IDLE_SETTLE_MS, type LighthouseResult, type PageVisit } from './lighthouse';
import { median, type LoadResult, type LoadSettings } from './load';

export interface TargetRun {
  target: Target;
  /** hello-world's rounds, each measured right before one of the target's, combined. */
  baseline: LoadResult;
  result: LoadResult;
  /** The target's req/s over hello-world's, round by round. */
  roundRatios: number[];
}

export interface Verdict {
  ratio: number;
  pass: boolean | undefined;
  reasons: string[];
}

export interface ReportInput {
  date: Date;
  machine: string;
  /** The highest share of CPU time other processes took, before or during any run. */
  otherWork: number;
  otherWorkWarning: number;
  revision: string;
  /** When the server bundle under test was built. */
  serverBuilt: Date;
  store: string;
  settings: LoadSettings;
  runs: TargetRun[];
  criticalJs: CriticalJs;
  /** Budget for the gzip size of the critical-path JavaScript, in bytes. */
  criticalJsBudgetBytes: number;
  /** Absent when the web app is not built or the run skipped it. */
  lighthouse: LighthouseResult | undefined;
  command: string;
}

/**
 * The home page's Lighthouse budgets (issues 4, 17 and 18, mobile preset): score, LCP and CLS of
 * the median run's first visit; the first visit's total blocking time, median over the runs; the
 * longest main-thread task while the loaded page sits idle (after the preset's CPU slowdown),
 * median over the runs.
 */
export const PAGE_BUDGETS = { score: 95, lcpMs: 2000, cls: 0.05, tbtMs: 200, idleTaskMs: 50 };
/**
 * Our own target for every script the home page loads, its lazy chunks included: the critical
 * path's budget (criticalJsSection; 160 kB since React, issue 17) and 20 kB for what home loads
 * after its first screen (the parts below the banner, the service widget, the popups).
 */
export const PAGE_SCRIPTS_TARGET_BYTES = 180_000;

/** Whether the median Lighthouse run loaded more script than our own target. */
export const pageScriptsOverTarget = (result: LighthouseResult) =>
  result.median.scriptGzipBytes > PAGE_SCRIPTS_TARGET_BYTES;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
const ms = (value: number) => `${value} ms`;
const us = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} µs`);
const kb = (bytes: number) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`);

export function judge(run: TargetRun): Verdict {
  const { budget } = run.target;
  // The median of the per-round ratios: each round pairs runs a few seconds apart, so a change
  // in the machine's speed between rounds cancels out.
  const ratio = median(run.roundRatios);
  const reasons: string[] = [];
  if (budget.ratioMin !== undefined && ratio < budget.ratioMin) {
    reasons.push(`ratio ${percent(ratio)} < ${percent(budget.ratioMin)}`);
  }
  if (budget.perCoreMin !== undefined && perCore(run) < budget.perCoreMin) {
    reasons.push(`${perCore(run).toFixed(1)}/s per core < ${budget.perCoreMin}`);
  }
  if (budget.p99MaxMs !== undefined && run.result.p99Ms > budget.p99MaxMs) {
    reasons.push(`p99 ${ms(run.result.p99Ms)} > ${ms(budget.p99MaxMs)}`);
  }
  if (run.result.non2xx > 0) reasons.push(`${integer.format(run.result.non2xx)} non-2xx answers`);
  if (run.result.errors > 0) reasons.push(`${integer.format(run.result.errors)} errors`);
  if (run.baseline.non2xx > 0 || run.baseline.errors > 0) {
    reasons.push('hello-world itself had errors, the ratio means nothing');
  }
  const judged =
    budget.ratioMin !== undefined ||
    budget.p99MaxMs !== undefined ||
    budget.perCoreMin !== undefined;
  return { ratio, pass: judged || reasons.length > 0 ? reasons.length === 0 : undefined, reasons };
}

/** hello-world's CPU per request over the target's: the throughput ratio if both were CPU-bound. */
function cpuRatio(run: TargetRun): string {
  const baseline = run.baseline.serverCpuPerRequestUs;
  const target = run.result.serverCpuPerRequestUs;
  return baseline !== undefined && target !== undefined && target > 0
    ? percent(baseline / target)
    : 'n/a';
}

function budgetText(budget: Budget): string {
  const parts: string[] = [];
  if (budget.ratioMin !== undefined) parts.push(`ratio ≥ ${percent(budget.ratioMin)}`);
  if (budget.perCoreMin !== undefined) parts.push(`≥ ${budget.perCoreMin}/s per core`);
  if (budget.p99MaxMs !== undefined) parts.push(`p99 ≤ ${ms(budget.p99MaxMs)}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}

function verdictText(verdict: Verdict): string {
  if (verdict.pass === undefined) return 'no budget';
  return verdict.pass ? 'PASS' : `**FAIL** (${verdict.reasons.join('; ')})`;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Requests per second per CPU core of this machine. */
export const perCore = (run: TargetRun) => run.result.requestsPerSecond / os.cpus().length;

export function loadTable(runs: TargetRun[]): string {
  const rows: string[][] = [];
  for (const run of runs) {
    const verdict = judge(run);
    rows.push([
      `hello-world (before ${run.target.name})`,
      integer.format(run.baseline.requestsPerSecond),
      ms(run.baseline.p50Ms),
      ms(run.baseline.p99Ms),
      '100.0 %',
      us(run.baseline.serverCpuPerRequestUs),
      '100.0 %',
      '',
      '',
    ]);
    rows.push([
      `**${run.target.name}** \`${run.target.method} ${run.target.path}\`` +
        (run.target.connections ? ` (${run.target.connections} connections)` : '') +
        (run.target.warmupSeconds ? ` (${run.target.warmupSeconds} s warm-up)` : ''),
      integer.format(run.result.requestsPerSecond) +
        (run.target.budget.perCoreMin !== undefined ? ` (${perCore(run).toFixed(1)}/core)` : ''),
      ms(run.result.p50Ms),
      ms(run.result.p99Ms),
      percent(verdict.ratio),
      us(run.result.serverCpuPerRequestUs),
      cpuRatio(run),
      budgetText(run.target.budget),
      verdictText(verdict),
    ]);
  }
  return table(
    [
      'run',
      'req/s',
      'p50',
      'p99',
      'ratio to hello-world',
      'server CPU/req',
      'CPU ratio',
      'budget',
      'result',
    ],
    rows,
  );
}

export function criticalJsSection(criticalJs: CriticalJs, budgetBytes: number): string {
  const heading = `Critical-path JavaScript of the home route (gzip -9), budget ≤ ${kb(budgetBytes)}`;
  if (!criticalJs.built) return `${heading}: **not built** (${criticalJs.reason}).`;
  const pass = criticalJs.gzipBytes <= budgetBytes;
  const lines = [
    `${heading}: **${kb(criticalJs.gzipBytes)}** (${kb(criticalJs.rawBytes)} raw) — ` +
      (pass ? 'PASS' : `**FAIL** (${kb(criticalJs.gzipBytes - budgetBytes)} over)`),
    '',
    table(
      ['file', 'raw', 'gzip'],
      criticalJs.files.map((file) => [`\`${file.url}\``, kb(file.rawBytes), kb(file.gzipBytes)]),
    ),
  ];
  if (criticalJs.files.length === 0) lines.push('', 'No scripts found in index.html.');
  if (criticalJs.missing.length > 0) {
    lines.push('', `Not counted: ${criticalJs.missing.map((url) => `\`${url}\``).join(', ')}.`);
  }
  return lines.join('\n');
}

/** Which page budgets a Lighthouse result misses (empty: all met). */
export function lighthouseFailures(result: LighthouseResult): string[] {
  const { median: run } = result;
  const failures: string[] = [];
  if (run.score < PAGE_BUDGETS.score) failures.push(`score ${run.score} < ${PAGE_BUDGETS.score}`);
  if (run.lcpMs > PAGE_BUDGETS.lcpMs) failures.push(`LCP ${Math.round(run.lcpMs)} ms > 2000 ms`);
  if (run.cls > PAGE_BUDGETS.cls) failures.push(`CLS ${run.cls.toFixed(3)} > 0.05`);
  if (result.medianTbtMs > PAGE_BUDGETS.tbtMs) {
    failures.push(`TBT ${Math.round(result.medianTbtMs)} ms > ${PAGE_BUDGETS.tbtMs} ms`);
  }
  if (result.medianIdleLongestMs > PAGE_BUDGETS.idleTaskMs) {
    failures.push(
      `idle task ${Math.round(result.medianIdleLongestMs)} ms > ${PAGE_BUDGETS.idleTaskMs} ms`,
    );
  }
  return failures;
}

export function lighthouseSection(result: LighthouseResult | undefined): string {
  const heading = 'Lighthouse, mobile preset (simulated slow 4G, mid-range phone), system Chromium';
  if (!result) return `${heading}: **not run** (web app not built, or BENCH_LIGHTHOUSE=0).`;
  const failures = lighthouseFailures(result);
  const { median: run } = result;
  return [
    `${heading}, \`${new URL(result.url).pathname}\`, median of ${result.runs.length} runs by score: ` +
      (failures.length ? `**FAIL** (${failures.join('; ')})` : 'PASS'),
    '',
    table(
      [
        'run',
        'visit',
        'score',
        'LCP',
        'CLS',
        'FCP',
        'TBT',
        'TBT, thread time',
        'transferred',
        'scripts (gzip -9)',
      ],
      result.runs.flatMap((entry, index) => {
        const name = String(index + 1) + (entry === run ? ' (median)' : '');
        const row = (visit: string, page: PageVisit, scripts: string) => [
          visit === 'first' ? name : '',
          visit,
          String(page.score),
          `${Math.round(page.lcpMs)} ms`,
          page.cls.toFixed(3),
          `${Math.round(page.fcpMs)} ms`,
          `${Math.round(page.tbtMs)} ms`,
          visit === 'first' ? `${Math.round(entry.threadTimeTbtMs)} ms` : '',
          kb(page.transferBytes),
          scripts,
        ];
        return [
          row('first', entry, kb(entry.scriptGzipBytes)),
          row(
            entry.repeat.serviceWorker ? 'repeat' : 'repeat (no service worker)',
            entry.repeat,
            '',
          ),
        ];
      }),
    ),
    '',
    `Budgets (issues 4, 17 and 18): score ≥ ${PAGE_BUDGETS.score}, LCP ≤ 2.0 s, CLS ≤ 0.05 (the ` +
      `median run's first visit); TBT ≤ ${PAGE_BUDGETS.tbtMs} ms (first visit, median of the ` +
      `runs: ${Math.round(result.medianTbtMs)} ms). Each run is a new browser on an empty ` +
      'profile: a first visit, then a repeat visit in the same profile (service worker and cache ' +
      "warm). Not judged: the repeat visit. TBT, thread time: the first visit's TBT from the " +
      "same trace with each task's thread time in place of its wall time (median " +
      `${Math.round(result.medianThreadTimeTbtMs)} ms): the page's own work, without the time ` +
      'other processes on the machine kept it waiting for a core (not judged).',
    '',
    `Idle main thread: after the first visit loaded, the page sat idle ${IDLE_MS / 1000} s; ` +
      `its main-thread tasks from ${IDLE_SETTLE_MS / 1000} s after the load event on, each ` +
      `multiplied by the preset's CPU slowdown (×${run.idle.cpuSlowdown}, as its simulation ` +
      `counts them). Budget: no task over ${PAGE_BUDGETS.idleTaskMs} ms (the longest, median of ` +
      `the runs: ${Math.round(result.medianIdleLongestMs)} ms).`,
    '',
    table(
      ['run', 'idle time', 'tasks', 'longest task', 'tasks ≥ 50 ms'],
      result.runs.map((entry, index) => [
        String(index + 1),
        `${(entry.idle.windowMs / 1000).toFixed(1)} s`,
        String(entry.idle.taskCount),
        `${Math.round(entry.idle.longestMs)} ms`,
        entry.idle.longTasksMs.length
          ? entry.idle.longTasksMs
              .slice(0, 8)
              .map((ms) => `${Math.round(ms)} ms`)
              .join(', ') +
            (entry.idle.longTasksMs.length > 8 ? `, … (${entry.idle.longTasksMs.length})` : '')
          : 'none',
      ]),
    ),
    '',
    `Every script the median run loaded (entry, shell and the route's lazy chunks): ` +
      `${kb(run.scriptGzipBytes)} gzip; our own target, the critical path's budget and 20 kB ` +
      `for what home loads after its first screen, is ≤ ${kb(PAGE_SCRIPTS_TARGET_BYTES)}: ` +
      (pageScriptsOverTarget(result) ? '**missed**.' : 'met.'),
    '',
    table(
      ['script loaded by the median run', 'gzip -9'],
      run.scripts.map((script) => [`\`${script.url}\``, kb(script.gzipBytes)]),
    ),
  ].join('\n');
}

export function renderReport(input: ReportInput): string {
  const { settings } = input;
  return [
    '# Benchmark report',
    '',
    `- Date: ${input.date.toISOString()}`,
    `- Machine: ${input.machine}`,
    `- Other work on the machine: up to ${percent(input.otherWork)} of the CPU before or during a run` +
      (input.otherWork > input.otherWorkWarning
        ? ' — **the machine was not idle: treat the figures with suspicion**'
        : ''),
    `- Revision: ${input.revision}; server bundle built ${input.serverBuilt.toISOString()}`,
    `- Stores: ${input.store}`,
    `- Load: autocannon, ${settings.connections} connections, pipelining 1; per target, ` +
      `${settings.warmupSeconds} s warm-up of hello-world and of the target, then ` +
      `${settings.rounds} rounds of hello-world and target in turn, ` +
      `${settings.durationSeconds} s measured each over the rounds; one run at a time`,
    `- Command: \`${input.command}\``,
    '',
    '## Load',
    '',
    loadTable(input.runs),
    '',
    'req/s is the mean of the per-second counts and p50 and p99 the response latencies of 2xx ' +
      'answers (1 ms resolution), each the median over the rounds; the ratio is the median of the ' +
      'per-round ratios. Server CPU/req is the CPU time the server process used during the ' +
      "measured runs divided by the requests it answered; CPU ratio is hello-world's CPU/req over " +
      "the target's, the throughput ratio both would reach if CPU-bound. They move much less than " +
      'req/s when other work competes for the cores, and budgets are judged on req/s and p99 only.',
    '',
    '## Page weight',
    '',
    criticalJsSection(input.criticalJs, input.criticalJsBudgetBytes),
    '',
    lighthouseSection(input.lighthouse),
    '',
  ].join('\n');
}
