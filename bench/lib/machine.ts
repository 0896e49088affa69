/**
 * How fast this machine is at what a vendor call is made of, measured before a run so runs on
 * different machines (or on one machine on different days) can be compared: the same 2-vCPU kind
 * has given twice the throughput one day as the next.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export interface MachineReference {
  /** Postgres `select 1`, one client, median µs: the round trip and the wake-ups it costs. */
  roundTripUs: number;
  /** An autocommit one-row insert, median µs: the round trip plus the commit's WAL flush. */
  commitUs: number;
  /** SHA-256 of 1 KiB in this process, median µs per hash: plain CPU speed. */
  sha256Us: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function timeEach(seconds: number, once: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await once();
    samples.push((performance.now() - start) * 1000);
  }
  return median(samples);
}

/** Measures on `databaseUrl` (a scratch database: it makes and drops a table there). */
export async function measureMachine(databaseUrl: string, seconds = 2): Promise<MachineReference> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create table bench_machine_probe (n integer)');
    const roundTripUs = await timeEach(seconds, () => client.query('select 1'));
    const commitUs = await timeEach(seconds, () =>
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
    return { roundTripUs, commitUs, sha256Us: median(hashes) };
  } finally {
    await client.end();
  }
}

export function describeMachine(m: MachineReference): string {
  return (
    `Machine reference, measured before the runs: Postgres \`select 1\` round trip ${m.roundTripUs.toFixed(0)} µs, ` +
    `a one-row insert with its commit ${m.commitUs.toFixed(0)} µs (medians, one client); ` +
    `SHA-256 of 1 KiB in Node ${m.sha256Us.toFixed(1)} µs. Compare runs by these first.`
  );
}
