/** Child processes under test: start on a free port, wait until ready, stop on every way out. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const OUTPUT_TAIL_CHARS = 8_000;
const STOP_GRACE_MS = 5_000;

export interface Service {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  /** The last few kilobytes the process wrote to stdout and stderr. */
  output(): string;
}

const running = new Set<Service>();

/** A port nothing listens on right now (the OS picks it; released before the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export function startService(options: {
  name: string;
  port: number;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}): Service {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const service: Service = {
    name: options.name,
    baseUrl: `http://127.0.0.1:${options.port}`,
    child,
    output: () => tail,
  };
  running.add(service);
  child.once('exit', () => running.delete(service));
  return service;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Polls `path` until it answers 200; fails early, with the process output, if the process dies. */
export async function waitUntilReady(service: Service, path: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(service.child)) {
      throw new Error(
        `${service.name} exited (code ${service.child.exitCode}, signal ${service.child.signalCode}) ` +
          `before it was ready. Its output:\n${service.output()}`,
      );
    }
    try {
      const response = await fetch(service.baseUrl + path, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(
    `${service.name} not ready after ${timeoutMs / 1000} s (GET ${path}: ${last}). Its output:\n` +
      service.output(),
  );
}

const BENCH_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The bare Fastify hello-world (bench/hello-world.mjs) every figure is compared with, ready. */
export async function startHelloWorld(readyTimeoutMs: number): Promise<Service> {
  const port = await freePort();
  const service = startService({
    name: 'hello-world',
    port,
    command: process.execPath,
    args: [path.join(BENCH_DIR, 'hello-world.mjs')],
    env: { ...process.env, PORT: String(port) },
    cwd: BENCH_DIR,
  });
  await waitUntilReady(service, '/', readyTimeoutMs);
  return service;
}

/** Stops one child: SIGTERM, then SIGKILL after a grace period. */
export async function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const graceful = await Promise.race([
    exited.then(() => true),
    sleep(STOP_GRACE_MS).then(() => false),
  ]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Stops every child still running: SIGTERM, then SIGKILL after a grace period. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopService));
}

/** Last resort from a synchronous `exit` handler. */
export function killAllNow(): void {
  for (const service of running) {
    if (!hasExited(service.child)) service.child.kill('SIGKILL');
  }
}

let clockTicks: number | undefined;

/**
 * CPU time (user + system, all threads) a process has used, in seconds, from /proc on Linux;
 * undefined elsewhere or once the process has gone.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    // Fields after the command name, which sits in parentheses and may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime + stime) ? (utime + stime) / clockTicks : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time of a process and every live descendant (the bench's servers, Lighthouse's Chromium
 * and its renderers), with what each has collected from children it reaped, in seconds, from
 * /proc on Linux; undefined elsewhere.
 */
export function treeCpuSeconds(rootPid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const parents = new Map<number, number>();
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // ppid, utime, stime, cutime, cstime
      parents.set(pid, Number(fields[1]));
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      seconds.set(pid, ticks / clockTicks);
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 0; at = parents.get(at)) {
      if (at === rootPid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [pid, cpu] of seconds) if (inTree(pid)) total += cpu;
  return total;
}
