/** What the operator's Prometheus scrape shows, and where it can (and cannot) be read. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../providers/cache/memory-cache';
import { ReadCache } from '../providers/cache/read-cache';
import { createTestApp, opsHeaders, type TestApp } from '../../test/test-app';
import { startDeposit } from '../modules/cashier/deposits.test-kit';
import {
  fundedMember,
  openGameSession,
  vendorCall,
} from '../modules/game-wallet/game-wallet.test-kit';

let t: TestApp;
let scrapeUrl: string;
beforeAll(async () => {
  // Port 0: any free port, as production's METRICS_PORT would name one.
  t = await createTestApp({ metrics: { host: '127.0.0.1', port: 0 } });
  const address = t.app.metricsAddress();
  scrapeUrl = `http://127.0.0.1:${address!.port}/metrics`;
});
afterAll(async () => {
  await t.close();
});

/** The value of one sample of the scrape (0 when absent), its labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].split(/,(?=\w+=")/) : [];
    if (wanted.every((pair) => have.includes(pair)) && have.length === wanted.length) {
      return Number(match[3]);
    }
  }
  return 0;
}

/** The sum of the samples of `name` that carry at least `labels`. */
function total(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (
      match?.[1] === name &&
      wanted.every((pair) => match[2]!.split(/,(?=\w+=")/).includes(pair))
    ) {
      sum += Number(match[3]);
    }
  }
  return sum;
}

async function scrape() {
  const res = await fetch(scrapeUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

const requests = (route: string, status: string, method = 'GET') => ({ method, route, status });

describe('the metrics listener', () => {
  it('counts and times answers by route pattern and status, never by the address sent', async () => {
    const before = await scrape();
    const statusCalls = requests('/wps/system/status', '200');
    const notFound = requests('(unmatched)', '404');
    for (let n = 0; n < 3; n += 1) await t.app.inject({ url: '/wps/system/status' });
    await t.app.inject({ url: '/wps/no-such-thing/12345?token=abc' });
    // A route with a parameter: counted under its pattern, not the name in the address.
    const setting = await t.app.inject({
      url: '/ops/api/settings/maintenance',
      headers: opsHeaders(),
    });
    const after = await scrape();

    const count = 'khela_http_request_duration_seconds_count';
    expect(sample(after, count, statusCalls) - sample(before, count, statusCalls)).toBe(3);
    expect(sample(after, count, notFound) - sample(before, count, notFound)).toBe(1);
    const settingRoute = requests('/ops/api/settings/:name', String(setting.statusCode));
    expect(sample(after, count, settingRoute) - sample(before, count, settingRoute)).toBe(1);
    // Every answer falls in the histogram's last bucket, and none waits on the scrape.
    expect(
      sample(after, 'khela_http_request_duration_seconds_bucket', { ...statusCalls, le: '+Inf' }),
    ).toBe(sample(after, count, statusCalls));
    expect(after).not.toContain('no-such-thing');
    expect(after).not.toContain('maintenance"');
    // The process's own figures come along.
    expect(after).toContain('process_cpu_user_seconds_total');
    expect(after).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows ledger movements, deposits by provider and state, and vendor wallet calls', async () => {
    t.app.siteFigures.readAfresh();
    const before = await scrape();
    const member = await fundedMember(t.app, 5_000_00);
    const deposit = await startDeposit(t.app, member.token);
    expect(deposit.statusCode).toBe(200);
    const { token } = await openGameSession(t.app, member.memberId);
    expect((await vendorCall(t.app, 'balance', { token })).statusCode).toBe(200);
    // Signed with the wrong secret: counted, but the provider it claims is not a label.
    const forged = await vendorCall(t.app, 'balance', { token }, { secret: 'x'.repeat(32) });
    expect(forged.statusCode).toBe(401);
    t.app.siteFigures.readAfresh();
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const adjustment = { kind: 'adjustment', outcome: 'posted' };
    expect(delta('khela_ledger_movements_total', adjustment)).toBe(1);
    expect(delta('khela_ledger_moved_minor_total', { kind: 'adjustment', currency: 'BDT' })).toBe(
      5_000_00,
    );
    // Read from the database at scrape time: the deposit just opened is pending.
    const pending = { provider: 'sandbox', state: 'pending' };
    expect(delta('khela_deposits', pending)).toBe(1);
    expect(delta('khela_deposits_amount_minor', pending)).toBe(100_000);
    expect(after).toMatch(/^khela_deposits_oldest_pending_seconds\{provider="sandbox"\} /m);
    expect(
      delta('khela_vendor_wallet_calls_total', {
        vendor: 'DEMO',
        operation: 'balance',
        status: '200',
      }),
    ).toBe(1);
    expect(
      delta('khela_vendor_wallet_calls_total', {
        vendor: 'unverified',
        operation: 'balance',
        status: '401',
      }),
    ).toBe(1);
  });
});

describe('rate limits', () => {
  it('counts the requests a limit refused, by route', async () => {
    const limited = await createTestApp({ rateLimit: { max: 1, windowMs: 60_000, auth: 30 } });
    try {
      const read = async () => (await limited.app.metricsText()).text;
      const refused = { route: '/wps/system/country' };
      const before = sample(await read(), 'khela_rate_limit_refusals_total', refused);
      const answers = [];
      for (let n = 0; n < 3; n += 1) {
        answers.push((await limited.app.inject({ url: '/wps/system/country' })).statusCode);
      }
      expect(answers).toEqual([200, 429, 429]);
      const after = sample(await read(), 'khela_rate_limit_refusals_total', refused);
      expect(after - before).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('the site figures', () => {
  it('shows withdrawals by channel and state, and the outbox by channel and state', async () => {
    t.app.siteFigures.readAfresh();
    const before = await scrape();
    const member = await fundedMember(t.app, 0);
    await t.app.services.outbox.send({
      channel: 'sms',
      to: '+8801700000001',
      text: 'Your code is 123456',
    });
    // A withdrawal waiting for the operator, as the withdrawals module stores one.
    await t.database.db.execute(sql`
      with payee as (
        insert into payee_accounts (member_id, channel_code, account_name, account_number)
        values (${member.memberId}, 'NAGAD', 'Test Payee', '01700000001') returning id)
      insert into withdrawals (member_id, payee_account_id, channel_code, amount_minor,
        currency, idempotency_key, fingerprint)
      select ${member.memberId}, id, 'NAGAD', 25000, 'BDT', 'metrics-test', 'f' from payee`);
    t.app.siteFigures.readAfresh();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const waiting = { channel: 'NAGAD', state: 'pending' };
    expect(delta('khela_withdrawals', waiting)).toBe(1);
    expect(delta('khela_withdrawals_amount_minor', waiting)).toBe(25000);
    // Queued, or already sent to the outbox by the worker's kick: counted in one state or the other.
    expect(
      total(after, 'khela_outbox_messages', { channel: 'sms' }) -
        total(before, 'khela_outbox_messages', { channel: 'sms' }),
    ).toBe(1);
    if (t.database.pool) {
      expect(sample(after, 'khela_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      // PGlite: one embedded connection, no pool to show.
      expect(after).not.toContain('khela_db_pool_connections');
    }
  });
});

describe('where the metrics are served', () => {
  it('never on the public port; there, only to the operator, with the token', async () => {
    const publicPort = await t.app.inject({ url: '/metrics' });
    expect(publicPort.statusCode).not.toBe(200);
    expect(publicPort.body).not.toContain('khela_');
    expect((await t.app.inject({ url: '/ops/metrics' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/ops/metrics', headers: opsHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE khela_http_request_duration_seconds histogram');
  });

  it('answers the metrics listener only at GET /metrics', async () => {
    const other = await fetch(scrapeUrl.replace('/metrics', '/wps/system/status'));
    expect(other.status).toBe(404);
    expect((await fetch(scrapeUrl, { method: 'POST' })).status).toBe(404);
  });

  it("counts each read cache's hits and misses", async () => {
    const cache = new ReadCache<string>(new MemoryCache(), {
      name: 'metrics-test',
      max: 10,
      ttlMs: 60_000,
    });
    expect(cache.get('a')).toBeUndefined();
    await cache.getOrLoad('a', async () => 'loaded');
    expect(cache.get('a')).toBe('loaded');
    await cache.getOrLoad('a', async () => 'not asked');
    const text = await scrape();
    const lookups = (result: string) =>
      sample(text, 'khela_read_cache_lookups_total', { cache: 'metrics-test', result });
    expect(lookups('hit')).toBe(2);
    expect(lookups('miss')).toBe(2);
  });
});

describe('the metrics listener setting', () => {
  it('is off unless METRICS_PORT is given, and never the public port', async () => {
    const { loadConfig } = await import('../config');
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1', port: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'METRICS_PORT: must differ from PORT',
    );
    expect(t.app.metricsAddress()?.address).toBe('127.0.0.1');
  });
});
