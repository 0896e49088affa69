/**
 * Migrates and seeds one embedded database per run and saves it as a tarball; each test file
 * starts from a copy instead of migrating and seeding again (a PGlite instance takes seconds to
 * create and migrate, and the demo catalogue is 3,000 games).
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';
import { pgliteHandle } from '../src/db/client';
import { seedDemoData } from '../src/db/seed/seed';
import { DEMO_SEEDERS } from '../src/demo-seeders';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'khela-pglite-'));
  const client = await PGlite.create();
  const handle = pgliteHandle(client, loadConfig({}).migrationsDir);
  await handle.migrate();
  await seedDemoData(handle.db, DEMO_SEEDERS);
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
