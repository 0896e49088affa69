/**
 * The money desk: risk signals on the withdrawal queue, reason templates, decisions on several
 * withdrawals at once (each on its own, with its audit row) and the deposit list.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { solvedCaptcha, STRONG_PASSWORD, uniqueName, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { bet } from '../rewards/rewards.fixtures';
import { addTestChannels, fund, memberId, TEST_CHANNEL } from './withdrawals.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addTestChannels(t.app);
});
afterAll(() => t.close());

interface Player {
  id: bigint;
  username: string;
  headers: Record<string, string>;
  payeeId: string;
}

/** A member registered from `ip`, with money and a payee account. */
async function player(ip: string, fundsMinor: number, accountNumber: string): Promise<Player> {
  const username = uniqueName('desk');
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register?language=EN',
    remoteAddress: ip,
    payload: {
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      ...(await solvedCaptcha(t.app)),
    },
  });
  expect(res.statusCode).toBe(200);
  const headers = withToken(res.json().value.token as string);
  const id = await memberId(t.app, username);
  if (fundsMinor > 0) await fund(t.app, id, fundsMinor);
  const bound = await t.app.inject({
    method: 'POST',
    url: '/wps/wallet/payees',
    headers,
    payload: {
      channelCode: TEST_CHANNEL,
      accountName: 'Karim Ahmed',
      accountNumber,
      password: STRONG_PASSWORD,
    },
  });
  expect(bound.statusCode).toBe(200);
  return { id, username, headers, payeeId: bound.json().value.id as string };
}

async function withdraw(p: Player, amountMinor: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/wallet/withdrawals?language=EN',
    headers: { ...p.headers, 'idempotency-key': randomUUID() },
    payload: { payeeId: p.payeeId, amountMinor },
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.withdrawal.id as string;
}

const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/ops/api/wallet${url}`,
    headers: opsHeaders(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface QueueRow {
  id: string;
  username: string;
  risk: { signals: string[]; facts: Record<string, unknown> };
}
const queue = async () => (await ops('GET', '/withdrawals')).json().value as QueueRow[];

describe('risk signals on the queue', () => {
  it('flag a new player on a shared address with an untouched deposit and a new payee', async () => {
    const twin = await player('203.0.113.7', 0, '01711111111');
    const risky = await player('203.0.113.7', 300_000, '01722222222');
    const id = await withdraw(risky, 100_000);
    const row = (await queue()).find((item) => item.id === id)!;
    expect(row.username).toBe(risky.username);
    expect(row.risk.signals.sort()).toEqual(
      [
        'depositNotTurnedOver',
        'firstWithdrawal',
        'identityNotVerified',
        'newPayee',
        'sharedDeviceOrAddress',
      ].sort(),
    );
    expect(row.risk.facts).toMatchObject({
      paidWithdrawals: 0,
      lastDepositMinor: 300_000,
      betsSinceDepositMinor: 0,
      otherAccounts: [twin.username],
      kycState: 'none',
      usualMinor: null,
    });
  });

  it("flag an amount above the player's usual, and nothing a regular player has not earned", async () => {
    const regular = await player('198.51.100.9', 500_000, '01733333333');
    // An old payee and a deposit played through.
    await t.database.db.execute(
      sql`update payee_accounts set created_at = now() - interval '10 days' where id = ${BigInt(regular.payeeId)}`,
    );
    await bet(t.app, regular.id, 'SLOT', 500_000);
    await fund(t.app, regular.id, 200_000);
    await bet(t.app, regular.id, 'SLOT', 200_000);
    await fund(t.app, regular.id, 300_000);
    await bet(t.app, regular.id, 'SLOT', 300_000);
    await fund(t.app, regular.id, 100_000);
    await bet(t.app, regular.id, 'SLOT', 100_000);
    await fund(t.app, regular.id, 200_000);
    for (const amount of [10_000, 12_000, 20_000]) {
      const paid = await ops('POST', `/withdrawals/${await withdraw(regular, amount)}/approve`);
      expect(paid.json().value.status).toBe('paid');
    }
    const usual = await withdraw(regular, 30_000);
    const above = await withdraw(regular, 40_000);
    const rows = await queue();
    const usualRow = rows.find((item) => item.id === usual)!;
    // Only the last deposit, not played yet, and the identity (never sent) are left.
    expect(usualRow.risk.signals).toEqual(['depositNotTurnedOver', 'identityNotVerified']);
    expect(usualRow.risk.facts).toMatchObject({ paidWithdrawals: 3, usualMinor: 12_000 });
    const aboveRow = rows.find((item) => item.id === above)!;
    expect(aboveRow.risk.signals).toContain('aboveUsual');
    expect(aboveRow.risk.signals).not.toContain('firstWithdrawal');
    expect(aboveRow.risk.signals).not.toContain('newPayee');
    expect(aboveRow.risk.signals).not.toContain('sharedDeviceOrAddress');
  });
});

describe('decisions', () => {
  it('offers reason templates in English and Bengali', async () => {
    const res = await ops('GET', '/reason-templates');
    expect(res.statusCode).toBe(200);
    const templates = res.json().value as Array<{ key: string; EN: string; BN: string }>;
    expect(templates.length).toBeGreaterThan(3);
    expect(templates.find((item) => item.key === 'turnover')).toMatchObject({
      EN: expect.stringContaining('played through'),
      BN: expect.any(String),
    });
  });

  it('decides several at once, each on its own: a bad id never blocks the others', async () => {
    const p = await player('192.0.2.44', 300_000, '01744444444');
    const first = await withdraw(p, 20_000);
    const second = await withdraw(p, 30_000);
    const done = await withdraw(p, 10_000);
    await ops('POST', `/withdrawals/${done}/reject`, { reason: 'earlier' });

    const noReason = await ops('POST', '/withdrawals/decisions', {
      ids: [first],
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);

    const res = await ops('POST', '/withdrawals/decisions?language=EN', {
      ids: [first, '999999999', done, second],
      decision: 'reject',
      reason: 'The account name does not match your registered name.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.results).toEqual([
      { id: first, ok: true, status: 'rejected' },
      { id: '999999999', ok: false, errorCode: 'resource.notFound', message: expect.any(String) },
      { id: done, ok: false, errorCode: 'wallet.notCancellable', message: expect.any(String) },
      { id: second, ok: true, status: 'rejected' },
    ]);
    const audit = rowsOf<{ action: string; target_id: string; actor_name: string }>(
      await t.database.db.execute(
        sql`select action, target_id, actor_name from audit_events where target_type = 'withdrawal' order by id`,
      ),
    ).filter((row) => [first, second, done].includes(row.target_id));
    expect(audit).toEqual([
      // The single rejection before the bulk call; the bulk call adds none for it.
      { action: 'withdrawal.reject', target_id: done, actor_name: 'automation' },
      { action: 'withdrawal.reject', target_id: first, actor_name: 'automation' },
      { action: 'withdrawal.reject', target_id: second, actor_name: 'automation' },
    ]);
    const balance = await t.app.inject({ url: '/wps/member/wallet', headers: p.headers });
    expect(balance.json().value.sumBalance).toBe(3000);

    const third = await withdraw(p, 15_000);
    const approved = await ops('POST', '/withdrawals/decisions', {
      ids: [third, third],
      decision: 'approve',
    });
    expect(approved.json().value.results).toEqual([{ id: third, ok: true, status: 'paid' }]);
  });
});

describe('deposits', () => {
  it('lists deposits with provider, reference and state, filtered', async () => {
    const p = await player('192.0.2.55', 0, '01755555555');
    const made = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/deposits?language=EN',
      headers: { ...p.headers, 'idempotency-key': randomUUID() },
      payload: { channelCode: 'BKASH', amountMinor: 50_000 },
    });
    expect(made.statusCode).toBe(200);
    const deposit = made.json().value.deposit as { id: string; providerRef: string };
    const res = await ops('GET', `/deposits?username=${p.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      list: [
        {
          id: deposit.id,
          username: p.username,
          channelCode: 'BKASH',
          amountMinor: 50_000,
          state: 'pending',
          provider: 'sandbox',
          providerRef: deposit.providerRef,
        },
      ],
      nextCursor: null,
    });
    const paidOnly = await ops('GET', `/deposits?username=${p.username}&state=paid`);
    expect(paidOnly.json().value.list).toEqual([]);
    const page = await ops('GET', '/deposits?limit=1&channel=BKASH');
    expect(page.json().value.list).toHaveLength(1);
    expect((await ops('GET', '/deposits?state=lost')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/ops/api/wallet/deposits' })).statusCode).toBe(401);
  });
});
