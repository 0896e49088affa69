/**
 * Rebate claim races on Postgres (PGlite runs one query at a time): 30 concurrent claims of one
 * day with distinct keys pay it once; the same key sent 20 times at once pays once and every
 * answer is that claim. Collected only when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerInvariants } from '../ledger/ledger';
import { bet, dhakaDaysAgo, fund, player, type Player } from './rewards.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await ledgerInvariants(t.app.database.db)).toMatchObject({
    unbalancedTransactions: [],
    driftedAccounts: [],
    negativeAccounts: [],
  });
  await t.close();
});

const claim = (p: Player, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/rewards/rebate/claim',
    headers: { ...p.headers, 'idempotency-key': key },
    payload: { periodStart: dhakaDaysAgo(1) },
  });

async function playedYesterday() {
  const p = await player(t.app);
  await fund(t.app, p.id, 200_000, 2);
  await bet(t.app, p.id, 'RNG', 100_000, 1);
  return p;
}

const rebateMovements = async (p: Player) =>
  t.app.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.source, 'rebate'), eq(ledgerTransactions.memberId, p.id)));

const cash = (p: Player) =>
  t.app.services.ledger.balance(t.app.database.db, { kind: 'cash', ownerId: p.id }, 'BDT');

describe('rebate claims on Postgres', () => {
  it('30 concurrent claims of one day with distinct keys pay once', async () => {
    const p = await playedYesterday();
    const answers = await Promise.all(Array.from({ length: 30 }, () => claim(p, randomUUID())));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(29);
    expect(await rebateMovements(p)).toHaveLength(1);
    expect(await cash(p)).toBe(100_000n + 800n);
  });

  it('the same key 20 times at once pays once and answers that claim', async () => {
    const p = await playedYesterday();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(p, key)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((res) => res.json().value.claim.id as string));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => !res.json().value.replayed)).toHaveLength(1);
    expect(await rebateMovements(p)).toHaveLength(1);
    expect(await cash(p)).toBe(100_000n + 800n);
  });
});
