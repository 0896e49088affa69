/**
 * `npm run bench:ledger`: ledger movements per second on Postgres, then the ledger's invariants.
 *
 * Makes a scratch database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * migrates it, opens MEMBERS funded members, and runs CONCURRENCY workers for DURATION seconds,
 * each posting the movements a busy site makes (bets, wins, deposits, withdrawal holds and their
 * release) through the real Ledger class. Afterwards every transaction must net to zero, every
 * stored balance must equal the sum of its entries and no member balance may be negative.
 * Prints the figures and writes bench/LEDGER.md; the scratch database is dropped.
 *
 * Env: BENCH_DATABASE_URL, BENCH_LEDGER_DURATION (s, default 15), BENCH_LEDGER_CONCURRENCY
 * (default 32), BENCH_LEDGER_POOL (default 20), BENCH_LEDGER_MEMBERS (default 2000).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { Ledger, ledgerInvariants, type Movement } from '../apps/server/src/modules/ledger/ledger';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(BENCH_DIR, '../apps/server/src/db/migrations');
const BUDGET_PER_SECOND = 1_500;
const CURRENCY = 'BDT';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationSeconds = Number(process.env.BENCH_LEDGER_DURATION ?? 15);
const concurrency = Number(process.env.BENCH_LEDGER_CONCURRENCY ?? 32);
const poolSize = Number(process.env.BENCH_LEDGER_POOL ?? 20);
const memberCount = Number(process.env.BENCH_LEDGER_MEMBERS ?? 2_000);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Members straight into the tables (registration's password hashing is not what is measured);
 * their cash accounts open through the ledger, with the first deposit (`Ledger.move`).
 */
async function seedMembers(db: pg.Pool) {
  await db.query(
    `insert into members (username, password_hash, invite_code)
     select 'bench' || g, 'x', 'B' || g from generate_series(1, $1) g`,
    [memberCount],
  );
  await db.query(`insert into wallets (member_id, currency) select id, $1 from members`, [
    CURRENCY,
  ]);
  const { rows } = await db.query<{ id: string }>('select id from members order by id');
  return rows.map((r) => BigInt(r.id));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  const name = `khela_bench_ledger_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), poolSize, MIGRATIONS);
  try {
    await handle.migrate();
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const members = await seedMembers(pool);
    await pool.end();
    const ledger = new Ledger(handle.db);

    // Every member starts with money, as a deposit.
    for (const id of members) {
      await ledger.move(deposit(id, 1_000_000n, `seed-${id}`));
    }

    let sequence = 0;
    let posted = 0;
    let refused = 0;
    const latencies: number[] = [];
    const until = performance.now() + durationSeconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const id = members[Math.floor(Math.random() * members.length)]!;
        const movement = randomMovement(id, (sequence += 1));
        const start = performance.now();
        try {
          await ledger.move(movement);
          posted += 1;
        } catch (error) {
          if ((error as { errorCode?: string }).errorCode !== 'wallet.insufficientFunds')
            throw error;
          refused += 1;
        }
        latencies.push(performance.now() - start);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;

    const checkStart = performance.now();
    const invariants = await ledgerInvariants(handle.db);
    const checkMs = performance.now() - checkStart;
    const broken = Object.entries(invariants).filter(([, ids]) => ids.length > 0);

    latencies.sort((a, b) => a - b);
    const perSecond = posted / seconds;
    const verdict = perSecond >= BUDGET_PER_SECOND && broken.length === 0 ? 'PASS' : 'FAIL';
    const lines = [
      '# Ledger benchmark',
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ` +
        `Postgres at ${url.host}, pool ${poolSize}, ${concurrency} concurrent callers, ` +
        `${members.length} members, ${durationSeconds} s.`,
      '',
      '| Figure | Value |',
      '| --- | --- |',
      `| movements posted | ${posted} (${refused} refused for insufficient funds) |`,
      `| movements per second | **${perSecond.toFixed(0)}** (budget ≥ ${BUDGET_PER_SECOND}: ${verdict}) |`,
      `| latency p50 / p99 / max | ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} / ${(latencies.at(-1) ?? 0).toFixed(1)} ms |`,
      `| invariants after the run | ${broken.length === 0 ? 'all hold' : broken.map(([k, ids]) => `${k}: ${ids.length}`).join(', ')} (checked in ${checkMs.toFixed(0)} ms) |`,
      '',
      'Command: `npm run bench:ledger` (env BENCH_DATABASE_URL, BENCH_LEDGER_DURATION, ' +
        'BENCH_LEDGER_CONCURRENCY, BENCH_LEDGER_POOL, BENCH_LEDGER_MEMBERS).',
      '',
    ];
    console.log(lines.join('\n'));
    writeFileSync(path.join(BENCH_DIR, 'LEDGER.md'), lines.join('\n'));
    if (broken.length > 0) process.exitCode = 1;
  } finally {
    await handle.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

function deposit(id: bigint, amount: bigint, key: string): Movement {
  return {
    kind: 'deposit',
    source: 'bench',
    key,
    request: { amount: String(amount) },
    currency: CURRENCY,
    memberId: id,
    legs: [
      { account: { kind: 'cash', ownerId: id }, amountMinor: amount },
      { account: { kind: 'deposits_clearing' }, amountMinor: -amount },
    ],
  };
}

/** The mix of a busy site: mostly bets and wins, some deposits and withdrawal holds. */
function randomMovement(id: bigint, n: number): Movement {
  const roll = Math.random();
  const amount = BigInt(100 + Math.floor(Math.random() * 5_000));
  const cash = { kind: 'cash' as const, ownerId: id };
  const base = { source: 'bench', key: `m-${n}`, request: { n }, currency: CURRENCY, memberId: id };
  if (roll < 0.45) {
    return {
      ...base,
      kind: 'bet',
      legs: [
        { account: cash, amountMinor: -amount },
        { account: { kind: 'house' }, amountMinor: amount },
      ],
    };
  }
  if (roll < 0.85) {
    return {
      ...base,
      kind: 'win',
      legs: [
        { account: cash, amountMinor: amount },
        { account: { kind: 'house' }, amountMinor: -amount },
      ],
    };
  }
  if (roll < 0.95) return { ...deposit(id, amount, base.key), request: base.request };
  return {
    ...base,
    kind: 'withdrawal.hold',
    legs: [
      { account: cash, amountMinor: -amount },
      { account: { kind: 'withdrawal_hold', ownerId: id }, amountMinor: amount },
    ],
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
