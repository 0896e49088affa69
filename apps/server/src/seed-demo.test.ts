/**
 * The demo data is its own step: `npm run seed:demo` fills a new database and, run again, keeps
 * what is there. A real process on an embedded data directory whatever DATABASE_URL says, so
 * .ci/run's Postgres pass leaves it to the first pass (seed.test.ts has the seed on either store).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from './config';
import { openPglite, rowsOf } from './db/client';
import { demoCounts as counts } from './db/seed/seed.test-kit';
import { testConfig } from '../test/test-app';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');

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
});
