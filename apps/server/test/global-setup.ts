/**
 * Migrates one database per run, and keeps it twice: as migrated (the bare template) and with
 * the demo data seeded (3,000 games, payment channels, banners). Each test file starts from a
 * copy of one instead of migrating and seeding again: the seeded one by default (createTestApp),
 * the bare one for files that need no demo data (createBareTestApp). Embedded: a PGlite data
 * directory saved as an uncompressed tarball (unpacking a gzipped one cost each file half a
 * second). With DATABASE_URL: template databases on that server, which each file's
 * `create database … template …` copies.
 */
import { randomBytes } from 'node:crypto';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';
import { openPostgres, pgliteHandle } from '../src/db/client';
import { seedDemoData } from '../src/db/seed/seed';
import { demoSeeders } from '../src/demo-seeders';
import { TEST_DEMO_SEED } from './demo-seed';
import { adminQuery, databaseUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PGlite tarball's path; empty when the suites run on DATABASE_URL's server. */
    pgliteTemplate: string;
    /** The migrated PGlite tarball's path, without the demo data; empty on DATABASE_URL's server. */
    pgliteBareTemplate: string;
    /** The seeded template database's name on DATABASE_URL's server; empty on PGlite. */
    postgresTemplate: string;
    /** The migrated template database's name, without the demo data; empty on PGlite. */
    postgresBareTemplate: string;
  }
}

async function postgresTemplates(serverUrl: string) {
  const suffix = randomBytes(6).toString('hex');
  const bare = `khela_template_bare_${suffix}`;
  const seeded = `khela_template_${suffix}`;
  const migrationsDir = loadConfig({}).migrationsDir;
  // No connection may stay open on a template while it is copied: each pool is closed first.
  await adminQuery(serverUrl, `create database ${bare}`);
  const handle = await openPostgres(databaseUrl(serverUrl, bare), 2, migrationsDir);
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  await adminQuery(serverUrl, `create database ${seeded} template ${bare}`);
  const seededHandle = await openPostgres(databaseUrl(serverUrl, seeded), 2, migrationsDir);
  try {
    await seedDemoData(seededHandle.db, demoSeeders(TEST_DEMO_SEED));
  } finally {
    await seededHandle.close();
  }
  return {
    bare,
    seeded,
    drop: async () => {
      await adminQuery(serverUrl, `drop database if exists ${seeded} with (force)`);
      await adminQuery(serverUrl, `drop database if exists ${bare} with (force)`);
    },
  };
}

async function pgliteTemplates() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'khela-pglite-'));
  const client = await PGlite.create();
  const handle = pgliteHandle(client, loadConfig({}).migrationsDir);
  const save = async (name: string) => {
    const file = path.join(dir, name);
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  await handle.migrate();
  const bare = await save('bare.tar');
  await seedDemoData(handle.db, demoSeeders(TEST_DEMO_SEED));
  const seeded = await save('seeded.tar');
  await client.close();
  return { bare, seeded, drop: () => rm(dir, { recursive: true, force: true }) };
}

interface Templates {
  bare: string;
  seeded: string;
  drop(): Promise<void>;
}

/**
 * The server's and the partners' projects both name this setup, and Vitest loads it once per
 * project (each its own module instance), so the run's templates are kept on globalThis: built
 * by the first project, reused by the next, dropped when the last one tears down.
 */
const shared = globalThis as typeof globalThis & {
  khelaTestTemplates?: { templates: Promise<Templates>; users: number };
};

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  shared.khelaTestTemplates ??= {
    templates: serverUrl ? postgresTemplates(serverUrl) : pgliteTemplates(),
    users: 0,
  };
  const entry = shared.khelaTestTemplates;
  entry.users += 1;
  const templates = await entry.templates;
  project.provide('postgresTemplate', serverUrl ? templates.seeded : '');
  project.provide('postgresBareTemplate', serverUrl ? templates.bare : '');
  project.provide('pgliteTemplate', serverUrl ? '' : templates.seeded);
  project.provide('pgliteBareTemplate', serverUrl ? '' : templates.bare);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.khelaTestTemplates;
    await templates.drop();
  };
}
