/**
 * The operator command line as an operator runs it: a real process against a stand-in for the
 * operator API, which records what the command sent.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const OPS = path.join(ROOT, 'apps/server/src/cli/ops.ts');

interface Received {
  method: string;
  url: string;
  body: unknown;
}
const received: Received[] = [];

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text === '' ? undefined : JSON.parse(text);
}

const api = createServer((request, response) => {
  void readBody(request).then((body) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', body });
    response.setHeader('content-type', 'application/json');
    if (request.url?.includes('/wallet/channels/')) {
      response.end(JSON.stringify({ success: true, value: { ...CHANNEL, ...(body as object) } }));
      return;
    }
    const { username, amountMinor } = body as { username: string; amountMinor: number };
    response.end(
      JSON.stringify({
        success: true,
        value: { username, balanceMinor: 100_000 + amountMinor, replayed: false },
      }),
    );
  });
});
let base = '';
const CHANNEL = {
  code: 'BKASH',
  nameEn: 'bKash',
  currency: 'BDT',
  depositEnabled: true,
  depositMinMinor: 20_000,
  depositMaxMinor: 2_500_000,
  presetsMinor: [50_000],
  withdrawEnabled: true,
  withdrawMinMinor: 50_000,
  withdrawMaxMinor: 2_500_000,
  provider: 'sandbox',
  providerAvailable: true,
};

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

function ops(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', OPS, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, OPS_URL: base, OPS_TOKEN: 'ops-test-token-of-32-characters!' },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run ops -- adjust', () => {
  it('debits with a negative amount and prints the balance', async () => {
    received.length = 0;
    const run = await ops(
      'adjust',
      'rahim01',
      '-500',
      'chargeback',
      'of',
      'deposit',
      '--key',
      'k1',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/ops/api/wallet/adjustments',
        body: {
          username: 'rahim01',
          amountMinor: -50_000,
          reason: 'chargeback of deposit',
          key: 'k1',
        },
      },
    ]);
    expect(run.stdout.trim()).toBe('rahim01: balance 500.00');
  });

  it('credits with decimals and refuses an amount with three', async () => {
    received.length = 0;
    const credit = await ops('adjust', 'rahim01', '12.50', 'goodwill');
    expect(credit.code).toBe(0);
    expect(received[0]?.body).toMatchObject({ amountMinor: 1_250, reason: 'goodwill' });

    const bad = await ops('adjust', 'rahim01', '-1.234', 'typo');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('AMOUNT is a number with up to 2 decimals');
    expect(received).toHaveLength(1);
  });
});

describe('npm run ops -- channel set CODE --provider', () => {
  it("points a channel's deposits at a payment gateway", async () => {
    const { code, stdout } = await ops('channel', 'set', 'bkash', '--provider', 'bkash');
    expect(code).toBe(0);
    expect(received.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/ops/api/wallet/channels/BKASH',
      body: { provider: 'bkash' },
    });
    expect(stdout).toContain('via bkash');
  });
});
