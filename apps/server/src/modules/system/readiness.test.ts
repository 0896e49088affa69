/** Liveness and readiness as a load balancer sees them when a store goes away. */
import { createServer, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';
import { RedisCache } from '../../providers/cache/redis-cache';
import { healthRoutes } from './health.routes';
import { unreadyDependencies } from './readiness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The probes alone, over the given stores, as the app serves them. */
async function probesOver(database: DatabaseHandle, cache: CacheStore) {
  const app = Fastify();
  app.decorate('database', database);
  app.decorate('cache', cache);
  await app.register(healthRoutes);
  await app.ready();
  return app;
}

/** A port nobody listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Redis client on `port`, its reconnect errors kept out of the test's output. */
function redisAt(port: number) {
  const cache = new RedisCache(`redis://127.0.0.1:${port}`, 'khela-readyz-test:');
  cache.client.on('error', () => undefined);
  return cache;
}

const opened: { app?: FastifyInstance; cache?: RedisCache; server?: Server; sockets?: Socket[] }[] =
  [];
afterEach(async () => {
  for (const { app, cache, server, sockets } of opened.splice(0)) {
    await app?.close();
    cache?.client.disconnect();
    for (const socket of sockets ?? []) socket.destroy();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  }
});

describe('readiness', () => {
  it('is ready, and live, while the database answers', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('fails, naming the database, when the database is closed; liveness stays up', async () => {
    const own = await createTestApp();
    try {
      await own.database.close();
      const res = await own.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', down: ['database'] });
      expect((await own.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      // Closed already: the rest of the clean-up goes on without it.
      own.database.close = async () => undefined;
      await own.close();
    }
  });

  it('fails, naming Redis, when REDIS_URL points at a port nobody listens on', async () => {
    const cache = redisAt(await closedPort());
    const app = await probesOver(t.database, cache);
    opened.push({ app, cache });
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', down: ['redis'] });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('fails when Redis takes the connection but never answers, without waiting for it', async () => {
    // A Redis that hangs (a stuck server, a half-open connection): no error ever comes.
    const sockets: Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const cache = redisAt((server.address() as { port: number }).port);
    opened.push({ cache, server, sockets });
    const down = await unreadyDependencies({ database: t.database, cache }, 200);
    expect(down).toEqual([{ dependency: 'redis', reason: 'no answer in 200 ms' }]);
  });

  it('fails, naming the database, when the Postgres server cannot be reached', async () => {
    const database = await openPostgres(
      `postgres://postgres@127.0.0.1:${await closedPort()}/khela`,
      1,
      t.config.migrationsDir,
    );
    try {
      const app = await probesOver(database, t.cache);
      opened.push({ app });
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', down: ['database'] });
    } finally {
      await database.close();
    }
  });

  it('names both when the database and Redis are gone', async () => {
    const cache = redisAt(await closedPort());
    opened.push({ cache });
    const database = {
      ping: () => Promise.reject(new Error('Connection terminated')),
    };
    const down = await unreadyDependencies({ database, cache });
    expect(down.map((item) => item.dependency)).toEqual(['database', 'redis']);
    expect(down[0]!.reason).toBe('Connection terminated');
  });
});
