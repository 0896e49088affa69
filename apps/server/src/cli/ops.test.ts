/**
 * The operator command line as an operator runs it: a real process against a stand-in for the
 * operator API, which records what the command sent.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
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

/** The outbox as the operator API would list it: one failed SMS, one e-mail sent after a retry. */
const OUTBOX = [
  {
    id: '7d3c…',
    channel: 'sms',
    to: '+8801712345678',
    subject: null,
    body: 'Your Khela verification code is 123456.',
    state: 'failed',
    attempts: 1,
    nextAttemptAt: null,
    provider: 'twilio',
    providerMessageId: null,
    lastError: "HTTP 400: 21211 The 'To' number is not a valid phone number.",
    sentAt: null,
    createdAt: '2026-11-26T20:00:00.000Z',
  },
  {
    id: '5a1b…',
    channel: 'email',
    to: 'karim@example.com',
    subject: 'Reset your Khela password',
    body: 'Hello karim,\nOpen this link',
    state: 'sent',
    attempts: 2,
    nextAttemptAt: null,
    provider: 'smtp',
    providerMessageId: '<abc@khela.example>',
    lastError: 'ECONNECTION: Connection closed',
    sentAt: '2026-11-26T19:59:30.000Z',
    createdAt: '2026-11-26T19:59:00.000Z',
  },
];
const OUTBOX_STATS = { queued: 3, oldestQueuedSeconds: 42, sentLastHour: 17, failedLastDay: 1 };

const api = createServer((request, response) => {
  void readBody(request).then((body) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', body });
    response.setHeader('content-type', 'application/json');
    const url = request.url ?? '';
    if (request.url?.includes('/wallet/channels/')) {
      response.end(JSON.stringify({ success: true, value: { ...CHANNEL, ...(body as object) } }));
      return;
    }
    if (url === '/ops/api/operators' && request.method === 'POST') {
      const { username } = body as { username: string };
      const value = {
        username,
        password: 'one-time-password-0001',
        totpSecret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: `otpauth://totp/Khela:${username}?secret=JBSWY3DPEHPK3PXP`,
      };
      return response.end(JSON.stringify({ success: true, value }));
    }
    if (url.startsWith('/ops/api/agents/contract-requests')) {
      const status = url.endsWith('/approve')
        ? 'approved'
        : url.endsWith('/reject')
          ? 'rejected'
          : 'pending';
      const request = {
        id: '12',
        username: 'agent007',
        kind: 'salary',
        status,
        periodStart: '2026-11-26',
        periodHour: null,
        amountMinor: 50_000,
        decidedBy: status === 'pending' ? null : 'automation',
        reason: status === 'rejected' ? (body as { reason: string }).reason : null,
      };
      const value =
        request.status === 'pending' ? { items: [request] } : { request, replayed: false };
      return response.end(JSON.stringify({ success: true, value }));
    }
    if (url.startsWith('/ops/api/wallet/adjustments?') || url.endsWith('/reject')) {
      const waiting = {
        id: '7',
        username: 'rahim01',
        amountMinor: 2_500_000,
        reason: 'tournament prize',
        state: url.endsWith('/reject') ? 'rejected' : 'waiting',
        requestedBy: 'automation',
        decidedBy: url.endsWith('/reject') ? 'automation' : null,
        requestedAt: '2026-11-26T10:00:00.000Z',
      };
      const value = url.endsWith('/reject') ? waiting : { items: [waiting], nextBefore: null };
      return response.end(JSON.stringify({ success: true, value }));
    }
    if (url.startsWith('/ops/api/bonuses/campaigns')) {
      const paused = url.endsWith('/pause');
      const value = { ...CAMPAIGN, ...(body as object), state: paused ? 'paused' : 'running' };
      return response.end(
        JSON.stringify({
          success: true,
          value: request.method === 'GET' ? { list: [value] } : value,
        }),
      );
    }
    if (url.endsWith('/retry')) {
      const value = {
        ...OUTBOX[0],
        state: 'queued',
        attempts: 0,
        nextAttemptAt: OUTBOX[0]!.createdAt,
      };
      return response.end(JSON.stringify({ success: true, value }));
    }
    if (url.startsWith('/ops/api/outbox')) {
      const value = url.startsWith('/ops/api/outbox/stats') ? OUTBOX_STATS : OUTBOX;
      return response.end(JSON.stringify({ success: true, value }));
    }
    if (url.includes('/bonuses')) {
      const grant = (body ?? {}) as { campaignId?: string; amountMinor?: number };
      const bonus = {
        id: '41',
        name: 'Goodwill',
        kind: 'manual',
        status: url.endsWith('/forfeit') ? 'forfeited' : 'active',
        amountMinor: grant.amountMinor ?? 10_000,
        balanceMinor: url.endsWith('/forfeit') ? 0 : (grant.amountMinor ?? 10_000),
        wageredMinor: 0,
        requiredMinor: 50_000,
        settledMinor: url.endsWith('/forfeit') ? 10_000 : null,
      };
      const value = request.method === 'GET' ? { list: [bonus] } : { bonus };
      return response.end(JSON.stringify({ success: true, value }));
    }
    if (request.url?.startsWith('/ops/api/game/vendors')) {
      // A registry row as the API answers it: the change applied, the secret once when set.
      const code = request.url.split('/')[5] ?? (body as { code: string }).code;
      const vendor = {
        code,
        name: 'Acme Games',
        walletProtocol: 'seamless-v1',
        launchUrl: 'https://games.acme.example/play',
        enabled: true,
        ...(body as object),
        ...(request.url.endsWith('/secret')
          ? { secret: 'new-secret-of-forty-characters-0123456789' }
          : {}),
      };
      response.end(JSON.stringify({ success: true, value: vendor }));
      return;
    }
    const { username, amountMinor } = body as { username: string; amountMinor: number };
    if (Math.abs(amountMinor) > 1_000_000) {
      response.statusCode = 202;
      response.end(
        JSON.stringify({
          success: true,
          value: { id: '7', state: 'waiting', username, amountMinor, thresholdMinor: 1_000_000 },
        }),
      );
      return;
    }
    response.end(
      JSON.stringify({
        success: true,
        value: {
          id: '6',
          state: 'approved',
          transactionId: '9',
          username,
          amountMinor,
          balanceMinor: 100_000 + amountMinor,
          replayed: false,
        },
      }),
    );
  });
});
let base = '';
/** A campaign as the operator API answers it: the demo's first-deposit match, partly taken up. */
const CAMPAIGN = {
  id: '3',
  kind: 'first_deposit',
  nameEn: '70% first deposit bonus',
  promoCode: null,
  percentBp: 7000,
  amountMinor: null,
  capMinor: 700_000,
  minDepositMinor: 20_000,
  wageringMultiplier: 10,
  wageringBase: 'bonus_deposit',
  maxStakeMinor: 50_000,
  validHours: 168,
  totalCap: null,
  uses: 4,
  uptake: {
    given: 4,
    queued: 0,
    active: 2,
    converted: 1,
    forfeited: 1,
    expired: 0,
    refused: 1,
    givenMinor: 210_000,
    costMinor: 61_000,
    removedMinor: 9_000,
    outstandingMinor: 140_000,
  },
};
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

/**
 * The command line built once for the file's runs, as the server's build bundles (build.mjs: our
 * code and the contract in, npm packages outside): `node --import tsx` compiled and loaded the
 * TypeScript again in each of them, about 1.3 s a run on CI.
 */
let cliDir: string;
let cli: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  cliDir = await mkdtemp(path.join(os.tmpdir(), 'khela-ops-cli-'));
  // The npm packages, found from the bundle as from apps/server/dist.
  await symlink(path.join(ROOT, 'node_modules'), path.join(cliDir, 'node_modules'), 'dir');
  cli = path.join(cliDir, 'ops.mjs');
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@khela/'));
  await build({
    entryPoints: [OPS],
    outfile: cli,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => api.close(() => resolve()));
  await rm(cliDir, { recursive: true, force: true });
});

function ops(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
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

  it('says when an adjustment above the threshold waits for a second operator', async () => {
    const run = await ops('adjust', 'rahim01', '20000', 'big', 'win', 'refund');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      "rahim01: adjustment 7 waits for a second operator's approval (above 10,000.00)",
    );
  });

  it('lists the adjustments waiting for approval and rejects one with a reason', async () => {
    received.length = 0;
    const list = await ops('adjustment', 'list', '--status', 'waiting');
    expect(list.code).toBe(0);
    expect(received[0]?.url).toBe('/ops/api/wallet/adjustments?state=waiting');
    expect(list.stdout).toContain('waiting');
    expect(list.stdout).toContain('25,000.00');
    expect(list.stdout).toContain('tournament prize');
    const reject = await ops('adjustment', 'reject', '7', 'not', 'agreed');
    expect(reject.code).toBe(0);
    expect(received[1]).toMatchObject({
      method: 'POST',
      url: '/ops/api/wallet/adjustments/7/reject',
      body: { reason: 'not agreed' },
    });
    expect(reject.stdout).toContain('rejected');
  });

  it("lists agents' contract requests, approves one and rejects one with a reason", async () => {
    received.length = 0;
    const list = await ops('agent', 'contract', 'list', '--status', 'pending');
    expect(list.code).toBe(0);
    expect(received[0]?.url).toBe('/ops/api/agents/contract-requests?status=pending');
    expect(list.stdout).toContain('agent007');
    expect(list.stdout).toContain('500.00');
    const approve = await ops('agent', 'contract', 'approve', '12');
    expect(approve.code).toBe(0);
    expect(received[1]).toMatchObject({
      method: 'POST',
      url: '/ops/api/agents/contract-requests/12/approve',
    });
    expect(approve.stdout).toContain('approved');
    const reject = await ops('agent', 'contract', 'reject', '12', 'turnover', 'under', 'review');
    expect(reject.code).toBe(0);
    expect(received[2]).toMatchObject({
      url: '/ops/api/agents/contract-requests/12/reject',
      body: { reason: 'turnover under review' },
    });
    expect(reject.stdout).toContain('(turnover under review)');
    const usage = await ops('agent', 'contract', 'reject', '12');
    expect(usage.code).toBe(1);
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

describe('npm run ops -- outbox', () => {
  it('shows the queue and each message with its delivery and last error', async () => {
    received.length = 0;
    const { code, stdout } = await ops('outbox', '--to', '+8801712345678', '--status', 'failed');
    expect(code).toBe(0);
    expect(received.map((r) => r.url)).toEqual([
      '/ops/api/outbox?to=%2B8801712345678&state=failed',
      '/ops/api/outbox/stats',
    ]);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(
      'Queue: 3 queued (oldest 42 s), 17 sent in the last hour, 1 failed in the last day',
    );
    expect(stdout).toContain(
      "2026-11-26T20:00:00.000Z  SMS  to +8801712345678  FAILED after 1 attempt  [7d3c…]\n  ! HTTP 400: 21211 The 'To' number is not a valid phone number.\n  Your Khela verification code is 123456.",
    );
    expect(stdout).toContain(
      '2026-11-26T19:59:00.000Z  EMAIL  to karim@example.com  sent via smtp (<abc@khela.example>) after 2 attempts  [5a1b…]\n  ! ECONNECTION: Connection closed\n  Reset your Khela password\n  Hello karim,\n  Open this link',
    );
  });

  it('sends a failed message again by the id the list shows', async () => {
    received.length = 0;
    const { code, stdout } = await ops('outbox', 'retry', '7d3c…');
    expect(code).toBe(0);
    expect(received).toEqual([
      {
        method: 'POST',
        url: `/ops/api/outbox/${encodeURIComponent('7d3c…')}/retry`,
        body: undefined,
      },
    ]);
    expect(stdout.trim()).toBe('7d3c…  queued: attempt 1 at 2026-11-26T20:00:00.000Z');
  });
});

describe('npm run ops -- vendor', () => {
  it('adds a game vendor and prints its secret once; enables, disables, changes and rotates it', async () => {
    received.length = 0;
    const add = await ops('vendor', 'add', 'acme', 'Acme Games', 'https://games.acme.example/play');
    expect(add.code).toBe(0);
    expect(received[0]).toEqual({
      method: 'POST',
      url: '/ops/api/game/vendors',
      body: { code: 'ACME', name: 'Acme Games', launchUrl: 'https://games.acme.example/play' },
    });
    expect(add.stdout).toContain('ACME');

    await ops('vendor', 'disable', 'ACME');
    await ops('vendor', 'set', 'acme', '--launch-url', 'https://play.acme.example/v2');
    const rotate = await ops('vendor', 'rotate-secret', 'ACME');
    expect(received.slice(1)).toEqual([
      { method: 'PATCH', url: '/ops/api/game/vendors/ACME', body: { enabled: false } },
      {
        method: 'PATCH',
        url: '/ops/api/game/vendors/ACME',
        body: { launchUrl: 'https://play.acme.example/v2' },
      },
      { method: 'POST', url: '/ops/api/game/vendors/ACME/secret', body: {} },
    ]);
    expect(rotate.stdout).toContain(
      'secret (give it to the vendor; not shown again): new-secret-of-forty-characters-0123456789',
    );

    const nothing = await ops('vendor', 'set', 'ACME');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('nothing to change');
    expect(received).toHaveLength(4);
  });
});

describe('npm run ops -- operator add', () => {
  it('creates an operator and prints its one-time credentials; --json prints exactly three fields', async () => {
    received.length = 0;
    const plain = await ops('operator', 'add', 'farida', '--role', 'finance');
    expect(plain.code).toBe(0);
    expect(received).toEqual([
      { method: 'POST', url: '/ops/api/operators', body: { username: 'farida', role: 'finance' } },
    ]);
    expect(plain.stdout).toContain('one-time password  one-time-password-0001');
    expect(plain.stdout).toContain('TOTP secret        JBSWY3DPEHPK3PXP');
    expect(plain.stdout).toContain('otpauth://totp/');

    const json = await ops('operator', 'add', 'rafiq', '--role', 'support', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      username: 'rafiq',
      password: 'one-time-password-0001',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    });

    const missing = await ops('operator', 'add', 'norole');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('operator add NAME --role ROLE');
  });
});

describe('npm run ops -- bonus', () => {
  it('gives a manual bonus on a campaign with an amount in minor units, lists, forfeits and moves its end', async () => {
    received.length = 0;
    const granted = await ops('bonus', 'grant', 'rahim01', '--campaign', '12', '--amount', '50000');
    expect(granted.code, granted.stderr).toBe(0);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/ops/api/members/rahim01/bonuses',
      body: { campaignId: '12', amountMinor: 50_000, key: expect.any(String) },
    });
    expect(granted.stdout).toContain('rahim01:');
    expect(granted.stdout).toContain('active');

    const listed = await ops('bonus', 'list', 'rahim01');
    expect(received[1]).toMatchObject({ method: 'GET', url: '/ops/api/members/rahim01/bonuses' });
    expect(listed.stdout).toContain('Goodwill');

    const removed = await ops('bonus', 'forfeit', '41', 'given', 'in', 'error');
    expect(received[2]).toMatchObject({
      method: 'POST',
      url: '/ops/api/bonuses/41/forfeit',
      body: { reason: 'given in error' },
    });
    expect(removed.stdout).toContain('forfeited');

    const moved = await ops('bonus', 'expiry', '41', '2026-12-01T00:00:00+06:00', 'goodwill');
    expect(moved.code, moved.stderr).toBe(0);
    expect(received[3]).toMatchObject({
      method: 'PUT',
      url: '/ops/api/bonuses/41/expiry',
      body: { expiresAt: '2026-12-01T00:00:00+06:00', reason: 'goodwill' },
    });

    const bad = await ops('bonus', 'grant', 'rahim01', '--campaign', '12', '--amount', '5.00');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('minor units');
    const noTime = await ops('bonus', 'expiry', '41');
    expect(noTime.code).not.toBe(0);
    expect(noTime.stderr).toContain('bonus expiry BONUS_ID DATETIME');
    expect(received).toHaveLength(4);
  });
});

describe('npm run ops -- bonus campaign', () => {
  it('lists campaigns with their terms, uptake and cost', async () => {
    received.length = 0;
    const run = await ops('bonus', 'campaign', 'list');
    expect(run.stderr).toBe('');
    expect(received).toEqual([
      { method: 'GET', url: '/ops/api/bonuses/campaigns', body: undefined },
    ]);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^#3 +running +first_deposit +70% first deposit bonus$/);
    expect(lines[1]).toContain('gives 70% up to 7,000.00 (min 200.00), wager 10x bonus_deposit');
    expect(lines[2]).toContain('given 4 (2,100.00): 2 active, 0 queued, 1 converted');
    expect(lines[2]).toContain('cost 610.00, outstanding 1,400.00');
    const json = await ops('bonus', 'campaign', 'list', '--json');
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ id: '3', uptake: { costMinor: 61_000 } });
  });

  it('creates one from a JSON file, pauses and resumes it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'khela-ops-'));
    try {
      const file = path.join(dir, 'campaign.json');
      const body = { kind: 'registration', nameEn: 'Sign-up', amountMinor: 7_700 };
      await writeFile(file, JSON.stringify(body));
      received.length = 0;
      const made = await ops('bonus', 'campaign', 'create', '--file', file);
      expect(made.code).toBe(0);
      expect(received).toEqual([{ method: 'POST', url: '/ops/api/bonuses/campaigns', body }]);
      const pause = await ops('bonus', 'campaign', 'pause', '3');
      expect(received.at(-1)).toMatchObject({
        method: 'POST',
        url: '/ops/api/bonuses/campaigns/3/pause',
      });
      expect(pause.stdout).toMatch(/^#3 +paused/);
      await ops('bonus', 'campaign', 'resume', '3');
      expect(received.at(-1)?.url).toBe('/ops/api/bonuses/campaigns/3/resume');

      const unreadable = await ops('bonus', 'campaign', 'create', '--file', path.join(dir, 'none'));
      expect(unreadable.code).toBe(1);
      expect(unreadable.stderr).toContain('Cannot read');
      const usage = await ops('bonus', 'campaign', 'pause');
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('bonus campaign pause|resume ID');
      expect(received).toHaveLength(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
