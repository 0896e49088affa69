/**
 * Opens the database: embedded PGlite in DATA_DIR when DATABASE_URL is unset, a node-postgres
 * pool when it is set. Both speak the same Postgres SQL through one drizzle schema.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { unreachable } from '../lib/startup-error';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories take `Database | Tx`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/** The rows of a raw `db.execute` answer: node-postgres and PGlite both put them in `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Runs one of the few statements a hot path sends thousands of times a second (a vendor's bet,
 * say). On Postgres it is a named prepared statement: each pooled connection parses and plans it
 * once, then sends only the values. `name` must be unique to `text` across the app.
 */
export type RunPrepared = <T>(
  name: string,
  text: string,
  values: unknown[],
  /** Give up waiting for the answer after this long (Postgres; the connection is dropped). */
  timeoutMs?: number,
) => Promise<T[]>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  prepared: RunPrepared;
  migrate(): Promise<void>;
  /** Postgres's connection pool, for the operator's metrics (PGlite has one connection, no pool). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** Checks the connection answers (readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Any lock id will do as long as every process uses the same one. */
const MIGRATION_LOCK_ID = 727_001;

export async function openPostgres(url: string, poolSize: number, migrationsFolder: string) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // BIGINT (int8) arrives as a string by default; money is bigint, so keep it exact.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    pool,
    async prepared<T>(name: string, text: string, values: unknown[], timeoutMs?: number) {
      // node-postgres reads query_timeout per query; its types only know it per client.
      const query = { name, text, values, query_timeout: timeoutMs } as pg.QueryConfig;
      return (await pool.query(query)).rows as T[];
    },
    async migrate() {
      // Several processes may start together: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
  return handle;
}

/**
 * Start-up check: one connection to DATABASE_URL's server, answered within `timeoutMs`, or a
 * StartupError that says where and what to check (the pool itself would retry quietly).
 */
export async function probePostgres(url: string, timeoutMs = 5000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw unreachable('PostgreSQL', url, 'DATABASE_URL', error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function openPglite(dataDir: string | undefined, migrationsFolder: string) {
  let client: PGlite;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    client = await PGlite.create(path.join(dataDir, 'pglite'));
  } else {
    client = await PGlite.create();
  }
  return pgliteHandle(client, migrationsFolder);
}

export function pgliteHandle(client: PGlite, migrationsFolder: string): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One embedded connection, no network: nothing to save by naming statements.
    async prepared<T>(_name: string, text: string, values: unknown[]) {
      return (await client.query<T>(text, values)).rows;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  migrationsFolder: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, options.migrationsFolder)
    : openPglite(options.dataDir, options.migrationsFolder);
}
