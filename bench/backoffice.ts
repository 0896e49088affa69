/**
 * `npm run bench:backoffice`: the back office's budgets on Postgres (issue 20). Makes a scratch
 * database on BENCH_DATABASE_URL's (else DATABASE_URL's) server, fills it with BO_MEMBERS members
 * (default 1,000,000, each with a username and a mobile number) and BO_GAME_TX game transactions
 * (default 10,000,000: bets and wins, half as many rounds, each the twin of a ledger bet or win
 * movement), BO_DEPOSITS deposits and a tenth as many withdrawals, all over the last 400 days,
 * all in SQL over generate_series. Then the rollup's backfill builds the summary tables (timed),
 * the server listens on BENCH_PORT (default 5560) and each call is measured BO_REPS times
 * (default 300) over HTTP, one at a time:
 *
 * - member search: GET /ops/api/members?q=<prefix>&by=username and by=mobile, p99 ≤ 50 ms
 *   (the route comes from the members desk; without it the line says "route missing");
 * - the dashboard: GET /ops/api/dashboard, p95 ≤ 300 ms;
 * - a 90-day report: GET /ops/api/reports/{ggr,cashflow,registrations}, p95 ≤ 500 ms.
 *
 * The figures go to stdout and bench/BACKOFFICE.md. The database is dropped at the end unless
 * BO_KEEP=1. Small runs: BO_MEMBERS=20000 BO_GAME_TX=200000 BO_DEPOSITS=20000.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/db/seed/seed';
import { demoSeeders } from '../apps/server/src/demo-seeders';
import { ReportsRollup } from '../apps/server/src/modules/reports/rollup';
import { REPORTS_TIME_ZONE } from '../packages/contract/src/backoffice/reports';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(BENCH_DIR, '../apps/server/src/db/migrations');
const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MEMBERS = int('BO_MEMBERS', 1_000_000);
const GAME_TX = int('BO_GAME_TX', 10_000_000);
const DEPOSITS = int('BO_DEPOSITS', 1_000_000);
const WITHDRAWALS = Math.ceil(DEPOSITS / 10);
const REPS = int('BO_REPS', 300);
const PORT = int('BENCH_PORT', 5560);
const SPAN_DAYS = 400;
const OPS_TOKEN = randomBytes(24).toString('hex');

const BUDGETS = { searchP99: 50, dashboardP95: 300, reportP95: 500 };

const log = (message: string) => console.log(`[backoffice] ${message}`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  log(`${label}: ${seconds.toFixed(1)} s`);
  return [value, seconds];
}

async function admin(serverUrl: string, statement: string) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Everything the rollup and the desk read, generated server-side. */
async function fill(client: pg.Client) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q("set work_mem = '256MB'");
  await q("set maintenance_work_mem = '1GB'");
  await q('set synchronous_commit = off');
  // Foreign keys hold by construction; their per-row checks would triple the load time.
  await q('set session_replication_role = replica');
  const span = `interval '${SPAN_DAYS} days'`;
  await timed(`${MEMBERS.toLocaleString('en')} members`, () =>
    q(
      `insert into members (username, password_hash, invite_code, country_dialing_code, mobile_num,
                            email, created_at)
       select 'bo' || i, 'x', 'B' || i, '880', '01' || (3 + i % 7) || lpad((i % 100000000)::text, 8, '0'),
              'bo' || i || '@example.com', now() - ${span} * (1 - i::float8 / $1)
       from generate_series(1, $1) i`,
      [MEMBERS],
    ),
  );
  const { rows: games } = await q(
    `select g.id from games g join vendors v on v.code = g.vendor_code order by g.id limit 200`,
  );
  const gameIds = games.map((row) => String(row.id as string));
  const m0 = Number(
    (await q(`select min(id) as id from members where username like 'bo%'`)).rows[0].id,
  );
  const rounds = Math.ceil(GAME_TX / 2);
  await timed(`${rounds.toLocaleString('en')} game rounds`, () =>
    q(
      `insert into game_rounds (provider_code, round_ref, member_id, game_id, account_kind, currency,
                                stake_minor, win_minor, status, opened_at, settled_at)
       select 'DEMO', 'bo-' || k, $2::bigint + (k * 7919) % $3, ($4::bigint[])[1 + k % $5], 'cash', 'BDT',
              100 + k % 900, (k * 13) % 1500, 'settled', t, t
       from generate_series(1::bigint, $1::bigint) k,
            lateral (select now() - ${span} * (1 - k::float8 / $1) as t) tt`,
      [rounds, m0, MEMBERS, `{${gameIds.join(',')}}`, gameIds.length],
    ),
  );
  const r0 = Number(
    (await q(`select min(id) as id from game_rounds where round_ref like 'bo-%'`)).rows[0].id,
  );
  await timed(`${GAME_TX.toLocaleString('en')} game transactions`, () =>
    q(
      `insert into game_transactions (provider_code, tx_ref, kind, member_id, round_id, amount_minor,
                                      status, fingerprint, created_at)
       select 'DEMO', 'bo-' || k || '-' || side, case side when 0 then 'bet' else 'win' end,
              r.member_id, r.id, case side when 0 then r.stake_minor else r.win_minor end, 'done', 'x',
              r.opened_at
       from generate_series(0::bigint, $1::bigint - 1) k
       cross join generate_series(0, 1) side
       join game_rounds r on r.id = $2::bigint + k`,
      [rounds, r0],
    ),
  );
  await timed(
    `${DEPOSITS.toLocaleString('en')} deposits, ${WITHDRAWALS.toLocaleString('en')} withdrawals`,
    async () => {
      const { rows: channels } = await q(`select code from payment_channels order by code limit 4`);
      const codes = `{${channels.map((row) => row.code as string).join(',')}}`;
      await q(
        `insert into deposits (member_id, channel_code, amount_minor, currency, status, provider,
                             provider_ref, our_ref, idempotency_key, fingerprint, created_at, settled_at)
       select $2::bigint + (k * 104729) % $3, ($4::text[])[1 + k % cardinality($4::text[])],
              50000 + (k % 20) * 10000, 'BDT',
              case when k % 10 < 8 then 'paid' when k % 10 = 8 then 'failed' else 'expired' end,
              'sandbox', 'bo-' || k, 'bo-' || k, 'bo-' || k, 'x', t, t
       from generate_series(1::bigint, $1::bigint) k,
            lateral (select now() - ${span} * (1 - k::float8 / $1) as t) tt`,
        [DEPOSITS, m0, MEMBERS, codes],
      );
      await q(
        `insert into payee_accounts (member_id, channel_code, account_name, account_number)
       select $2::bigint + k, ($3::text[])[1], 'Bench', '017' || lpad(k::text, 8, '0')
       from generate_series(0, least($1, 1000) - 1) k`,
        [WITHDRAWALS, m0, codes],
      );
      const p0 = Number((await q(`select min(id) as id from payee_accounts`)).rows[0].id);
      await q(
        `insert into withdrawals (member_id, payee_account_id, channel_code, amount_minor, currency,
                                status, idempotency_key, fingerprint, created_at, decided_at)
       select $2::bigint + k % least($1, 1000), $3::bigint + k % least($1, 1000), ($4::text[])[1],
              20000 + (k % 10) * 5000, 'BDT',
              case when k % 10 < 7 then 'paid' when k % 10 < 9 then 'rejected' else 'pending' end,
              'bo-' || k, 'x', t, t
       from generate_series(1::bigint, $1::bigint) k,
            lateral (select now() - ${span} * (1 - k::float8 / $1) as t) tt`,
        [WITHDRAWALS, m0, p0, codes],
      );
    },
  );
  await timed('analyze', () => q('analyze'));
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(base: string, urls: () => string) {
  const times: number[] = [];
  const headers = { authorization: `Bearer ${OPS_TOKEN}` };
  // Warm-up: plans, connections, caches.
  for (let i = 0; i < 5; i += 1) await (await fetch(base + urls(), { headers })).arrayBuffer();
  let status = 0;
  for (let i = 0; i < REPS; i += 1) {
    const started = performance.now();
    const res = await fetch(base + urls(), { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    status = res.status;
    if (res.status === 404) return { missing: true as const };
    if (res.status !== 200) throw new Error(`${urls()} answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return {
    missing: false as const,
    status,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('set BENCH_DATABASE_URL (or DATABASE_URL) to a Postgres server');
  const name = `khela_bench_backoffice_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await admin(serverUrl, `create database ${name}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-bench-bo-'));
  const lines: string[] = [];
  try {
    await timed('migrated and seeded', async () => {
      const handle = await openPostgres(url.toString(), 2, MIGRATIONS);
      await handle.migrate();
      await seedDemoData(
        handle.db,
        demoSeeders({
          demoVendor: { secret: randomBytes(24).toString('hex'), launchUrl: 'http://127.0.0.1:1/' },
        }),
      );
      await handle.close();
    });
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let fillSeconds = 0;
    try {
      [, fillSeconds] = await timed('fill', () => fill(client));
    } finally {
      await client.end();
    }

    const handle = await openPostgres(url.toString(), 4, MIGRATIONS);
    const rollup = new ReportsRollup(handle.db, {
      timeZone: REPORTS_TIME_ZONE,
      batchSize: 200_000,
    });
    const [taken, backfillSeconds] = await timed('rollup backfill', () =>
      rollup.run({ settleSeconds: 0, wait: true }),
    );
    const [, idleSeconds] = await timed('rollup with nothing new', () =>
      rollup.run({ settleSeconds: 0, wait: true }),
    );
    await handle.close();

    const config = loadConfig({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      OPS_TOKEN,
      LOG_LEVEL: 'warn',
      REPORTS_ROLLUP_INTERVAL_MS: '0',
      PORT: String(PORT),
    });
    const app = await buildApp(config);
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${PORT}`;
    try {
      let i = 0;
      const pick = () => 1 + (((i += 1) * 7_919) % MEMBERS);
      const results: [string, Awaited<ReturnType<typeof measure>>, 'p95' | 'p99', number][] = [];
      const run = async (label: string, urls: () => string, key: 'p95' | 'p99', budget: number) => {
        const result = await measure(base, urls);
        results.push([label, result, key, budget]);
        log(
          result.missing
            ? `${label}: route missing (404): merge the members desk to measure it`
            : `${label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (budget ${key} ≤ ${budget} ms)`,
        );
      };
      // Prefixes that match a few members each: bo12345 → bo12345, bo123450 … bo123459.
      await run(
        'member search by username',
        () => `/ops/api/members?q=bo${pick()}&by=username`,
        'p99',
        BUDGETS.searchP99,
      );
      await run(
        'member search by mobile',
        () =>
          `/ops/api/members?q=01${3 + (pick() % 7)}${String(pick() % 100_000_000)
            .padStart(8, '0')
            .slice(0, 5)}&by=mobile`,
        'p99',
        BUDGETS.searchP99,
      );
      await run('dashboard', () => '/ops/api/dashboard', 'p95', BUDGETS.dashboardP95);
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
      for (const report of [
        'ggr?by=day&',
        'ggr?by=vendor&',
        'ggr?by=category&',
        'cashflow?',
        'registrations?',
      ]) {
        await run(
          `90-day report ${report.replace(/[?&]$/, '')}`,
          () => `/ops/api/reports/${report}from=${from}&to=${to}`,
          'p95',
          BUDGETS.reportP95,
        );
      }

      lines.push(
        '# Back office bench',
        '',
        `Run ${new Date().toISOString()} by \`npm run bench:backoffice\` (bench/backoffice.ts) on Postgres: ${MEMBERS.toLocaleString('en')} members, ${GAME_TX.toLocaleString('en')} game transactions (${Math.ceil(GAME_TX / 2).toLocaleString('en')} rounds), ${DEPOSITS.toLocaleString('en')} deposits, ${WITHDRAWALS.toLocaleString('en')} withdrawals over ${SPAN_DAYS} days; ${REPS} sequential HTTP calls per line after 5 warm-up calls.`,
        '',
        `Fill ${fillSeconds.toFixed(1)} s; rollup backfill ${backfillSeconds.toFixed(1)} s (ids taken in: ${Object.entries(
          taken.taken,
        )
          .map(([source, count]) => `${source} ${count.toLocaleString('en')}`)
          .join(', ')}); a pass with nothing new ${(idleSeconds * 1000).toFixed(0)} ms.`,
        '',
        '| call | p50 ms | p95 ms | p99 ms | budget | within |',
        '| --- | ---: | ---: | ---: | --- | --- |',
        ...results.map(([label, result, key, budget]) =>
          result.missing
            ? `| ${label} | – | – | – | ${key} ≤ ${budget} ms | route missing |`
            : `| ${label} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${key} ≤ ${budget} ms | ${result[key] <= budget ? 'yes' : '**no**'} |`,
        ),
        '',
      );
    } finally {
      await app.close();
    }
    const report = lines.join('\n');
    await writeFile(path.join(BENCH_DIR, 'BACKOFFICE.md'), report);
    console.log(report);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.BO_KEEP !== '1')
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    else log(`kept database ${name}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
