/** What the log holds for each request, at the default level (info). */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshCache, freshDatabase, testConfig } from '../../test/test-app';
import { buildApp } from '../app';
import { createLogger, LineDestination } from '../lib/logger';
import { RequestLogger, requestChildLogger } from './request-log';
import type { DatabaseHandle } from '../db/client';
import type { CacheStore } from '../providers/cache/cache-store';

interface Line {
  level: number;
  reqId?: string;
  msg: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  responseTime?: number;
  err?: { message: string; stack: string };
}

const SECRETS = {
  token: 'TOKEN-SECRET-1f3a',
  authorization: 'AUTH-SECRET-9c2e',
  cookie: 'COOKIE-SECRET-77b1',
  resetToken: 'RESET-SECRET-40d8',
};

let app: FastifyInstance;
let database: DatabaseHandle;
let cache: CacheStore;
let drop: () => Promise<void>;
let output = '';
const lines = () =>
  output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
const linesOf = (reqId: string) => lines().filter((line) => line.reqId === reqId);

beforeAll(async () => {
  const config = testConfig({
    logLevel: 'info',
    dataDir: await mkdtemp(path.join(os.tmpdir(), 'khela-log-')),
  });
  ({ database, drop } = await freshDatabase(config));
  cache = freshCache();
  app = await buildApp(config, {
    database,
    cache,
    logDestination: { write: (chunk: string) => void (output += chunk) },
  });
  app.get('/wps/test/boom', async () => {
    throw new Error('boom from the test route');
  });
  // A route that writes lines of its own, as a service given the request's logger does.
  app.get('/wps/test/chatty', async (request) => {
    request.log.info({ step: 1 }, 'chatty: started');
    request.log.child({ part: 'provider' }).warn({ step: 2 }, 'chatty: provider slow');
    request.log.error('chatty: gave up');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await cache.close();
  await database.close();
  await drop();
});

const get = (url: string, reqId: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'x-request-id': reqId, ...headers } });

describe('the request log', () => {
  it('writes one line per request: its id, method, route, status and time', async () => {
    const res = await get('/wps/system/status', 'status-1');
    expect(res.statusCode).toBe(200);
    const [line, ...more] = linesOf('status-1');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      reqId: 'status-1',
      msg: 'request',
      method: 'GET',
      route: '/wps/system/status',
      status: 200,
    });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('gives every request an id of its own when the client sends none', async () => {
    await app.inject({ method: 'GET', url: '/wps/system/status' });
    await app.inject({ method: 'GET', url: '/wps/system/status' });
    const ids = lines()
      .filter((line) => line.route === '/wps/system/status' && line.reqId !== 'status-1')
      .map((line) => line.reqId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/\S+/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("names the route's pattern, not the address the client sent", async () => {
    await get('/wps/originals/game/some-node-id-123', 'pattern-1');
    const [line, ...more] = linesOf('pattern-1');
    expect(more).toEqual([]);
    expect(line!.route).toBe('/wps/originals/game/:nodeId');
    expect(output).not.toContain('some-node-id-123');
  });

  it('keeps tokens, authorization, cookies and reset tokens out of the log', async () => {
    await get('/wps/member/info?token=' + SECRETS.token, 'secrets-1', {
      token: SECRETS.token,
      authorization: `Bearer ${SECRETS.authorization}`,
      cookie: `sid=${SECRETS.cookie}`,
    });
    // A reset link is a player-site page no route matches: its path is logged, not its query.
    await get(`/m/forget?resetToken=${SECRETS.resetToken}`, 'secrets-2');
    expect(linesOf('secrets-1')).toEqual([
      expect.objectContaining({ route: '/wps/member/info', status: 401 }),
    ]);
    expect(linesOf('secrets-2')).toEqual([expect.objectContaining({ path: '/m/forget' })]);
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  });

  it('logs a 500 with its error and stack beside the request line', async () => {
    const res = await get(`/wps/test/boom?token=${SECRETS.token}`, 'boom-1');
    expect(res.statusCode).toBe(500);
    const error = linesOf('boom-1').find((line) => line.level === 50);
    expect(error?.err?.message).toBe('boom from the test route');
    expect(error?.err?.stack).toContain('request-log.test.ts');
    expect(linesOf('boom-1').filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ route: '/wps/test/boom', status: 500 }),
    ]);
    expect(output).not.toContain(SECRETS.token);
  });

  it('writes no request line above info, and still the error of a 500', async () => {
    app.log.level = 'warn';
    try {
      await get('/wps/system/status', 'quiet-1');
      await get('/wps/test/boom', 'quiet-2');
    } finally {
      app.log.level = 'info';
    }
    expect(linesOf('quiet-1')).toEqual([]);
    expect(linesOf('quiet-2')).toEqual([
      expect.objectContaining({ level: 50, msg: 'unhandled error' }),
    ]);
  });
});

describe('the request id', () => {
  it('is on every line the request writes, its children too, and in the answer', async () => {
    const res = await get('/wps/test/chatty', 'chatty-1');
    expect(res.headers['x-request-id']).toBe('chatty-1');
    const written = lines().filter(
      (line) => line.msg.startsWith('chatty') || line.reqId === 'chatty-1',
    );
    expect(written.map((line) => [line.msg, line.reqId])).toEqual([
      ['chatty: started', 'chatty-1'],
      ['chatty: provider slow', 'chatty-1'],
      ['chatty: gave up', 'chatty-1'],
      ['request', 'chatty-1'],
    ]);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with spaces', 'id with spaces'],
    ['with quotes', 'x"}{"level":60'],
    ['starting with a dash', '-rf'],
  ])("is one of ours when the client's is %s", async (_why, offered) => {
    const res = await app.inject({
      url: '/wps/system/status',
      headers: { 'x-request-id': offered },
    });
    const id = res.headers['x-request-id'] as string;
    expect(id).not.toBe(offered);
    expect(id).toMatch(/^[\w-]+-[0-9a-z]+$/);
    expect(linesOf(id)).toEqual([expect.objectContaining({ route: '/wps/system/status' })]);
    expect(output).not.toContain(offered);
  });

  it('is one of ours, different each time, when the client sends none', async () => {
    const first = await app.inject({ url: '/wps/system/status' });
    const second = await app.inject({ url: '/wps/system/status' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(linesOf(id as string)).toHaveLength(1);
  });
});

describe("a request's logger", () => {
  /** The app's logger, writing to an array, with pino's child counted. */
  const appLogger = (level: 'info' | 'warn') => {
    const written: string[] = [];
    const parent = createLogger(level, { write: (line: string) => void written.push(line) });
    const child = vi.spyOn(parent as Logger, 'child');
    // The time is the only field two writes of the same line may differ in.
    const lines = () => written.map((line) => line.replace(/"time":\d+/, '"time":0'));
    return { parent, child, lines };
  };
  const line = { method: 'GET', route: '/wps/system/status', status: 200, responseTime: 1.25 };

  it("writes the request line as pino's child does, the request id first", () => {
    const { parent, child, lines } = appLogger('info');
    const log = requestChildLogger(parent, { reqId: 'r-1' }, {});
    expect(log).toBeInstanceOf(RequestLogger);
    (log as unknown as RequestLogger).write('info', line, 'request');
    expect(child).toHaveBeenCalledTimes(1);
    parent.child({ reqId: 'r-1' }).info(line, 'request');
    const [lazy, eager] = lines();
    expect(lazy).toBe(eager);
    expect(Object.keys(JSON.parse(lazy!))).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      ...Object.keys(line),
      'msg',
    ]);
  });

  it("makes pino's child once, for a line of the request's own, and only above the level", () => {
    const { parent, child, lines } = appLogger('warn');
    const log = requestChildLogger(parent, { reqId: 'r-2' }, {});
    log.info({ a: 1 }, 'dropped');
    (log as unknown as RequestLogger).write('info', line, 'request');
    expect((log as Logger).isLevelEnabled('info')).toBe(false);
    expect(child).not.toHaveBeenCalled();
    expect(lines()).toEqual([]);
    log.warn({ a: 2 }, 'kept');
    log.error('also kept');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines().map((text) => JSON.parse(text))).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-2', a: 2, msg: 'kept' }),
      expect.objectContaining({ level: 50, reqId: 'r-2', msg: 'also kept' }),
    ]);
  });

  it("follows the app's level until the request sets its own", () => {
    const { parent, lines } = appLogger('warn');
    const log = requestChildLogger(parent, { reqId: 'r-3' }, {});
    parent.level = 'info';
    log.info('now written');
    log.level = 'error';
    log.warn('dropped by the request');
    expect(parent.level).toBe('info');
    expect(lines().map((text) => JSON.parse(text).msg)).toEqual(['now written']);
  });

  it("is pino's child at once for a route with a level of its own", () => {
    const { parent, child } = appLogger('info');
    const log = requestChildLogger(parent, { reqId: 'r-4' }, { level: 'error' });
    expect(log).not.toBeInstanceOf(RequestLogger);
    expect(child).toHaveBeenCalledTimes(1);
    expect(log.level).toBe('error');
  });
});

describe('the buffered destination', () => {
  it('writes out what it holds when the app closes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'khela-log-'));
    const file = path.join(dir, 'app.log');
    const config = testConfig({ logLevel: 'info', dataDir: dir });
    const fresh = await freshDatabase(config);
    const store = freshCache();
    // As production's, to a file: lines held until 16 kB or a second has passed; three lines are
    // far less, and closing comes sooner.
    const destination = new LineDestination(file);
    const closing = await buildApp(config, {
      database: fresh.database,
      cache: store,
      logDestination: destination,
    });
    try {
      for (const n of [1, 2, 3]) {
        await closing.inject({
          method: 'GET',
          url: '/wps/system/status',
          headers: { 'x-request-id': `close-${n}` },
        });
      }
    } finally {
      await closing.close();
      await store.close();
      await fresh.database.close();
      await fresh.drop();
    }
    const written = await readFile(file, 'utf8');
    await rm(dir, { recursive: true, force: true });
    expect(written).toContain('"reqId":"close-1"');
    expect(written).toContain('"reqId":"close-3"');
  });

  const LOGGER_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../lib/logger.ts');
  /** Runs `body` in a node process with `log`, the default logger, at info. */
  const logIn = (body: string) =>
    spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { createLogger } = await import(${JSON.stringify(LOGGER_MODULE)});` +
          `const log = createLogger('info');${body}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
  const numbersIn = (stdout: string) =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { n: number }).n);
  const upTo = (count: number) => Array.from({ length: count }, (_, n) => n);

  it('writes out what it holds, in order, when the process exits at once', async () => {
    const child = logIn(
      `for (let n = 0; n < 500; n += 1) log.info({ n }, 'line'); process.exit(0);`,
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    await once(child, 'close');
    expect(numbersIn(stdout)).toEqual(upTo(500));
  });

  it('never waits on a reader that has fallen behind, and loses no line', async () => {
    // 5,000 lines are some 300 kB, more than the pipe holds while nobody reads it: a blocking
    // write would stop the logging loop until the reader came back, and the reader waits for it.
    const child = logIn(
      `const started = Date.now();` +
        `for (let n = 0; n < 5000; n += 1) log.info({ n }, 'line');` +
        `process.stderr.write('logged in ' + (Date.now() - started) + ' ms\\n');`,
    );
    try {
      const [logged] = (await once(child.stderr.setEncoding('utf8'), 'data')) as [string];
      expect(logged).toMatch(/^logged in \d+ ms/);
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      await once(child, 'close');
      expect(numbersIn(stdout)).toEqual(upTo(5000));
    } finally {
      child.kill();
    }
  });
});
