/**
 * Races on Postgres (PGlite runs one query at a time, so these races cannot happen there):
 * 50 concurrent withdrawals of the whole balance with distinct keys hold it once; 20 concurrent
 * approvals of one withdrawal pay it once; the same key sent 20 times at once holds once.
 * Collected only when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages } from '../../db/schema/inbox';
import { ledgerTransactions } from '../../db/schema/ledger';
import { withdrawals } from '../../db/schema/withdrawals';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { addTestChannels, balances, memberWithPayee } from './withdrawals.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addTestChannels(t.app);
});
afterAll(async () => {
  await t.close();
});

async function fundedPlayer(amountMinor: number) {
  return memberWithPayee(t.app, { fundsMinor: amountMinor });
}

const withdraw = (
  headers: Record<string, string>,
  payeeId: string,
  amountMinor: number,
  key = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/wallet/withdrawals',
    headers: { ...headers, 'idempotency-key': key },
    payload: { payeeId, amountMinor },
  });

describe('withdrawals on Postgres', () => {
  it('50 concurrent withdrawals of the whole balance: exactly one holds it', async () => {
    const amount = 500_000;
    const p = await fundedPlayer(amount);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(p.headers, p.payeeId, amount)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().errorCode).toBe('wallet.insufficientFunds');
    }
    expect(await balances(t.app, p.id)).toEqual({ cash: 0, hold: amount });
    const rows = await t.app.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, p.id));
    expect(rows).toHaveLength(1);
    await expectSoundLedger(t.app.database.db);
  });

  it('the same key 20 times at once holds once and answers the same withdrawal', async () => {
    const p = await fundedPlayer(300_000);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(p.headers, p.payeeId, 100_000, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((res) => res.json().value.withdrawal.id as string));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => !res.json().value.replayed)).toHaveLength(1);
    expect(await balances(t.app, p.id)).toEqual({ cash: 200_000, hold: 100_000 });
    await expectSoundLedger(t.app.database.db);
  });

  it('20 concurrent approvals of one withdrawal pay it once', async () => {
    const p = await fundedPlayer(200_000);
    const made = await withdraw(p.headers, p.payeeId, 150_000);
    const id = made.json().value.withdrawal.id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/ops/api/wallet/withdrawals/${id}/approve`,
          headers: opsHeaders(),
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await balances(t.app, p.id)).toEqual({ cash: 50_000, hold: 0 });
    const settlements = await t.app.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.source, 'withdrawal:settle'),
          eq(ledgerTransactions.idempotencyKey, id),
        ),
      );
    expect(settlements).toHaveLength(1);
    const notices = await t.app.database.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.memberId, p.id), eq(inboxMessages.topic, 'withdrawal.paid')));
    expect(notices).toHaveLength(1);
    await expectSoundLedger(t.app.database.db);
  });

  it('a cancel racing approvals and rejections: one decision wins, money moves once', async () => {
    const p = await fundedPlayer(200_000);
    const id = (await withdraw(p.headers, p.payeeId, 120_000)).json().value.withdrawal.id as string;
    const calls = Array.from({ length: 15 }, (_, i) => {
      if (i % 3 === 0) {
        return t.app.inject({
          method: 'POST',
          url: `/wps/wallet/withdrawals/${id}/cancel`,
          headers: p.headers,
        });
      }
      return t.app.inject({
        method: 'POST',
        url: `/ops/api/wallet/withdrawals/${id}/${i % 3 === 1 ? 'approve' : 'reject'}`,
        headers: opsHeaders(),
        ...(i % 3 === 2 ? { payload: { reason: 'Checks failed' } } : {}),
      });
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const [row] = await t.app.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, BigInt(id)));
    const expected =
      row!.status === 'paid' ? { cash: 80_000, hold: 0 } : { cash: 200_000, hold: 0 };
    expect(await balances(t.app, p.id)).toEqual(expected);
    await expectSoundLedger(t.app.database.db);
  });
});
