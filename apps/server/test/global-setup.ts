/**
 * Migrates and seeds one database per run, and each test file starts from a copy of it instead
 * of migrating and seeding again (migrations take a second or more, and the demo catalogue is
 * 3,000 games). Embedded: a PGlite data directory saved as a tarball. With DATABASE_URL: a
 * template database on that server, which each file's `create database … template …` copies.
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
    /** The PGlite tarball's path; empty when the suites run on DATABASE_URL's server. */
    pgliteTemplate: string;
    /** The template database's name on DATABASE_URL's server; empty on PGlite. */
    postgresTemplate: string;
  }
}

async function postgresTemplate(serverUrl: string) {
  const name = `khela_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  // No connection may stay open on a template while it is copied: the pool is closed first.
  const handle = await openPostgres(databaseUrl(serverUrl, name), 2, loadConfig({}).migrationsDir);
  try {
    await handle.migrate();
    await seedDemoData(handle.db, demoSeeders(TEST_DEMO_SEED));
  } finally {
    await handle.close();
  }
  return {
    name,
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function pgliteTemplate() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'khela-pglite-'));
  const client = await PGlite.create();
  const handle = pgliteHandle(client, loadConfig({}).migrationsDir);
  await handle.migrate();
  await seedDemoData(handle.db, demoSeeders(TEST_DEMO_SEED));
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { file, drop: () => rm(dir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl);
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteTemplate', '');
    return template.drop;
  }
  const template = await pgliteTemplate();
  project.provide('pgliteTemplate', template.file);
  project.provide('postgresTemplate', '');
  return template.drop;
}
