/**
 * A member's favourites as two server processes on one database and one cache store serve them
 * (Redis when REDIS_URL is set): each keeps the member's favourite ids in its own memory, so a
 * heart tapped through one must show on the pages the other serves.
 */
import path from 'node:path';
import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';
import { createMember, withToken } from '../../../test/factories';
import { freshCache, freshDatabase, testConfig } from '../../../test/test-app';
import { eventually } from '../../../test/eventually';

let a: FastifyInstance;
let b: FastifyInstance;
let database: DatabaseHandle;
let cache: CacheStore;
let drop: () => Promise<void>;
let dataDir: string;
let games: { nodeId: string }[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-favourites-'));
  const config = testConfig({ dataDir, settingsRefreshMs: 3_600_000 });
  ({ database, drop } = await freshDatabase(config));
  cache = freshCache();
  a = await buildApp(config, { database, cache });
  b = await buildApp(config, { database, cache });
  await Promise.all([a.ready(), b.ready()]);
  games = (await a.inject({ url: '/wps/game/list?pageSize=3&gameType=RNG' })).json().value.games;
});

afterAll(async () => {
  await a.close();
  await b.close();
  await cache.close();
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const favouritesPage = async (app: FastifyInstance, token: string) => {
  const res = await app.inject({
    url: '/wps/game/list?dataType=FAV&pageNo=1&pageSize=36&language=EN',
    headers: withToken(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.games as { nodeId: string }[]).map((game) => game.nodeId);
};
const favouriteIds = async (app: FastifyInstance, token: string) =>
  (await app.inject({ url: '/wps/game/favourite/ids', headers: withToken(token) })).json()
    .value as string[];
const heart = (app: FastifyInstance, token: string, nodeId: string, method: 'POST' | 'DELETE') =>
  app.inject({
    method,
    url: '/wps/game/favourite',
    headers: withToken(token),
    payload: { nodeId },
  });

it('shows a favourite added or removed through one process on the pages the other serves', async () => {
  const { token } = await createMember(a);
  const [first, second] = games.map((game) => game.nodeId);
  // B has read (and kept) the member's empty favourites before the taps.
  expect(await favouritesPage(b, token)).toEqual([]);
  expect(await favouriteIds(b, token)).toEqual([]);

  expect((await heart(a, token, first!, 'POST')).statusCode).toBe(200);
  expect((await heart(a, token, second!, 'POST')).statusCode).toBe(200);
  await eventually(async () => (await favouritesPage(b, token)).length === 2);
  expect(await favouritesPage(b, token)).toEqual([second, first]);
  expect(await favouriteIds(b, token)).toEqual([second, first]);

  expect((await heart(a, token, second!, 'DELETE')).statusCode).toBe(200);
  await eventually(async () => (await favouriteIds(b, token)).length === 1);
  expect(await favouritesPage(b, token)).toEqual([first]);
  // The process that took the tap shows it at once.
  expect((await heart(a, token, second!, 'POST')).statusCode).toBe(200);
  expect(await favouritesPage(a, token)).toEqual([second, first]);
});

it("serves a member's favourites page again without asking the database", async () => {
  const { token } = await createMember(a);
  expect((await heart(a, token, games[0]!.nodeId, 'POST')).statusCode).toBe(200);
  expect(await favouritesPage(a, token)).toEqual([games[0]!.nodeId]);
  const client = (database.db as unknown as { $client: { query: () => unknown } }).$client;
  const queries = vi.spyOn(client, 'query');
  try {
    for (let i = 0; i < 3; i += 1) {
      expect(await favouritesPage(a, token)).toEqual([games[0]!.nodeId]);
    }
    expect(queries).not.toHaveBeenCalled();
  } finally {
    queries.mockRestore();
  }
});
