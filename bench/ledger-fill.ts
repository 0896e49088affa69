/**
 * `npx tsx bench/ledger-fill.ts`: fills a scratch Postgres database with a ledger of 10 million
 * entries for the transaction-records benchmark (`BENCH_ONLY='transaction records'`).
 *
 * FILL_MEMBERS members (default 20,000) each get FILL_MOVEMENTS movements (default 250): deposits,
 * bets, wins and rebates spread over the last 13 months, each a balanced transaction of two
 * entries (the member's cash and a house account shard), so 20,000 × 250 × 2 = 10,000,000 entries.
 * It is all SQL over generate_series: a plan table of the movements, running balances by window
 * functions, then transactions, entries and stored balances straight from it, with the secondary
 * indexes built afterwards. The ledger's invariants are checked at the end: every transaction nets
 * to zero, every stored balance equals the sum of its entries, no member balance is negative.
 *
 * It is the one writer of ledger rows besides `ledger_post` (issue 17: one module writes
 * movements), on purpose: it loads a scratch database only, 5 million movements through
 * `ledger_post` would take about an hour at the ledger bench's rate and could not be dated over
 * 13 months, and the invariants check at the end holds what it wrote to the ledger's own rules.
 *
 * The members are `fill1` … `fillN`, password FILL_PASSWORD (default the bench's), so the bench
 * logs in as some of them. The database is BENCH_DATABASE_URL's; it is created, and refused when
 * it exists unless FILL_RESET=1 (then it is dropped and made again).
 *
 *   createdb -h 127.0.0.1 -U postgres khela_bench_records   # or let the script make it
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/khela_bench_records npx tsx bench/ledger-fill.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import {
  PasswordHasher,
  PRODUCTION_PASSWORD_HASH_COST,
} from '../apps/server/src/modules/accounts/password-hasher';
import { HOUSE_SHARDS, ledgerInvariants } from '../apps/server/src/modules/ledger/ledger';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(BENCH_DIR, '../apps/server/src/db/migrations');

export const FILL_PASSWORD = process.env.FILL_PASSWORD ?? 'Sylhet-Tea-Garden-19';
export const FILL_USERNAME_PREFIX = 'fill';
const members = Number(process.env.FILL_MEMBERS ?? 20_000);
const movements = Number(process.env.FILL_MOVEMENTS ?? 250);
/** The movements span this many days, ending now. */
const SPAN_DAYS = 395;
const CURRENCY = 'BDT';

const log = (message: string) => console.log(`[ledger-fill] ${message}`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

async function createDatabase(url: URL) {
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`database name ${name}: use [a-z0-9_]`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) {
      if (process.env.FILL_RESET !== '1') {
        throw new Error(`database ${name} exists; FILL_RESET=1 drops it and fills it again`);
      }
      await admin.query(`drop database ${name} with (force)`);
    }
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * The movement plan, one row per ledger transaction k = 1 … members × movements, in time order:
 * the j-th movements of all members, then the (j + 1)-th. Every tenth is a deposit (the first a
 * bigger one), rebates now and then, bets and wins in turn; a block of ten bets at most 4,995
 * paisa against a 50,000 deposit, so no balance ever goes below zero.
 */
const PLAN_TABLE = `
  create unlogged table fill_plan (k bigint, member_id bigint, j bigint, kind text, amount bigint,
    counter_account bigint, cash_account bigint, at timestamptz)`;
const PLAN = `
  insert into fill_plan
  select k, m0 + i as member_id, j, kind, amount,
         case kind when 'deposit' then clearing0 when 'rebate' then bonus0 else house0 end
           + ((m0 + i) % ${HOUSE_SHARDS}) as counter_account,
         a0 + i as cash_account,
         start_at + (k - 1) * step as at
  from (
    select k, ((k - 1) % $1) + 1 as i, ((k - 1) / $1) + 1 as j from generate_series(1::bigint, $1::bigint * $2) k
  ) g
  cross join lateral (
    select case
             when j = 1 or j % 10 = 0 then 'deposit'
             when j % 10 = 8 then 'rebate'
             when j % 10 in (2, 4, 6) then 'win'
             else 'bet'
           end as kind
  ) kinds
  cross join lateral (
    select case kind
             when 'deposit' then case when j = 1 then 100000 else 50000 end
             when 'rebate' then 25
             when 'win' then 50 + (i * 11 + j * 17) % 1500
             else -(100 + (i * 7 + j * 13) % 900)
           end::bigint as amount
  ) amounts
  cross join (select $3::bigint as m0, $4::bigint as a0, $5::bigint as house0,
                     $6::bigint as clearing0, $7::bigint as bonus0,
                     now() - interval '${SPAN_DAYS} days' as start_at,
                     interval '${SPAN_DAYS} days' / ($1::bigint * $2) as step) p`;

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to the scratch database to fill');
  const url = new URL(databaseUrl);
  await timed('database created and migrated', async () => {
    await createDatabase(url);
    const handle = await openPostgres(url.toString(), 2, MIGRATIONS);
    await handle.migrate();
    await handle.close();
  });
  // The bench's server runs at the production cost; its logins would otherwise rehash first.
  const passwordHash = await new PasswordHasher(PRODUCTION_PASSWORD_HASH_COST).hash(FILL_PASSWORD);

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  try {
    await q("set maintenance_work_mem = '1GB'");
    await q("set work_mem = '512MB'");
    await q('set synchronous_commit = off');
    // Foreign keys hold by construction; their per-row checks would triple the load time.
    await q('set session_replication_role = replica');

    const next = async (table: string) =>
      BigInt((await q(`select coalesce(max(id), 0) as id from ${table}`)).rows[0].id as string);
    const m0 = await next('members');
    const a0 = await next('ledger_accounts');
    const t0 = await next('ledger_transactions');
    const e0 = await next('ledger_entries');
    const n = BigInt(members);
    // House accounts after the members' cash accounts: 16 shards each of house, clearing, bonus.
    const house0 = a0 + n + 1n;
    const clearing0 = house0 + BigInt(HOUSE_SHARDS);
    const bonus0 = clearing0 + BigInt(HOUSE_SHARDS);

    const secondary = await timed('secondary indexes dropped', async () => {
      const { rows } = await q(
        `select indexname, indexdef from pg_indexes
         where tablename in ('ledger_entries', 'ledger_transactions') and indexname not like '%_pkey'`,
      );
      for (const row of rows) await q(`drop index ${row.indexname as string}`);
      return rows.map((row) => row.indexdef as string);
    });

    await timed(`${members} members`, async () => {
      await q(
        `insert into members (id, username, password_hash, invite_code) overriding system value
         select $1::bigint + i, '${FILL_USERNAME_PREFIX}' || i, $2, 'F' || i
         from generate_series(1, $3) i`,
        [m0, passwordHash, members],
      );
      await q(
        `insert into wallets (member_id, currency) select $1::bigint + i, $2 from generate_series(1, $3) i`,
        [m0, CURRENCY, members],
      );
      await q(
        `insert into ledger_accounts (id, owner_id, kind, currency) overriding system value
         select $1::bigint + i, $2::bigint + i, 'cash', $3 from generate_series(1, $4) i`,
        [a0, m0, CURRENCY, members],
      );
      await q(
        `insert into ledger_accounts (id, kind, currency, may_go_negative, shard) overriding system value
         select $1::bigint + k * ${HOUSE_SHARDS} + s, kind, $2, true, s
         from unnest(array['house', 'deposits_clearing', 'bonus']) with ordinality as kinds(kind, k0)
         cross join lateral (select k0 - 1 as k) kk
         cross join generate_series(0, ${HOUSE_SHARDS - 1}) s`,
        [house0, CURRENCY],
      );
    });

    await timed(`plan of ${members * movements} movements`, async () => {
      await q(PLAN_TABLE);
      await q(PLAN, [members, movements, m0, a0, house0, clearing0, bonus0]);
    });

    await timed('ledger transactions', () =>
      q(
        `insert into ledger_transactions
           (id, kind, source, idempotency_key, fingerprint, member_id, reference, created_at)
         overriding system value
         select $1::bigint + k, kind, 'bench-fill', 'f' || k, md5(k::text) || md5(kind || k),
                member_id,
                case when kind = 'deposit' then jsonb_build_object('depositId', k::text) end, at
         from fill_plan`,
        [t0],
      ),
    );

    await timed('ledger entries with running balances', () =>
      q(
        `insert into ledger_entries
           (id, transaction_id, account_id, amount_minor, balance_after_minor, created_at)
         overriding system value
         select $1::bigint + 2 * k - 1, $2::bigint + k, cash_account, amount,
                sum(amount) over (partition by cash_account order by k), at
         from fill_plan
         union all
         select $1::bigint + 2 * k, $2::bigint + k, counter_account, -amount,
                sum(-amount) over (partition by counter_account order by k), at
         from fill_plan`,
        [e0, t0],
      ),
    );

    await timed('stored balances', () =>
      q(
        `update ledger_accounts a set balance_minor = s.total
         from (select account_id, sum(amount_minor) as total from ledger_entries
               group by account_id) s
         where s.account_id = a.id`,
      ),
    );

    await timed('secondary indexes built', async () => {
      for (const definition of secondary) await q(definition);
    });
    await q('drop table fill_plan');
    await q('set session_replication_role = origin');
    for (const table of ['members', 'ledger_accounts', 'ledger_transactions', 'ledger_entries']) {
      await q(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    await timed('vacuum analyze', () => q('vacuum analyze'));

    const counts = (
      await q(
        `select (select count(*) from ledger_entries) as entries,
                (select count(*) from ledger_transactions) as transactions,
                pg_size_pretty(pg_database_size(current_database())) as size`,
      )
    ).rows[0] as { entries: string; transactions: string; size: string };
    log(`${counts.entries} entries, ${counts.transactions} transactions, database ${counts.size}`);
  } finally {
    await client.end();
  }

  await timed('invariants checked', async () => {
    const handle = await openPostgres(url.toString(), 2, MIGRATIONS);
    try {
      const broken = Object.entries(await ledgerInvariants(handle.db)).filter(
        ([, ids]) => ids.length > 0,
      );
      if (broken.length > 0) {
        throw new Error(
          `ledger invariants broken: ${broken.map(([k, ids]) => `${k} (${ids.length})`).join(', ')}`,
        );
      }
    } finally {
      await handle.close();
    }
  });
  log('done: every transaction nets to zero, stored balances match, none negative');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
