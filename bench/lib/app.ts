/** The built app as a child process under test: started, made ready and reachable as AppHandle. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppHandle, AppLogLevel } from '../targets';
import { freePort, startService, waitUntilReady, type Service } from './processes';

const READY_TIMEOUT_MS = 60_000;

/** Every variable the server's config reads: the bench sets them, the caller's shell does not. */
const SERVER_CONFIG_KEYS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'REDIS_URL',
  'REDIS_PREFIX',
  'PUBLIC_URL',
  'OPS_TOKEN',
  'LOG_LEVEL',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_MS',
  'BODY_LIMIT_BYTES',
  'WEB_DIST',
  'SETTINGS_REFRESH_MS',
];

export interface StartAppOptions {
  /** The checkout whose `apps/server/dist/server.js` runs (its web build is served from it). */
  root: string;
  dataDir: string;
  logLevel: AppLogLevel;
  /** Shown in errors and logs. */
  name: string;
  /** A free one when unset. */
  port?: number;
  /** Node flags before the entry (`--cpu-prof`, …). */
  nodeArgs?: string[];
}

/**
 * Starts the built app on PGlite in `dataDir` (or BENCH_DATABASE_URL / BENCH_REDIS_URL), with a
 * random operator token and a rate limit that never trips, and waits until it is ready.
 */
export async function startApp(
  options: StartAppOptions,
): Promise<{ service: Service; handle: AppHandle }> {
  const opsToken = randomBytes(24).toString('base64url');
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVER_CONFIG_KEYS) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: options.logLevel,
    // High enough never to trip, so the limiter stays in the path of the routes it covers.
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    OPS_TOKEN: opsToken,
    WEB_DIST: path.join(options.root, 'apps/web/dist'),
  });
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  // The demo data the bench plays on is its own step since issue 19 (an older checkout's server
  // seeds itself at start).
  const seed = path.join(options.root, 'apps/server/dist/seed-demo.js');
  if (existsSync(seed)) {
    const seeded = spawnSync(process.execPath, [seed], {
      env,
      cwd: options.root,
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error(`${options.name}: seeding the demo data failed`);
  }
  const service = startService({
    name: options.name,
    port,
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), path.join(options.root, 'apps/server/dist/server.js')],
    env,
    cwd: options.root,
  });
  await waitUntilReady(service, '/readyz', READY_TIMEOUT_MS);
  const handle: AppHandle = {
    baseUrl: service.baseUrl,
    async ops(method, opsPath, body) {
      const res = await fetch(`${service.baseUrl}/ops/api${opsPath}`, {
        method,
        headers: {
          authorization: `Bearer ${opsToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`ops ${method} ${opsPath}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { value: unknown }).value;
    },
  };
  return { service, handle };
}
