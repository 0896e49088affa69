/**
 * Payouts through a channel's payout gateway (the sandbox one, steered by the test): approval
 * sends the withdrawal (processing); the gateway's word or the payout pass ends it paid (notice,
 * balance unchanged) or failed (the amount back on the balance exactly once, notice in the
 * player's language); a repeated approval sends nothing; a gateway that is down is asked again
 * later and fails nothing; two passes at once end a payout once. A channel without a payout
 * gateway stays manual. PGlite by default; Postgres and Redis when DATABASE_URL and REDIS_URL
 * are set (there the two passes really run at once).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages } from '../../db/schema/inbox';
import { ledgerTransactions } from '../../db/schema/ledger';
import { withdrawals } from '../../db/schema/withdrawals';
import { SandboxPayoutStandIn } from '../../../test/stand-ins/sandbox-payout';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import {
  GOOD_NUMBER,
  OFF_CHANNEL,
  TEST_CHANNEL,
  addTestChannels,
  balances,
  memberWithPayee,
} from './withdrawals.fixtures';

let t: TestApp;
/** Pays only when told (or when the account ends in 0000: fails at once). */
const sandbox = new SandboxPayoutStandIn({ delayMs: Number.POSITIVE_INFINITY });

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    payouts: {
      gatewayFor: (channelCode) => (channelCode === TEST_CHANNEL ? sandbox : undefined),
      // Every payout is due again at once; the pass runs only when a test runs it.
      timing: { pollMs: 0, retryBaseMs: 0, passEveryMs: 0 },
    },
  });
  await addTestChannels(t.app);
});
afterAll(async () => {
  await expectSoundLedger(t.app.database.db);
  await t.close();
});

async function requested(amountMinor: number, accountNumber = GOOD_NUMBER, funds = 500_000) {
  const { id, headers, payeeId } = await memberWithPayee(t.app, {
    fundsMinor: funds,
    accountNumber,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/wallet/withdrawals',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { payeeId, amountMinor },
  });
  expect(res.statusCode).toBe(200);
  return { memberId: id, headers, withdrawalId: res.json().value.withdrawal.id as string };
}

const approve = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/api/wallet/withdrawals/${id}/approve`,
    headers: opsHeaders(),
  });

async function opsWithdrawal(id: string) {
  const res = await t.app.inject({
    url: '/ops/api/wallet/withdrawals?status=all&limit=200',
    headers: opsHeaders(),
  });
  return (res.json().value as { id: string; status: string; payout: unknown }[]).find(
    (w) => w.id === id,
  )!;
}

async function settlements(id: string) {
  return t.app.database.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.source, 'withdrawal:settle'),
        eq(ledgerTransactions.idempotencyKey, id),
      ),
    );
}

async function notices(memberIdValue: bigint, topic: string) {
  return t.app.database.db
    .select({ params: inboxMessages.params })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.memberId, memberIdValue), eq(inboxMessages.topic, topic)));
}

const pass = () => t.app.services.withdrawals.payoutPass();

describe('payouts through a payout gateway', () => {
  it('approval sends it (processing); once the gateway pays, it is paid: notice, balance unchanged', async () => {
    const p = await requested(120_000);
    const res = await approve(p.withdrawalId);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'processing',
      payout: { provider: 'sandbox', state: 'processing', reason: null, attempts: 1 },
    });
    expect(res.json().value.payout.ref).toMatch(/^SBP-/);
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 380_000, hold: 120_000 });

    // The player sees it on its way, among the withdrawals not paid yet, and cannot cancel it.
    const records = await t.app.inject({ url: '/wps/wallet/withdrawals', headers: p.headers });
    expect(records.json().value.list[0]).toMatchObject({
      id: p.withdrawalId,
      status: 'processing',
    });
    const options = await t.app.inject({ url: '/wps/wallet/withdraw-options', headers: p.headers });
    expect(options.json().value.pending).toMatchObject([
      { id: p.withdrawalId, status: 'processing' },
    ]);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/wps/wallet/withdrawals/${p.withdrawalId}/cancel`,
      headers: p.headers,
    });
    expect(cancel.statusCode).toBe(409);

    // Not paid yet: the pass asks and leaves it processing.
    await pass();
    expect((await opsWithdrawal(p.withdrawalId)).status).toBe('processing');

    sandbox.settle(p.withdrawalId, 'paid');
    await pass();
    expect(await opsWithdrawal(p.withdrawalId)).toMatchObject({
      status: 'paid',
      payout: { provider: 'sandbox', state: 'paid' },
    });
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 380_000, hold: 0 });
    expect(await settlements(p.withdrawalId)).toEqual([{ kind: 'withdrawal.payout' }]);
    expect(await notices(p.memberId, 'withdrawal.paid')).toHaveLength(1);
    expect(sandbox.sends.filter((ref) => ref === p.withdrawalId)).toHaveLength(1);
  });

  it('a failed payout puts the amount back once and tells the player in their language', async () => {
    const p = await requested(150_000);
    await approve(p.withdrawalId);
    sandbox.settle(p.withdrawalId, 'failed', 'wallet account is frozen');
    await pass();
    await pass();
    expect(await opsWithdrawal(p.withdrawalId)).toMatchObject({
      status: 'failed',
      payout: { state: 'failed', reason: 'wallet account is frozen' },
    });
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 500_000, hold: 0 });
    expect(await settlements(p.withdrawalId)).toEqual([{ kind: 'withdrawal.release' }]);
    expect(await notices(p.memberId, 'withdrawal.failed')).toHaveLength(1);

    const inbox = await t.app.inject({ url: '/wps/inbox?language=BN', headers: p.headers });
    const notice = (
      inbox.json().value.list as { topic: string; title: string; body: string }[]
    ).find((m) => m.topic === 'withdrawal.failed');
    expect(notice?.title).toBe('উত্তোলন পরিশোধ হয়নি');
    expect(notice?.body).toContain('৳১,৫০০.০০');
    expect(notice?.body).toContain('5678');
    const english = await t.app.inject({ url: '/wps/inbox?language=EN', headers: p.headers });
    expect(english.json().value.list[0].title).toBe('Withdrawal not paid');
  });

  it('a payout the gateway refuses at once ends failed in the approval itself', async () => {
    const p = await requested(100_000, '01712340000');
    const res = await approve(p.withdrawalId);
    expect(res.json().value).toMatchObject({
      status: 'failed',
      payout: { state: 'failed', reason: 'no such wallet account' },
    });
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 500_000, hold: 0 });
  });

  it('an approval sent again (or at once) sends the payout once', async () => {
    const p = await requested(110_000);
    const answers = await Promise.all([approve(p.withdrawalId), approve(p.withdrawalId)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const again = await approve(p.withdrawalId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'wallet.notCancellable',
      data: { status: 'processing' },
    });
    expect(sandbox.sends.filter((ref) => ref === p.withdrawalId)).toHaveLength(1);
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 390_000, hold: 110_000 });
  });

  it('a gateway that is down fails nothing: the payout is sent again later and paid once', async () => {
    const p = await requested(130_000);
    sandbox.unavailable(1);
    const res = await approve(p.withdrawalId);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'processing',
      payout: { state: 'sending', ref: null, attempts: 1 },
    });
    expect(res.json().value.payout.reason).toMatch(/down/);
    expect(sandbox.sends.filter((ref) => ref === p.withdrawalId)).toHaveLength(0);

    await pass();
    expect(await opsWithdrawal(p.withdrawalId)).toMatchObject({
      status: 'processing',
      payout: { state: 'processing', reason: null },
    });
    // Down again while it is processing: still processing, nothing moved.
    sandbox.unavailable(1);
    await pass();
    expect((await opsWithdrawal(p.withdrawalId)).status).toBe('processing');
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 370_000, hold: 130_000 });

    sandbox.settle(p.withdrawalId, 'paid');
    await pass();
    expect((await opsWithdrawal(p.withdrawalId)).status).toBe('paid');
    expect(sandbox.sends.filter((ref) => ref === p.withdrawalId)).toHaveLength(1);
    expect(await settlements(p.withdrawalId)).toHaveLength(1);
  });

  it('two payout passes at once end a payout once', async () => {
    const p = await requested(140_000);
    await approve(p.withdrawalId);
    sandbox.settle(p.withdrawalId, 'failed', 'refused by the wallet');
    const [a, b] = await Promise.all([pass(), pass()]);
    expect(a.looked + b.looked).toBeGreaterThanOrEqual(1);
    expect((await opsWithdrawal(p.withdrawalId)).status).toBe('failed');
    expect(await settlements(p.withdrawalId)).toHaveLength(1);
    expect(await notices(p.memberId, 'withdrawal.failed')).toHaveLength(1);
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 500_000, hold: 0 });
  });

  it('a channel without a payout gateway stays manual: approval marks it paid', async () => {
    const p = await requested(100_000);
    // The withdrawal moved to a channel without a payout gateway (only the code matters here).
    await t.app.database.db
      .update(withdrawals)
      .set({ channelCode: OFF_CHANNEL })
      .where(eq(withdrawals.id, BigInt(p.withdrawalId)));
    const res = await approve(p.withdrawalId);
    expect(res.json().value).toMatchObject({ status: 'paid', payout: null });
    expect(await balances(t.app, p.memberId)).toEqual({ cash: 400_000, hold: 0 });
  });
});
