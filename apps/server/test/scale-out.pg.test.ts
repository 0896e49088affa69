/**
 * Two server processes on one Postgres and one Redis behave as one site: a switch made through
 * one is seen by the other at once, a session ended or a member changed through one is seen by
 * the other at once (each keeps sessions, members and the game catalogue in a local cache), and
 * a rate limit counts
 * requests made to both.
 * Collected only when DATABASE_URL and REDIS_URL are set (CI sets them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const OPS_TOKEN = randomBytes(24).toString('hex');
const RATE_LIMIT = 40;
const databaseUrl = process.env.DATABASE_URL!;
const dbName = `khela_scale_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
let dataDir = '';
let a = '';
let b = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} did not become ready`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of a live server
const body = async (res: Response) => (await res.json()) as any;

const ops = (base: string, url: string, body?: unknown) =>
  fetch(`${base}/ops/api${url}`, {
    method: body === undefined ? 'GET' : 'PUT',
    headers: {
      authorization: `Bearer ${OPS_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const PASSWORD = 'Padma-River-Sunset-77';
const json = { 'content-type': 'application/json' };

/** A member registered through `base`, with the captcha switched off; returns its token. */
async function register(base: string) {
  const rules = (await body(await ops(base, '/settings/registrationRules'))).value;
  await ops(base, '/settings/registrationRules', { value: { ...rules.value, captcha: false } });
  const username = `scale${randomBytes(4).toString('hex')}`;
  const res = await fetch(`${base}/wps/member/register`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ username, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return { username, token: (await body(res)).value.token as string };
}

async function logIn(base: string, username: string, password = PASSWORD) {
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password }),
  });
  return (await body(res)).value?.token as string | undefined;
}

/** The member info call's error code, or 'ok'. */
const infoOutcome = async (base: string, token: string) => {
  const answer = await body(await fetch(`${base}/wps/member/info`, { headers: { token } }));
  return answer.success ? 'ok' : (answer.errorCode as string);
};

async function eventually<T>(read: () => Promise<T>, expected: T, withinMs: number) {
  const deadline = Date.now() + withinMs;
  let last = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  return last;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-scale-'));
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: `khela-scale-${randomBytes(5).toString('hex')}:`,
    OPS_TOKEN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: String(RATE_LIMIT),
    // Long enough that only Redis can explain a quick change seen by the other process.
    SETTINGS_REFRESH_MS: '600000',
  };
  // The site's data, as `npm start` seeds it before the server starts (the server seeds nothing).
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed-demo.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  expect(seeded.status).toBe(0);
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 90_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
    ),
  );
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two processes, one site', () => {
  it('publishes the same sealed-payload key from both', async () => {
    const [ka, kb] = await Promise.all(
      [a, b].map(
        async (base) => (await body(await fetch(`${base}/wps/system/publicKey`))).value.kid,
      ),
    );
    expect(ka).toBe(kb);
  });

  it('shows a flag switched through one process on the other at once', async () => {
    expect((await ops(a, '/flags/CBS3', { enabled: false })).status).toBe(200);
    const seen = await eventually(
      async () => (await body(await fetch(`${b}/wps/system/status`))).value.info.whitelabel.CBS3,
      false,
      500,
    );
    expect(seen).toBe(false);
  });

  it('puts the other process into maintenance at once', async () => {
    await ops(b, '/settings/maintenance', { value: true });
    const status = await eventually(
      async () => (await fetch(`${a}/wps/system/helpCenter`)).status,
      503,
      500,
    );
    expect(status).toBe(503);
    await ops(a, '/settings/maintenance', { value: false });
    expect(
      await eventually(async () => (await fetch(`${b}/wps/system/country`)).status, 200, 500),
    ).toBe(200);
  });

  it('ends a session on the other process at once when the member logs out', async () => {
    const { token } = await register(a);
    // B resolves the token once, so it holds the session in its cache.
    expect(await infoOutcome(b, token)).toBe('ok');
    const logout = await fetch(`${a}/wps/session/logout`, {
      method: 'DELETE',
      headers: { token },
    });
    expect(logout.status).toBe(200);
    expect(await eventually(() => infoOutcome(b, token), 'session.expired', 500)).toBe(
      'session.expired',
    );
  });

  it('ends every other session on both processes when the password changes', async () => {
    const { username, token: kept } = await register(a);
    const other = (await logIn(b, username))!;
    expect(await infoOutcome(a, other)).toBe('ok');
    expect(await infoOutcome(b, other)).toBe('ok');
    const change = await fetch(`${b}/wps/member/password`, {
      method: 'PUT',
      headers: { ...json, token: kept },
      body: JSON.stringify({
        oldPassword: PASSWORD,
        newPassword: 'Jamuna-Bridge-Dawn-42',
        confirmNewPassword: 'Jamuna-Bridge-Dawn-42',
      }),
    });
    expect((await body(change)).success).toBe(true);
    for (const base of [a, b]) {
      expect(await eventually(() => infoOutcome(base, other), 'session.expired', 500)).toBe(
        'session.expired',
      );
      expect(await infoOutcome(base, kept)).toBe('ok');
    }
    expect(await logIn(a, username)).toBeUndefined();
  });

  it("shows an operator's change to a member on the other process at once", async () => {
    const { username, token } = await register(b);
    const type = async () =>
      (await body(await fetch(`${b}/wps/member/info`, { headers: { token } }))).value.type;
    expect(await type()).toBe(0);
    expect((await ops(a, `/members/${username}`, { type: 1 })).status).toBe(200);
    expect(await eventually(type, 1, 500)).toBe(1);
    expect((await ops(a, `/members/${username}`, { status: 'disabled' })).status).toBe(200);
    expect(await eventually(() => infoOutcome(b, token), 'session.expired', 500)).toBe(
      'session.expired',
    );
  });

  it("shows an operator's catalogue change on the other process at once", async () => {
    const search = async () =>
      (await body(await fetch(`${b}/wps/game/list?gameType=FISH&pageSize=100&language=EN`))).value
        .totalCount as number;
    const before = await search();
    const first = (
      await body(await fetch(`${b}/wps/game/list?gameType=FISH&pageSize=1&language=EN`))
    ).value.games[0];
    const hide = (hidden: boolean) =>
      fetch(`${a}/ops/api/games/${first.nodeId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${OPS_TOKEN}`, ...json },
        body: JSON.stringify({ hidden }),
      });
    expect((await hide(true)).status).toBe(200);
    expect(await eventually(search, before - 1, 500)).toBe(before - 1);
    expect((await hide(false)).status).toBe(200);
    expect(await eventually(search, before, 500)).toBe(before);
  });

  it('counts one rate limit across both processes', async () => {
    // Earlier tests spent part of this window; whatever is left, the two processes share it.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT * 2; i += 1) {
      statuses.push((await fetch(`${i % 2 ? a : b}/wps/system/country`)).status);
    }
    const served = statuses.filter((status) => status === 200).length;
    expect(served).toBeLessThanOrEqual(RATE_LIMIT);
    expect(statuses.at(-1)).toBe(429);
    const limited = await fetch(`${a}/wps/system/country?language=EN`);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await body(limited)).errorCode).toBe('rate.limited');
  });
});
