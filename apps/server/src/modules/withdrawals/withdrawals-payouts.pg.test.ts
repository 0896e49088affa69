/**
 * Payout passes of two server processes on one Postgres (two apps, each with its own pool, as two
 * processes would have): run at once, again and again, they look at each payout once per turn
 * and end each once — one settling movement and one notice per withdrawal, the balances right.
 * Collected only when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres, rowsOf } from '../../db/client';
import { inboxMessages } from '../../db/schema/inbox';
import { ledgerTransactions } from '../../db/schema/ledger';
import { SandboxPayoutStandIn } from '../../../test/stand-ins/sandbox-payout';
import { expectSoundLedger } from '../../../test/ledger';
import { databaseUrl } from '../../../test/postgres-admin';
import { createTestApp, freshCache, opsHeaders, type TestApp } from '../../../test/test-app';
import { TEST_CHANNEL, addTestChannels, balances, memberWithPayee } from './withdrawals.fixtures';

const sandbox = new SandboxPayoutStandIn({ delayMs: Number.POSITIVE_INFINITY });
const payouts = {
  gatewayFor: (channelCode: string) => (channelCode === TEST_CHANNEL ? sandbox : undefined),
  timing: { pollMs: 0, retryBaseMs: 0, passEveryMs: 0 },
};

let t: TestApp;
/** The second process: the same database through a pool of its own. */
let other: FastifyInstance;
let closeOther: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { payouts });
  await addTestChannels(t.app);
  const result = await t.app.database.db.execute('select current_database() as name');
  const [{ name }] = rowsOf<{ name: string }>(result) as [{ name: string }];
  const database = await openPostgres(
    databaseUrl(process.env.DATABASE_URL!, name),
    10,
    t.config.migrationsDir,
  );
  const cache = freshCache();
  other = await buildApp(t.config, { database, cache, payouts });
  await other.ready();
  closeOther = async () => {
    await other.close();
    await cache.close();
    await database.close();
  };
});
afterAll(async () => {
  await closeOther();
  await t.close();
});

async function approvedWithdrawal(amountMinor: number) {
  const { id, headers, payeeId } = await memberWithPayee(t.app, { fundsMinor: 300_000 });
  const requested = await t.app.inject({
    method: 'POST',
    url: '/wps/wallet/withdrawals',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { payeeId, amountMinor },
  });
  const withdrawalId = requested.json().value.withdrawal.id as string;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/ops/api/wallet/withdrawals/${withdrawalId}/approve`,
    headers: opsHeaders(),
  });
  expect(approved.json().value.status).toBe('processing');
  return { memberId: id, withdrawalId };
}

describe('payout passes on two processes', () => {
  it('end each of 20 payouts once, however many passes run at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => approvedWithdrawal(100_000 + i)),
    );
    made.forEach(({ withdrawalId }, i) =>
      sandbox.settle(withdrawalId, i % 2 === 0 ? 'paid' : 'failed', 'refused by the wallet'),
    );
    const passes = await Promise.all([
      t.app.services.withdrawals.payoutPass(),
      other.services.withdrawals.payoutPass(),
      t.app.services.withdrawals.payoutPass(),
      other.services.withdrawals.payoutPass(),
    ]);
    // Each payout was claimed by one pass only.
    expect(passes.reduce((sum, pass) => sum + pass.looked, 0)).toBe(20);

    const ids = made.map((m) => m.withdrawalId);
    const settled = await t.app.database.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.source, 'withdrawal:settle'),
          inArray(ledgerTransactions.idempotencyKey, ids),
        ),
      );
    expect(settled.map((row) => row.key).sort()).toEqual([...ids].sort());
    const notices = await t.app.database.db
      .select({ memberId: inboxMessages.memberId })
      .from(inboxMessages)
      .where(
        and(
          inArray(
            inboxMessages.memberId,
            made.map((m) => m.memberId),
          ),
          inArray(inboxMessages.topic, ['withdrawal.paid', 'withdrawal.failed']),
        ),
      );
    expect(notices).toHaveLength(20);
    for (const [i, m] of made.entries()) {
      const expected =
        i % 2 === 0 ? { cash: 300_000 - (100_000 + i), hold: 0 } : { cash: 300_000, hold: 0 };
      expect(await balances(t.app, m.memberId)).toEqual(expected);
    }
    await expectSoundLedger(t.app.database.db);
  });
});
