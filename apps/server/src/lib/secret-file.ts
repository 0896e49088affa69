/**
 * A secret from the environment, else one generated at first use into a file (mode 0600) that
 * later starts, and other processes that read the same file, share.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function resolveSecretFile(configured: string | undefined, file: string) {
  if (configured) return configured;
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    // First use: make one below.
  }
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process wrote it first; use theirs.
    return (await readFile(file, 'utf8')).trim();
  }
}
