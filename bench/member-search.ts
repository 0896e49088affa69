/**
 * `npx tsx bench/member-search.ts`: the back office's member search on Postgres with a million
 * members (issue 20's budget: p99 ≤ 50 ms). It makes a scratch database (BENCH_DATABASE_URL,
 * default khela_bench_members on the local server), migrates it, fills SEARCH_MEMBERS members
 * (default 1,000,000) with e-mails and mobiles, a wallet and a cash account each, and two logins
 * per member spread over shared addresses (a mobile carrier's NAT: up to 250 members on one) and
 * devices, all in SQL over generate_series, then runs the search the operator API runs
 * (`memberDeskReads.search`, then the page's balances) SEARCH_QUERIES times per key with random
 * prefixes and prints p50, p95 and p99. The database is dropped at the end unless BENCH_KEEP=1.
 * Like bench/ledger-fill.ts it writes the accounts and ledger tables itself: a scratch database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { MemberSearchKey } from '@khela/contract/backoffice/members';
import { openPostgres } from '../apps/server/src/db/client';
import { memberDeskReads } from '../apps/server/src/modules/accounts/member-desk-reads';
import { ledgerReads } from '../apps/server/src/modules/ledger/ledger-reads';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(BENCH_DIR, '../apps/server/src/db/migrations');
const url = new URL(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/khela_bench_members',
);
const MEMBERS = Number(process.env.SEARCH_MEMBERS ?? 1_000_000);
const QUERIES = Number(process.env.SEARCH_QUERIES ?? 300);
const BUDGET_P99_MS = 50;

const log = (message: string) => console.log(`[member-search] ${message}`);

async function admin(sql: string) {
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name ${name}: use [a-z0-9_]`);

const FILL = [
  `insert into members (username, password_hash, invite_code, email, country_dialing_code, mobile_num, last_login_at)
   select 'm' || substr(md5(g::text), 1, 10) || g, 'x', 'I' || g,
          'Player' || g || '@Example.com', '+880', (1300000000 + (g::bigint * 7919) % 699999999)::text,
          now() - (g % 1000) * interval '1 hour'
   from generate_series(1, ${MEMBERS}) g`,
  `insert into wallets (member_id, currency) select id, 'BDT' from members`,
  `insert into ledger_accounts (kind, owner_id, currency, balance_minor)
   select 'cash', id, 'BDT', (id * 37) % 1000000 from members`,
  `insert into member_logins (member_id, kind, ip, device_id, created_at)
   select 1 + (g % ${MEMBERS}), 'login',
          '10.' || (g % 64) || '.' || ((g / 64) % 250) || '.' || ((g / 16000) % 250),
          'dev' || md5((g % ${Math.floor(MEMBERS * 0.8)})::text),
          now() - (g % 5000) * interval '1 minute'
   from generate_series(1, ${MEMBERS * 2}) g`,
  'analyze',
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const hex = () => Math.floor(Math.random() * 16).toString(16);
const digit = () => Math.floor(Math.random() * 10).toString();
const QUERY_OF: Record<MemberSearchKey, () => string> = {
  username: () => `m${hex()}${hex()}`,
  email: () => `player${1 + Math.floor(Math.random() * 9)}${digit()}${digit()}`,
  mobile: () => `01${3 + Math.floor(Math.random() * 7)}${digit()}${digit()}`,
  id: () => String(1 + Math.floor(Math.random() * MEMBERS)),
  ip: () =>
    Math.random() < 0.5
      ? `10.${Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
      : `10.${Math.floor(Math.random() * 64)}.`,
  device: () => `dev${Math.floor(Math.random() * MEMBERS * 0.8).toString()}`,
};

async function main() {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const handle = await openPostgres(url.toString(), 4, MIGRATIONS);
  try {
    await handle.migrate();
    let started = performance.now();
    for (const statement of FILL) await handle.db.execute(statement);
    log(
      `filled ${MEMBERS} members, ${MEMBERS * 2} logins in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    let worst = 0;
    for (const key of Object.keys(QUERY_OF) as MemberSearchKey[]) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < QUERIES; i++) {
        let q = QUERY_OF[key]();
        if (key === 'device') q = `dev${await md5(q.slice(3))}`;
        started = performance.now();
        const rows = await memberDeskReads.search(handle.db, key, q, 20);
        await ledgerReads.cashBalances(
          handle.db,
          rows.map((row) => row.id),
        );
        times.push(performance.now() - started);
        hits += rows.length;
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      worst = Math.max(worst, p99);
      log(
        `${key.padEnd(8)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  (${(hits / QUERIES).toFixed(1)} hits per search)`,
      );
    }
    log(
      `worst p99 ${worst.toFixed(2)} ms: ${worst <= BUDGET_P99_MS ? 'within' : 'OVER'} the ${BUDGET_P99_MS} ms budget`,
    );
  } finally {
    await handle.close();
    if (process.env.BENCH_KEEP !== '1') await admin(`drop database if exists ${name} with (force)`);
  }
}

async function md5(text: string) {
  const { createHash } = await import('node:crypto');
  return createHash('md5').update(text).digest('hex');
}

await main();
