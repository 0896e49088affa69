/**
 * The demo seed on a seeded database adds nothing and keeps the operator's changes; a server
 * started on a database nobody seeded serves no demo (a production start seeds nothing), and its
 * registry knows no outside vendor. `npm run seed:demo` itself: seed-demo.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { demoSeeders } from '../../demo-seeders';
import { MemoryCache } from '../../providers/cache/memory-cache';
import { TEST_DEMO_SEED } from '../../../test/demo-seed';
import { freshDatabase, testConfig } from '../../../test/test-app';
import { rowsOf } from '../client';
import { seedDemoData } from './seed';
import { demoCounts as counts } from './seed.test-kit';

describe('the demo seed', () => {
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
