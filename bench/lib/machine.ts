/**
 * How fast this machine is at what a vendor call is made of, measured before a run so runs on
 * different machines (or on one machine on different days) can be compared: the same 2-vCPU kind
 * has given twice the throughput one day as the next. Also the floor under the latency budget:
 * what a commit and a bare HTTP exchange cost here before any of our code runs.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { openLoop, percentile } from './open-loop';
import { startHelloWorld, stopService } from './processes';

export interface MachineReference {
  /** Postgres `select 1`, one client, median µs: the round trip and the wake-ups it costs. */
  roundTripUs: number;
  /** An autocommit one-row insert, one client, median µs: the round trip plus the WAL flush. */
  commitUs: number;
  /** The same inserts' 99th percentile, µs: the flush's tail, which no batching removes. */
  commitP99Us: number;
  /** SHA-256 of 1 KiB in this process, median µs per hash: plain CPU speed. */
  sha256Us: number;
}

/** A bare Fastify hello-world under the vendor runs' open loop: HTTP's own latency here. */
export interface HttpFloor {
  /** Jobs of two calls (as a round is) started per second. */
  rate: number;
  connections: number;
  p50Ms: number;
  p99Ms: number;
}

/** Each call's time in µs, sorted ascending. */
async function timeEach(seconds: number, once: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await once();
    samples.push((performance.now() - start) * 1000);
  }
  return samples.sort((a, b) => a - b);
}

/** Measures on `databaseUrl` (a scratch database: it makes and drops a table there). */
export async function measureMachine(databaseUrl: string, seconds = 2): Promise<MachineReference> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create table bench_machine_probe (n integer)');
    const roundTrips = await timeEach(seconds, () => client.query('select 1'));
    const commits = await timeEach(seconds, () =>
      client.query('insert into bench_machine_probe values (1)'),
    );
    await client.query('drop table bench_machine_probe');

    const block = Buffer.alloc(1024, 7);
    const hashes: number[] = [];
    for (let batch = 0; batch < 50; batch += 1) {
      const start = performance.now();
      for (let i = 0; i < 200; i += 1) createHash('sha256').update(block).digest();
      hashes.push(((performance.now() - start) * 1000) / 200);
    }
    return {
      roundTripUs: percentile(roundTrips, 0.5),
      commitUs: percentile(commits, 0.5),
      commitP99Us: percentile(commits, 0.99),
      sha256Us: percentile(
        hashes.sort((a, b) => a - b),
        0.5,
      ),
    };
  } finally {
    await client.end();
  }
}

/**
 * Runs the bare hello-world (bench/hello-world.mjs) under the open loop the vendor runs use, at
 * `rate` jobs of two GETs a second: the latency the machine adds to any HTTP call at that load.
 */
export async function measureHttpFloor(
  rate: number,
  connections: number,
  seconds = 5,
): Promise<HttpFloor> {
  const service = await startHelloWorld(30_000);
  try {
    const get = { method: 'GET', path: '/' };
    const result = await openLoop(
      { origin: service.baseUrl, connections, rate, warmupSeconds: 2, seconds },
      () => [get, get],
    );
    return { rate, connections, p50Ms: result.p50Ms, p99Ms: result.p99Ms };
  } finally {
    await stopService(service);
  }
}

export function describeMachine(m: MachineReference, floor?: HttpFloor): string {
  const us = (value: number) => value.toFixed(0);
  return (
    `Machine reference, measured before the runs: Postgres \`select 1\` round trip ${us(m.roundTripUs)} µs, ` +
    `a one-row insert with its commit ${us(m.commitUs)} µs (p99 ${us(m.commitP99Us)} µs; one client); ` +
    `SHA-256 of 1 KiB in Node ${m.sha256Us.toFixed(1)} µs. Compare runs by these first.` +
    (floor
      ? ` A bare Fastify hello-world under the same open loop (${floor.rate} pairs of calls/s, ` +
        `${floor.connections} connections): p50 ${floor.p50Ms} ms, p99 ${floor.p99Ms} ms — the latency HTTP alone costs here.`
      : '')
  );
}
