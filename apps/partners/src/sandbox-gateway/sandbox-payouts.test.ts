/**
 * The sandbox's payouts (play money), through the product's own payout adapter
 * (providers/payments/sandbox-payout.ts) over HTTP: accepted at once, paid after its delay,
 * failed for an account ending in 0000, the same payout for the same reference, the same answer
 * to any of the product's processes, and the adapter's word when the sandbox is down.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayUnavailable,
  type PayoutRequest,
} from '../../../server/src/providers/payments/payment-gateway';
import { SandboxPayoutGateway } from '../../../server/src/providers/payments/sandbox-payout';
import { signSandbox, TEST_SANDBOX_SECRET } from '../../../server/test/stand-ins/sandbox';
import { buildPartnersApp } from '../app';
import { partnersConfig } from '../demo-vendor/product.test-kit';
import { openJournalDb, type JournalDbHandle } from '../journal-db';

let database: JournalDbHandle;
let partners: FastifyInstance;
let base: string;
let now = Date.UTC(2026, 10, 27, 12, 0);
const ONCE = { attempts: 1, backoffMs: 0, timeoutMs: 5_000 };

beforeAll(async () => {
  database = await openJournalDb({ databaseUrl: undefined, dataDir: undefined });
  partners = await buildPartnersApp(
    partnersConfig({ t: undefined as never, base: 'http://127.0.0.1:9' }),
    { database, sandboxGateway: { now: () => now, payoutDelayMs: 5_000 } },
  );
  await partners.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(partners.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await partners?.close();
  await database?.close();
});

const gateway = () =>
  new SandboxPayoutGateway({ baseUrl: base, secret: TEST_SANDBOX_SECRET, retry: ONCE });

const payout = (
  ourRef: string,
  account = '01712345678',
  amountMinor = 100_000n,
): PayoutRequest => ({
  ourRef,
  amountMinor,
  currency: 'BDT',
  account,
  accountName: 'Karim Ahmed',
});

describe('the sandbox payout gateway', () => {
  it('accepts a payout at once and reads it paid after its delay, to any process', async () => {
    const sent = await gateway().send(payout('101'));
    expect(sent).toMatchObject({ ref: '101', state: 'processing', reason: null });
    expect((await gateway().query({ ref: sent.ref, ourRef: '101' })).state).toBe('processing');
    now += 5_000;
    expect(await gateway().query({ ref: sent.ref, ourRef: '101' })).toMatchObject({
      ref: '101',
      state: 'paid',
      raw: { playMoney: true },
    });
  });

  it('answers a repeated send with the first payout, and refuses the same reference for another one', async () => {
    const first = await gateway().send(payout('102'));
    const again = await gateway().send(payout('102'));
    expect(again.ref).toBe(first.ref);
    await expect(gateway().send(payout('102', '01712345678', 200_000n))).rejects.toThrow(
      /HTTP 409/,
    );
  });

  it('fails a payout to an account ending in 0000, and one it never received', async () => {
    expect(await gateway().send(payout('103', '01712340000'))).toMatchObject({
      state: 'failed',
      reason: 'no such wallet account',
    });
    expect(await gateway().query({ ref: null, ourRef: '199' })).toMatchObject({
      ref: null,
      state: 'failed',
      reason: 'no such payout',
    });
  });

  it('takes calls signed with the shared secret only', async () => {
    const other = new SandboxPayoutGateway({ baseUrl: base, secret: 'x'.repeat(32), retry: ONCE });
    await expect(other.send(payout('104'))).rejects.toThrow(/HTTP 401/);
    const path = '/sandbox/api/payouts/101';
    const stale = await partners.inject({
      url: path,
      headers: signSandbox(path, TEST_SANDBOX_SECRET, Math.floor(Date.now() / 1000) - 3600),
    });
    expect(stale.statusCode).toBe(401);
    expect((await partners.inject({ url: path })).statusCode).toBe(401);
  });

  it('is unavailable, not failed, when the sandbox does not answer', async () => {
    const away = new SandboxPayoutGateway({
      baseUrl: 'http://127.0.0.1:9',
      secret: TEST_SANDBOX_SECRET,
      retry: ONCE,
    });
    await expect(away.send(payout('105'))).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});
