/**
 * The operator token: OPS_TOKEN from the environment, else one generated at first start into
 * DATA_DIR/ops-token (mode 0600), which `npm run ops` reads.
 */
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const opsTokenPath = (dataDir: string) => path.join(dataDir, 'ops-token');

export async function resolveOpsToken(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = opsTokenPath(dataDir);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    // First start: make one below.
  }
  await mkdir(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch {
    // Another process wrote it first; use theirs.
    return (await readFile(file, 'utf8')).trim();
  }
}

/** Compares in constant time (over hashes, so lengths do not leak either). */
export function tokenMatches(given: string, expected: string) {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
