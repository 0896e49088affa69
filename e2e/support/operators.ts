/**
 * Named operators for the console journeys: made with the command line as a person would
 * (`npm run ops -- operator add NAME --role ROLE --json`, against the journeys' server with its
 * token), signed in with the authenticator code the TOTP secret gives (otpauth, RFC 6238).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_OPS_TOKEN, E2E_PORT } from './env';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

export interface OperatorCredentials {
  username: string;
  password: string;
  totpSecret: string;
}

let counter = 0;
const worker = process.env.TEST_PARALLEL_INDEX ?? '';

/**
 * A new operator of `role`; its one-time password must be changed at the first sign-in.
 * `opsUrl`: the server to ask (the journeys' unless told; the screenshots run their own).
 */
export async function addOperator(
  role: string,
  opsUrl = `http://127.0.0.1:${E2E_PORT}`,
): Promise<OperatorCredentials> {
  const name = `${role}${Date.now().toString(36).slice(-5)}${worker}${(counter += 1)}`;
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'ops', '--', 'operator', 'add', name, '--role', role, '--json'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        OPS_URL: opsUrl,
        OPS_TOKEN: E2E_OPS_TOKEN,
      },
    },
  );
  // `--json` prints the object (indented, as the command line's other --json answers).
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as OperatorCredentials;
}

/** The code the operator's authenticator app shows now. */
export function totpCode(secret: string) {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
}

export const NEW_OPERATOR_PASSWORD = 'Padma-Ferry-Lantern-2026';

/**
 * Signs in to the console with the one-time password and the current code, replaces the
 * one-time password as the console asks, and ends on the signed-in shell.
 */
export async function signInToConsole(page: Page, operator: OperatorCredentials) {
  await page.goto('/ops/');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByLabel('Authenticator code').fill(totpCode(operator.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await page.getByLabel('One-time password').fill(operator.password);
  await page.getByLabel('New password', { exact: true }).fill(NEW_OPERATOR_PASSWORD);
  await page.getByLabel('New password again').fill(NEW_OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}
