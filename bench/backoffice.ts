/**
 * `npm run bench:backoffice`: the back office's budgets on Postgres (issue 20). Makes a scratch
 * database on BENCH_DATABASE_URL's (else DATABASE_URL's) server, fills it with BO_MEMBERS members
 * (default 1,000,000, each with a username and a mobile number) and BO_GAME_TX game transactions
 * (default 10,000,000: bets and wins, half as many rounds, each the twin of a ledger bet or win
 * movement), BO_DEPOSITS deposits and a tenth as many withdrawals, and BO_LEDGER_ENTRIES ledger
 * entries (default 10,000,000: half as many balanced two-entry movements — deposits, bets, wins,
 * rebates — on the cash accounts of the first BO_LEDGER_MEMBERS members, default 10,000, so 500
 * movements each, with running balances), all over the last 400 days,
 * all in SQL over generate_series. Then the rollup's backfill builds the summary tables (timed),
 * the server listens on BENCH_PORT (default 5560) and each call is measured BO_REPS times
 * (default 300) over HTTP, one at a time:
 *
 * - member search: GET /ops/api/members?q=<prefix>&by=username and by=mobile, p99 ≤ 50 ms
 *   (the route comes from the members desk; without it the line says "route missing");
 * - the dashboard: GET /ops/api/dashboard, p95 ≤ 300 ms;
 * - a 90-day report: GET /ops/api/reports/{ggr,cashflow,registrations,registrations/members},
 *   p95 ≤ 500 ms;
 * - a member's page on the ledger: GET /ops/api/members/:username (the summary) and its
 *   transaction list /ledger (first page, a movement kind, a 30-day range), measured against the
 *   search's budget (p99 ≤ 50 ms; the issue sets none of its own for them).
 *
 * The figures go to stdout and bench/BACKOFFICE.md. The database is dropped at the end unless
 * BO_KEEP=1. Small runs: BO_MEMBERS=20000 BO_GAME_TX=200000 BO_DEPOSITS=20000
 * BO_LEDGER_ENTRIES=400000 BO_LEDGER_MEMBERS=2000.
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
import { HOUSE_SHARDS } from '../apps/server/src/modules/ledger/ledger';
import { ReportsRollup } from '../apps/server/src/modules/reports/rollup';
import { REPORTS_TIME_ZONE } from '../packages/contract/src/backoffice/reports';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(BENCH_DIR, '../apps/server/src/db/migrations');
const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MEMBERS = int('BO_MEMBERS', 1_000_000);
const GAME_TX = int('BO_GAME_TX', 10_000_000);
const DEPOSITS = int('BO_DEPOSITS', 1_000_000);
const WITHDRAWALS = Math.ceil(DEPOSITS / 10);
const LEDGER_ENTRIES = int('BO_LEDGER_ENTRIES', 10_000_000);
const LEDGER_MEMBERS = Math.min(int('BO_LEDGER_MEMBERS', 10_000), MEMBERS);
/** Movements per ledger member: two entries each (the member's cash and a house account). */
const MOVEMENTS = Math.max(1, Math.round(LEDGER_ENTRIES / 2 / LEDGER_MEMBERS));
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
  await timed(
    `${(LEDGER_MEMBERS * MOVEMENTS * 2).toLocaleString('en')} ledger entries (${(LEDGER_MEMBERS * MOVEMENTS).toLocaleString('en')} movements of ${LEDGER_MEMBERS.toLocaleString('en')} members)`,
    () => fillLedger(q, m0),
  );
  await timed('analyze', () => q('analyze'));
}

/**
 * The ledger, as bench/ledger-fill.ts makes it (the one other writer of ledger rows, for scratch
 * databases only): a plan of movements k = 1 … members × movements in time order (the j-th of
 * every member, then the (j + 1)-th; every tenth a deposit, rebates now and then, bets and wins in
 * turn, so no balance goes below zero), then transactions, entries with running balances by a
 * window function, and stored balances, with the secondary indexes dropped and built again.
 */
async function fillLedger(
  q: (text: string, values?: unknown[]) => Promise<pg.QueryResult>,
  m0: number,
) {
  const span = `interval '${SPAN_DAYS} days'`;
  const next = async (table: string) =>
    Number((await q(`select coalesce(max(id), 0) as id from ${table}`)).rows[0].id);
  // The house's accounts first (through the id sequence), then the members' with ids of our own.
  await q(
    `insert into ledger_accounts (kind, currency, may_go_negative, shard)
     select kind, 'BDT', true, s
     from unnest(array['house', 'deposits_clearing', 'bonus']) kind
     cross join generate_series(0, ${HOUSE_SHARDS - 1}) s
     on conflict on constraint ledger_accounts_owner_kind_shard do nothing`,
  );
  const a0 = await next('ledger_accounts');
  const t0 = await next('ledger_transactions');
  const e0 = await next('ledger_entries');
  await q(
    `insert into wallets (member_id, currency) select $1::bigint + i, 'BDT'
     from generate_series(0, $2 - 1) i on conflict do nothing`,
    [m0, LEDGER_MEMBERS],
  );
  await q(
    `insert into ledger_accounts (id, owner_id, kind, currency) overriding system value
     select $1::bigint + 1 + i, $2::bigint + i, 'cash', 'BDT' from generate_series(0, $3 - 1) i`,
    [a0, m0, LEDGER_MEMBERS],
  );
  await q(
    `create temp table bo_house as
     select kind as house_kind, shard, id from ledger_accounts
     where owner_id is null and currency = 'BDT' and kind in ('house', 'deposits_clearing', 'bonus')`,
  );
  await q(
    `create unlogged table bo_ledger_plan as
     select k, $2::bigint + i as member_id, kinds.kind, amount, $3::bigint + 1 + i as cash_account,
            h.id as counter_account, now() - ${span} + (k - 1) * (${span} / ($1::bigint * $4)) as at
     from (select k, (k - 1) % $1 as i, (k - 1) / $1 + 1 as j
           from generate_series(1::bigint, $1::bigint * $4) k) g
     cross join lateral (
       select case when j = 1 or j % 10 = 0 then 'deposit' when j % 10 = 8 then 'rebate'
                   when j % 10 in (2, 4, 6) then 'win' else 'bet' end as kind) kinds
     cross join lateral (
       select case kind when 'deposit' then case when j = 1 then 100000 else 50000 end
                        when 'rebate' then 25
                        when 'win' then 50 + (i * 11 + j * 17) % 1500
                        else -(100 + (i * 7 + j * 13) % 900) end::bigint as amount) amounts
     join bo_house h
       on h.house_kind = case kinds.kind when 'deposit' then 'deposits_clearing' when 'rebate' then 'bonus'
                             else 'house' end
      and h.shard = ($2::bigint + i) % ${HOUSE_SHARDS}`,
    [LEDGER_MEMBERS, m0, a0, MOVEMENTS],
  );
  const { rows: indexes } = await q(
    `select indexname, indexdef from pg_indexes
     where tablename in ('ledger_entries', 'ledger_transactions') and indexname not like '%_pkey'`,
  );
  for (const row of indexes) await q(`drop index ${row.indexname as string}`);
  await q(
    `insert into ledger_transactions
       (id, kind, source, idempotency_key, fingerprint, member_id, reference, created_at)
     overriding system value
     select $1::bigint + k, case kind when 'bet' then 'bet.slots' when 'win' then 'win.slots'
                                      else kind end,
            'bench-bo', 'bo' || k, md5(k::text), member_id,
            case when kind = 'deposit' then jsonb_build_object('depositId', k::text) end, at
     from bo_ledger_plan`,
    [t0],
  );
  await q(
    `insert into ledger_entries
       (id, transaction_id, account_id, amount_minor, balance_after_minor, created_at)
     overriding system value
     select $1::bigint + 2 * k - 1, $2::bigint + k, cash_account, amount,
            sum(amount) over (partition by cash_account order by k), at
     from bo_ledger_plan
     union all
     select $1::bigint + 2 * k, $2::bigint + k, counter_account, -amount,
            sum(-amount) over (partition by counter_account order by k), at
     from bo_ledger_plan`,
    [e0, t0],
  );
  await q(
    `update ledger_accounts a set balance_minor = s.total
     from (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) s
     where s.account_id = a.id`,
  );
  for (const row of indexes) await q(row.indexdef as string);
  await q('drop table bo_ledger_plan');
  await q('drop table bo_house');
  for (const table of ['ledger_accounts', 'ledger_transactions', 'ledger_entries']) {
    await q(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  }
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
      // The machine's load while measuring: on a shared machine the figures are only as good as it.
      const loadBefore = os.loadavg()[0]!;
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
        'registrations/members?',
      ]) {
        await run(
          `90-day report ${report.replace(/[?&]$/, '')}`,
          () => `/ops/api/reports/${report}from=${from}&to=${to}`,
          'p95',
          BUDGETS.reportP95,
        );
      }

      // A member with ledger movements: bo1 … bo<LEDGER_MEMBERS>.
      const ledgerMember = () => `bo${1 + (((i += 1) * 7_919) % LEDGER_MEMBERS)}`;
      await run(
        "member's page (summary)",
        () => `/ops/api/members/${ledgerMember()}`,
        'p99',
        BUDGETS.searchP99,
      );
      await run(
        "member's transactions, first page",
        () => `/ops/api/members/${ledgerMember()}/ledger`,
        'p99',
        BUDGETS.searchP99,
      );
      await run(
        "member's transactions, deposits only",
        () => `/ops/api/members/${ledgerMember()}/ledger?kind=deposit`,
        'p99',
        BUDGETS.searchP99,
      );
      const monthTo = new Date(Date.now() - 180 * 86_400_000);
      const monthFrom = new Date(monthTo.getTime() - 30 * 86_400_000);
      await run(
        "member's transactions, 30 days half a year ago",
        () =>
          `/ops/api/members/${ledgerMember()}/ledger?from=${monthFrom.toISOString()}&to=${monthTo.toISOString()}`,
        'p99',
        BUDGETS.searchP99,
      );

      const loadAfter = os.loadavg()[0]!;
      lines.push(
        '# Back office bench',
        '',
        `Run ${new Date().toISOString()} by \`npm run bench:backoffice\` (bench/backoffice.ts) on Postgres: ${MEMBERS.toLocaleString('en')} members, ${GAME_TX.toLocaleString('en')} game transactions (${Math.ceil(GAME_TX / 2).toLocaleString('en')} rounds), ${DEPOSITS.toLocaleString('en')} deposits, ${WITHDRAWALS.toLocaleString('en')} withdrawals, ${(LEDGER_MEMBERS * MOVEMENTS * 2).toLocaleString('en')} ledger entries (${(LEDGER_MEMBERS * MOVEMENTS).toLocaleString('en')} ledger transactions, ${MOVEMENTS.toLocaleString('en')} movements for each of ${LEDGER_MEMBERS.toLocaleString('en')} members) over ${SPAN_DAYS} days; ${REPS} sequential HTTP calls per line after 5 warm-up calls.`,
        '',
        `Fill ${fillSeconds.toFixed(1)} s; rollup backfill ${backfillSeconds.toFixed(1)} s (ids taken in: ${Object.entries(
          taken.taken,
        )
          .map(([source, count]) => `${source} ${count.toLocaleString('en')}`)
          .join(', ')}); a pass with nothing new ${(idleSeconds * 1000).toFixed(0)} ms.`,
        '',
        `Load average (1 min) on ${os.cpus().length} CPUs: ${loadBefore.toFixed(1)} when the measurements began, ${loadAfter.toFixed(1)} when they ended.`,
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
