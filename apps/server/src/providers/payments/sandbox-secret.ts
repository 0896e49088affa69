/**
 * The secret the sandbox provider signs its notices with: PAYMENT_SANDBOX_SECRET, else one made
 * at first start into DATA_DIR/payment-sandbox-secret (mode 0600), like the operator token.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const sandboxSecretPath = (dataDir: string) => path.join(dataDir, 'payment-sandbox-secret');

export async function resolveSandboxSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = sandboxSecretPath(dataDir);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    // First start: make one below.
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process wrote it first; use theirs.
    return (await readFile(file, 'utf8')).trim();
  }
}
