/**
 * Builds the app on a fresh database for one test file: a copy of the migrated PGlite template by
 * default, or a new database on the Postgres server of DATABASE_URL (dropped afterwards). With
 * REDIS_URL set the cache is Redis under a key prefix of its own, deleted afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, pgliteHandle, type DatabaseHandle } from '../src/db/client';
import { adminQuery, databaseUrl } from './postgres-admin';
import { PasswordHasher } from '../src/modules/accounts/password-hasher';
import type { CacheStore } from '../src/providers/cache/cache-store';
import { MemoryCache } from '../src/providers/cache/memory-cache';
import { RedisCache } from '../src/providers/cache/redis-cache';
import { NO_SANDBOX_URL, SandboxStandIn, TEST_SANDBOX_SECRET } from './stand-ins/sandbox';

export const TEST_OPS_TOKEN = 'test-operator-token-0123456789abcdef';
/**
 * Test servers hash passwords at a cheap argon2id cost: hundreds of registrations and logins
 * would otherwise spend minutes hashing. password-hasher.test.ts checks the production cost.
 */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 256, timeCost: 1, parallelism: 1 };
/** For fixtures that store a hash directly, at the test servers' cost. */
export const testPasswordHasher = new PasswordHasher(TEST_PASSWORD_HASH_COST);

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The sandbox gateway's local stand-in, when the app lists the sandbox (the default). */
  sandbox: SandboxStandIn;
  database: DatabaseHandle;
  cache: CacheStore;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    opsToken: TEST_OPS_TOKEN,
    opsCaptchaPeek: true,
    webDist: path.join(os.tmpdir(), 'khela-no-web-dist'),
    consoleDist: path.join(os.tmpdir(), 'khela-no-console-dist'),
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    // As in the quick start: the sandbox gateway (play money) takes the demo channels' deposits.
    // createTestApp points it at a local stand-in; elsewhere nothing listens at its address.
    paymentProviders: ['sandbox'],
    paymentSandboxUrl: NO_SANDBOX_URL,
    paymentSandboxSecret: TEST_SANDBOX_SECRET,
    // The reports' rollup runs when a test asks (app.services.reportsRollup.run()), not on a timer.
    reportsRollup: { intervalMs: 0, settleSeconds: 0 },
    // The bonus wagering pass too (app.services.bonusWagering.run()).
    bonusWageringIntervalMs: 0,
    ...overrides,
  };
}

/**
 * Which of the run's templates a database starts from (global-setup.ts): `seeded` holds the demo
 * data (3,000 games, payment channels, banners, the demo vendor), `bare` is only migrated.
 */
export type TestTemplate = 'seeded' | 'bare';

/** A worker's files share its modules (vitest.config.ts), so each tarball is read once a worker. */
const pgliteTarballs = new Map<string, Promise<Blob>>();
function pgliteTarball(file: string) {
  let tarball = pgliteTarballs.get(file);
  if (!tarball) {
    tarball = readFile(file).then((bytes) => new Blob([bytes]));
    pgliteTarballs.set(file, tarball);
  }
  return tarball;
}

/**
 * A database of its own: a PGlite copy of one of the run's templates, or on DATABASE_URL's
 * server a new database copied from the run's template database (see global-setup.ts).
 */
export async function freshDatabase(
  config: Config,
  template: TestTemplate = 'seeded',
): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const tarball = await pgliteTarball(
      inject(template === 'bare' ? 'pgliteBareTemplate' : 'pgliteTemplate'),
    );
    const client = await PGlite.create({ loadDataDir: tarball });
    return { database: pgliteHandle(client, config.migrationsDir), drop: async () => {} };
  }
  const name = `khela_test_${randomBytes(6).toString('hex')}`;
  const source = inject(template === 'bare' ? 'postgresBareTemplate' : 'postgresTemplate');
  await adminQuery(serverUrl, `create database ${name} template ${source}`);
  const database = await openPostgres(databaseUrl(serverUrl, name), 10, config.migrationsDir);
  return {
    database,
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export function freshCache(): CacheStore {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return new MemoryCache();
  return new RedisCache(redisUrl, `khela-test:${randomBytes(6).toString('hex')}:`);
}

async function clearPrefix(cache: CacheStore) {
  if (!(cache instanceof RedisCache)) return;
  let cursor = '0';
  do {
    const [next, keys] = await cache.client.scan(cursor, 'MATCH', `${cache.prefix}*`, 'COUNT', 500);
    if (keys.length) await cache.client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * The app on a database with the demo data. `beforeReady` may add routes (test-only ones)
 * before the app is sealed; `deps` gives the app partners of the test's own (payout gateways);
 * `template` is the database it starts from (createBareTestApp: no demo data).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
  deps: Pick<AppDeps, 'payouts'> = {},
  template: TestTemplate = 'seeded',
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-test-'));
  const secret = overrides.paymentSandboxSecret ?? TEST_SANDBOX_SECRET;
  const sandbox = new SandboxStandIn(secret);
  const listsSandbox = (overrides.paymentProviders ?? ['sandbox']).includes('sandbox');
  if (listsSandbox && !('paymentSandboxUrl' in overrides)) await sandbox.start();
  const config = testConfig({
    dataDir,
    ...(listsSandbox && !('paymentSandboxUrl' in overrides)
      ? { paymentSandboxUrl: sandbox.baseUrl }
      : {}),
    ...overrides,
  });
  const { database, drop } = await freshDatabase(config, template);
  const cache: CacheStore = freshCache();
  const app = await buildApp(config, { database, cache, ...deps });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    sandbox,
    database,
    cache,
    async close() {
      await app.close();
      await sandbox.close();
      await clearPrefix(cache);
      await cache.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app on a migrated database without the demo data (no games, vendors, payment channels or
 * banners), for files that make what they need or need none of it.
 */
export function createBareTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
  deps: Pick<AppDeps, 'payouts'> = {},
): Promise<TestApp> {
  return createTestApp(overrides, beforeReady, deps, 'bare');
}

/** Operator API call helper. */
export function opsHeaders() {
  return { authorization: `Bearer ${TEST_OPS_TOKEN}` };
}
