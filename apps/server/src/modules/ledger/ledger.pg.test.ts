/**
 * Races the ledger must win on a real Postgres, where requests do run at the same time (PGlite
 * serialises every query, so these cannot happen there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { type AccountRef, type Movement } from './ledger';

const CURRENCY = 'BDT';
let t: TestApp;

async function fundedMember(amountMinor: bigint) {
  const { token } = await createMember(t.app);
  const session = await t.app.services.sessions.resolve(token);
  if (!session || session === 'expired') throw new Error('no session');
  const id = session.memberId;
  await t.app.services.ledger.move({
    kind: 'deposit',
    source: 'test',
    key: `fund-${id}`,
    request: { id: String(id) },
    currency: CURRENCY,
    memberId: id,
    legs: [
      { account: { kind: 'cash', ownerId: id }, amountMinor: amountMinor },
      { account: { kind: 'deposits_clearing' }, amountMinor: -amountMinor },
    ],
  });
  return id;
}

const holdAll = (id: bigint, amount: bigint, key: string): Movement => ({
  kind: 'withdrawal.hold',
  source: 'member:withdraw',
  key,
  request: { amount: String(amount) },
  currency: CURRENCY,
  memberId: id,
  legs: [
    { account: { kind: 'cash', ownerId: id }, amountMinor: -amount },
    { account: { kind: 'withdrawal_hold', ownerId: id }, amountMinor: amount },
  ],
});

const balance = (ref: AccountRef) =>
  t.app.services.ledger.balance(t.app.database.db, ref, CURRENCY);

beforeAll(async () => {
  t = await createTestApp({ databasePoolSize: 20 });
});
afterAll(() => t.close());

describe('ledger races on Postgres', () => {
  it('50 concurrent debits of the whole balance with distinct keys: exactly one succeeds', async () => {
    const id = await fundedMember(100_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.app.services.ledger.move(holdAll(id, 100_000n, `all-${id}-${i}`)),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason.errorCode === 'wallet.insufficientFunds')).toBe(true);
    expect(await balance({ kind: 'cash', ownerId: id })).toBe(0n);
    expect(await balance({ kind: 'withdrawal_hold', ownerId: id })).toBe(100_000n);
  });

  it('the same key posted 50 times at once moves the money once', async () => {
    const id = await fundedMember(100_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.services.ledger.move(holdAll(id, 30_000n, `same-${id}`)),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId))).toHaveProperty('size', 1);
    expect(await balance({ kind: 'cash', ownerId: id })).toBe(70_000n);
  });

  it('opposite transfers between two members at once never deadlock and keep the sum', async () => {
    const a = await fundedMember(50_000n);
    const b = await fundedMember(50_000n);
    const transfer = (from: bigint, to: bigint, i: number): Movement => ({
      kind: 'transfer',
      source: 'test',
      key: `swap-${from}-${to}-${i}`,
      request: { i },
      currency: CURRENCY,
      legs: [
        { account: { kind: 'cash', ownerId: from }, amountMinor: -1_000n },
        { account: { kind: 'cash', ownerId: to }, amountMinor: 1_000n },
      ],
    });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.services.ledger.move(i % 2 ? transfer(a, b, i) : transfer(b, a, i)),
      ),
    );
    expect(
      (await balance({ kind: 'cash', ownerId: a })) + (await balance({ kind: 'cash', ownerId: b })),
    ).toBe(100_000n);
    await expectSoundLedger(t.app.database.db);
  });
});
