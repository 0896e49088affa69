/** Start-up with a store that does not answer: one line that says which, where and what to check. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
// Nothing listens on port 1; a connection there is refused at once.
const CLOSED = '127.0.0.1:1';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-start-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', SERVER],
      {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
        timeout: 20_000,
      },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

describe.concurrent('start-up with an unreachable store', () => {
  it('names PostgreSQL, its address and variable, and exits 1 with no stack', async () => {
    const { code, stderr } = await start({
      DATABASE_URL: `postgres://khela:secret@${CLOSED}/khela`,
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^Cannot reach PostgreSQL at 127\.0\.0\.1:1 \(DATABASE_URL\): .*ECONNREFUSED.* — is the server running and the URL right\?\n$/,
    );
    expect(stderr).not.toContain('secret');
  });

  it('names Redis the same way', async () => {
    const { code, stderr } = await start({ REDIS_URL: `redis://${CLOSED}` });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^Cannot reach Redis at 127\.0\.0\.1:1 \(REDIS_URL\): .*ECONNREFUSED.* — is the server running and the URL right\?\n$/,
    );
  });

  it('lists a bad variable the same way, with no stack', async () => {
    const { code, stderr } = await start({ CORS_ORIGINS: 'https://app.khela.example/' });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Invalid configuration:\n  CORS_ORIGINS: "https://app.khela.example/" is not an origin (scheme://host[:port], no path or trailing slash)\n',
    );
  });
});
