/**
 * The operator token: OPS_TOKEN from the environment, else one generated at first start into
 * DATA_DIR/ops-token (mode 0600), which `npm run ops` reads.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import path from 'node:path';
import { resolveSecretFile } from '../../lib/secret-file';

export const opsTokenPath = (dataDir: string) => path.join(dataDir, 'ops-token');

export function resolveOpsToken(configured: string | undefined, dataDir: string) {
  return resolveSecretFile(configured, opsTokenPath(dataDir));
}

/** Compares in constant time (over hashes, so lengths do not leak either). */
export function tokenMatches(given: string, expected: string) {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
