/**
 * Two server processes on one Postgres and one Redis: a queue change made through one reaches the
 * live counters' listeners of the other (Redis pub/sub), and both processes' rollup passes running
 * at once count every movement once. Collected only when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { QueueCounts } from '@khela/contract/backoffice/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { RedisCache } from '../../providers/cache/redis-cache';
import { eventually } from '../../../test/eventually';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { fundedMember, openGameSession, vendorCall } from '../game-wallet/game-wallet.test-kit';
import { addTestChannels, memberWithPayee } from '../withdrawals/withdrawals.fixtures';

let t: TestApp;
let b: FastifyInstance;
let bCache: RedisCache;
beforeAll(async () => {
  t = await createTestApp();
  await addTestChannels(t.app);
  // Process B: its own app, cache connection and counters, on the same database and Redis prefix.
  bCache = new RedisCache(process.env.REDIS_URL!, (t.cache as RedisCache).prefix);
  b = await buildApp(t.config, { database: t.database, cache: bCache });
  await b.ready();
}, 60_000);
afterAll(async () => {
  await b.close();
  await bCache.close();
  await t.close();
});

describe('live counters across processes', () => {
  it("a withdrawal requested through A reaches B's listeners", async () => {
    const before = await b.services.liveCounters.current();
    const seen: QueueCounts[] = [];
    const stop = b.services.liveCounters.listen((counts) => seen.push(counts));
    try {
      const p = await memberWithPayee(t.app, { fundsMinor: 50_000 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/wallet/withdrawals?language=EN',
        headers: { ...p.headers, 'idempotency-key': randomUUID() },
        payload: { payeeId: p.payeeId, amountMinor: 12_000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      await eventually(async () =>
        seen.some((counts) => counts.pendingWithdrawals === before.pendingWithdrawals + 1),
      );
    } finally {
      stop();
    }
  });
});

describe('the rollup on two processes at once', () => {
  it('counts every bet once', async () => {
    const run = (app: FastifyInstance) => app.services.reportsRollup.run({ settleSeconds: 0 });
    await t.app.services.reportsRollup.run({ settleSeconds: 0, wait: true });
    const today = async () =>
      (await t.app.inject({ url: '/ops/api/dashboard', headers: opsHeaders() })).json().value
        .periods.today;
    const before = await today();
    const member = await fundedMember(t.app, 1_000_00);
    const { token } = await openGameSession(t.app, member.memberId);
    for (let i = 0; i < 20; i += 1) {
      const res = await vendorCall(t.app, 'bet', {
        token,
        txId: `live-pg-bet-${i}-${randomUUID()}`,
        roundId: `live-pg-round-${i}-${randomUUID()}`,
        amount: 1_00,
        currency: 'BDT',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await Promise.all([run(t.app), run(b), run(t.app), run(b)]);
    await b.services.reportsRollup.run({ settleSeconds: 0, wait: true });
    const after = await today();
    expect(after.bets - before.bets).toBe(20_00);
    expect(after.activePlayers - before.activePlayers).toBe(1);
  });
});
