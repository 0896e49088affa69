/**
 * The partners' own database, as an outside vendor keeps its own: Postgres when
 * PARTNERS_DATABASE_URL is set, else embedded (PGlite) in PARTNERS_DATA_DIR, or in memory for
 * tests. Its tables (the demo vendor's rounds, the sportsbook's bets and corrections, the sandbox
 * gateway's payments and payouts) are made at start when missing.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

export type JournalDb = PgDatabase<PgQueryResultHKT>;

export interface JournalDbHandle {
  db: JournalDb;
  close(): Promise<void>;
}

/** Both drivers answer `execute` with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const SCHEMA = `
  create table if not exists demo_vendor_rounds (
    round_id varchar(96) primary key,
    token varchar(128) not null,
    currency varchar(3) not null,
    bet_tx_id varchar(96) not null,
    win_tx_id varchar(96) not null,
    stake_minor bigint not null,
    win_minor bigint not null,
    state varchar(10) not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index if not exists demo_vendor_rounds_unfinished on demo_vendor_rounds (updated_at)
    where state in ('decided', 'bet_taken');
  create index if not exists demo_vendor_rounds_finished on demo_vendor_rounds (updated_at)
    where state in ('settled', 'refunded', 'void');
  create table if not exists sportsbook_bets (
    bet_id varchar(64) primary key,
    player_id varchar(64) not null,
    token varchar(128) not null,
    currency varchar(3) not null,
    language varchar(2) not null,
    stake_minor bigint not null,
    odds integer not null,
    legs jsonb not null,
    fixture_ids varchar(24)[] not null,
    state varchar(12) not null,
    return_minor bigint,
    paid_minor bigint not null default 0,
    result varchar(12),
    result_version integer not null default 0,
    placed_at timestamptz not null default now(),
    settled_at timestamptz,
    updated_at timestamptz not null default now()
  );
  create index if not exists sportsbook_bets_player on sportsbook_bets (player_id, placed_at desc);
  create index if not exists sportsbook_bets_fixtures on sportsbook_bets using gin (fixture_ids);
  create index if not exists sportsbook_bets_unfinished on sportsbook_bets (updated_at)
    where state in ('placing', 'settling', 'cashing_out');
  create table if not exists sportsbook_corrections (
    fixture_id varchar(24) not null,
    version integer not null,
    correction jsonb not null,
    created_at timestamptz not null default now(),
    primary key (fixture_id, version)
  );
  create table if not exists sandbox_payments (
    ref varchar(64) primary key,
    amount_minor bigint not null,
    currency varchar(3) not null,
    channel_en varchar(64) not null,
    channel_bn varchar(64) not null,
    notify_url varchar(2048) not null,
    return_url varchar(2048) not null,
    language varchar(2) not null,
    state varchar(8) not null default 'open',
    created_at timestamptz not null default now(),
    decided_at timestamptz,
    notified_at timestamptz
  );
  create table if not exists sandbox_payouts (
    ref varchar(64) primary key,
    amount_minor bigint not null,
    currency varchar(3) not null,
    account varchar(64) not null,
    account_name varchar(128) not null,
    created_at timestamptz not null default now()
  );`;

export async function openJournalDb(options: {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  /** In memory only: start from this saved data directory instead of running initdb (tests). */
  loadDataDir?: Blob;
}): Promise<JournalDbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
    const db = drizzleNodePg(pool) as unknown as JournalDb;
    // A query without parameters may hold several statements.
    await pool.query(SCHEMA);
    return { db, close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(path.join(options.dataDir, 'pglite'));
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
  }
  await client.exec(SCHEMA);
  return { db: drizzlePglite(client) as unknown as JournalDb, close: () => client.close() };
}
