/**
 * The demo data is its own step: `npm run seed:demo` fills a new database and, run again, keeps
 * what is there; a server started on a database nobody seeded serves no demo (a production start
 * seeds nothing), and its registry knows no outside vendor.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { PACKAGE_ROOT } from './config';
import { openPglite, rowsOf, type Database } from './db/client';
import { seedDemoData } from './db/seed/seed';
import { demoSeeders } from './demo-seeders';
import { MemoryCache } from './providers/cache/memory-cache';
import { TEST_DEMO_SEED } from '../test/demo-seed';
import { freshDatabase, testConfig } from '../test/test-app';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');

async function counts(db: Database) {
  const [row] = rowsOf<{
    vendors: number;
    games: number;
    channels: number;
    banners: number;
    gameVendors: number;
    servedByDemo: number;
  }>(
    await db.execute(sql`select
      (select count(*)::int from vendors) as vendors,
      (select count(*)::int from games) as games,
      (select count(*)::int from payment_channels) as channels,
      (select count(*)::int from banners) as banners,
      (select count(*)::int from game_vendors) as "gameVendors",
      (select count(*)::int from vendors where served_by = 'DEMO') as "servedByDemo"`),
  );
  return row!;
}

describe('npm run seed:demo', () => {
  it('fills a new database with the demo, and run again keeps what is there', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-seed-'));
    try {
      const env = {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PARTNERS_URL: 'http://127.0.0.1:4441',
      };
      const seed = () =>
        run(
          process.execPath,
          [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/seed-demo.ts'],
          {
            cwd: PACKAGE_ROOT,
            env,
          },
        );
      await seed();
      // The secret the partners app is handed was made into DATA_DIR, once.
      const secret = (await readFile(path.join(dataDir, 'demo-vendor-secret'), 'utf8')).trim();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      await seed();
      expect((await readFile(path.join(dataDir, 'demo-vendor-secret'), 'utf8')).trim()).toBe(
        secret,
      );

      const handle = await openPglite(dataDir, testConfig().migrationsDir);
      try {
        const after = await counts(handle.db);
        expect(after.games).toBeGreaterThan(1_000);
        expect(after.channels).toBeGreaterThan(0);
        expect(after.servedByDemo).toBeGreaterThan(0);
        const [demo] = rowsOf<{ secret: string; launch_url: string; enabled: boolean }>(
          await handle.db.execute(
            sql`select secret, launch_url, enabled from game_vendors where code = 'DEMO'`,
          ),
        );
        expect(demo).toEqual({
          secret,
          launch_url: 'http://127.0.0.1:4441/demo-vendor/play',
          enabled: true,
        });
      } finally {
        await handle.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('adds nothing on a seeded database, and leaves the operator\u2019s changes alone', async () => {
    // The run's seeded template: migrated, then seeded as seed:demo seeds.
    const { database: handle, drop } = await freshDatabase(testConfig(), 'seeded');
    try {
      const first = await counts(handle.db);
      // The sportsbook serves the SPORTS tiles and the e-sports and cockfight ones; the rest the demo vendor.
      const served = rowsOf<{ code: string; served_by: string }>(
        await handle.db.execute(
          sql`select code, served_by from vendors where code in ('CRICKETLINE', 'PITCH', 'AV', 'IMES', 'SV3', 'WS168', 'JILI', 'ROYALTABLE') order by code`,
        ),
      );
      expect(Object.fromEntries(served.map((v) => [v.code, v.served_by]))).toEqual({
        AV: 'SPORTSBOOK',
        CRICKETLINE: 'SPORTSBOOK',
        IMES: 'SPORTSBOOK',
        JILI: 'DEMO',
        PITCH: 'SPORTSBOOK',
        ROYALTABLE: 'DEMO',
        SV3: 'SPORTSBOOK',
        WS168: 'SPORTSBOOK',
      });
      // The operator moved the demo vendor's page and pointed a brand at another vendor.
      await handle.db.execute(
        sql`update game_vendors set launch_url = 'https://games.example/play' where code = 'DEMO'`,
      );
      await handle.db.execute(sql`update vendors set served_by = 'ACME' where code = 'FC'`);
      await seedDemoData(handle.db, demoSeeders(TEST_DEMO_SEED));
      expect(await counts(handle.db)).toEqual({ ...first, servedByDemo: first.servedByDemo - 1 });
      const [demo] = rowsOf<{ launch_url: string }>(
        await handle.db.execute(sql`select launch_url from game_vendors where code = 'DEMO'`),
      );
      expect(demo!.launch_url).toBe('https://games.example/play');
    } finally {
      await handle.close();
      await drop();
    }
  });
});

describe('a start on a database nobody seeded (production)', () => {
  it('serves no demo: no games, no payment channels, no outside game vendor', async () => {
    // The run's bare template: migrated as a production start migrates, and nothing seeded.
    const { database, drop } = await freshDatabase(testConfig(), 'bare');
    const app = await buildApp(testConfig(), { database, cache: new MemoryCache() });
    try {
      await app.ready();
      const { games, channels } = await counts(database.db);
      expect({ games, channels }).toEqual({ games: 0, channels: 0 });
      const vendors = await app.inject({
        url: '/ops/api/game/vendors',
        headers: { authorization: `Bearer ${testConfig().opsToken}` },
      });
      // Only our own pages: a real vendor is added by configuration.
      expect(vendors.json().value.list.map((v: { code: string }) => v.code)).toEqual([
        'BGS',
        'LOTTERY',
      ]);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});
