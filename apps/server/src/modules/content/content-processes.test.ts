/**
 * Two server processes on one database and one cache store (Redis when REDIS_URL is set): an
 * operator change made through one is served by the other at once, though each keeps the content
 * and each member's read marks in its own memory.
 */
import path from 'node:path';
import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';
import { createMember } from '../../../test/factories';
import { freshCache, freshDatabase, opsHeaders, testConfig } from '../../../test/test-app';
import { eventually } from '../../../test/eventually';

let a: FastifyInstance;
let b: FastifyInstance;
let database: DatabaseHandle;
let cache: CacheStore;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-content-'));
  // A long periodic reload, so only the change notice can explain what B serves.
  const config = testConfig({ dataDir, settingsRefreshMs: 3_600_000 });
  ({ database, drop } = await freshDatabase(config));
  cache = freshCache();
  a = await buildApp(config, { database, cache });
  b = await buildApp(config, { database, cache });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await cache.close();
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const players = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ url: '/wps/announcement?types=PL,B&language=EN', headers });

it("serves an operator's change made through another process at once", async () => {
  const before = await players(b);
  const notice = before.json().value.player[0];
  const change = await a.inject({
    method: 'PATCH',
    url: `/ops/api/content/notices/${notice.id}`,
    headers: opsHeaders(),
    payload: { titleEn: 'Seen everywhere' },
  });
  expect(change.statusCode).toBe(200);
  await eventually(
    async () => (await players(b)).json().value.player[0].title === 'Seen everywhere',
  );
  const after = await players(b, { 'if-none-match': before.headers.etag as string });
  expect(after.statusCode).toBe(200);
  expect(after.headers.etag).not.toBe(before.headers.etag);
});

it('shows a read mark made through one process in the other', async () => {
  const { token } = await createMember(a);
  const first = await players(b, { token });
  const notice = first.json().value.player[0];
  expect(notice.read).toBe(false);
  const mark = await a.inject({
    method: 'POST',
    url: '/wps/announcement/read',
    headers: { token },
    payload: { announcementId: notice.id, read: true },
  });
  expect(mark.statusCode).toBe(200);
  await eventually(async () => (await players(b, { token })).json().value.player[0].read === true);
});
