/**
 * The webhook race on a real Postgres (PGlite runs one query at a time, so it cannot race): the
 * same signed notice delivered 50 times at once credits the deposit exactly once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDepositAnswerSchema } from '@khela/contract/cashier';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import {
  SANDBOX_SECRET,
  balanceOf,
  deliver,
  memberWithId,
  startDeposit,
} from './deposits.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paymentSandboxSecret: SANDBOX_SECRET });
});
afterAll(() => t.close());

describe('the same webhook 50 times at once', () => {
  it('credits the deposit once', async () => {
    const { token, memberId } = await memberWithId(t.app);
    const res = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor: 777_700 });
    const { deposit } = CreateDepositAnswerSchema.parse(res.json().value);
    const notice = {
      ref: deposit.providerRef,
      status: 'paid' as const,
      amountMinor: deposit.amountMinor,
      currency: deposit.currency,
    };

    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(t.app, notice)));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const applied = answers.filter((a) => a.json<{ value: { applied: boolean } }>().value.applied);
    expect(applied).toHaveLength(1);
    expect(await balanceOf(t.app, token)).toBe(7777);

    const counted = await t.database.db.execute<{ transactions: number; entries: number }>(sql`
      select count(distinct tx.id)::int as transactions, count(e.id)::int as entries
      from ledger_transactions tx join ledger_entries e on e.transaction_id = tx.id
      where tx.member_id = ${memberId} and tx.kind = 'deposit'`);
    const rows = (counted as { rows: { transactions: number; entries: number }[] }).rows;
    expect(rows[0]).toEqual({ transactions: 1, entries: 2 });
    const cash = await t.app.services.ledger.balance(
      t.database.db,
      { kind: 'cash', ownerId: memberId },
      'BDT',
    );
    expect(cash).toBe(777_700n);
    await expectSoundLedger(t.database.db);
  });
});
