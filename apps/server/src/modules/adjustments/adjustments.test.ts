import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@khela/contract/operators';
import { rowsOf } from '../../db/client';
import { createMember } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import type { AuditContext } from '../audit/audit.service';
import { balanceOf } from '../game-wallet/game-wallet.test-kit';
import { memberReads } from '../accounts/member-reads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const farida: Actor = { kind: 'operator', id: '11', username: 'farida', role: 'finance' };
const karim: Actor = { kind: 'operator', id: '12', username: 'karim', role: 'finance' };
const as = (actor: Actor): AuditContext => ({ actor, ip: '203.0.113.5', requestId: 'r' });
const THRESHOLD = 1_000_000;

async function member() {
  const { username } = await createMember(t.app);
  const row = await memberReads.byUsername(t.database.db, username);
  return { username, memberId: row!.id };
}
const adjust = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/api/wallet/adjustments?language=EN',
    headers: opsHeaders(),
    payload,
  });
async function auditOf(username: string) {
  return rowsOf<{ action: string; actor_name: string; before: unknown; after: unknown }>(
    await t.database.db.execute(
      sql`select action, actor_name, before, after from audit_events
          where target_type = 'member' and target_id = ${username} order by id`,
    ),
  );
}
async function adjustmentMovements(memberId: bigint) {
  const rows = await t.database.db.execute(
    sql`select count(*)::int as n from ledger_transactions
        where member_id = ${memberId} and kind = 'adjustment'`,
  );
  return rowsOf<{ n: number }>(rows)[0]!.n;
}

describe('adjustments at or below the threshold', () => {
  it('pay at once, once per key, with an audit row of the balance before and after', async () => {
    const { username, memberId } = await member();
    const body = { username, amountMinor: THRESHOLD, reason: 'goodwill', key: randomUUID() };
    const first = await adjust(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      state: 'approved',
      username,
      amountMinor: THRESHOLD,
      balanceMinor: THRESHOLD,
      replayed: false,
    });
    const again = await adjust(body);
    expect(again.json().value).toMatchObject({ balanceMinor: THRESHOLD, replayed: true });
    expect(await balanceOf(t.app, memberId)).toBe(THRESHOLD);
    expect((await adjust({ ...body, amountMinor: 5 })).statusCode).toBe(422);
    expect(await auditOf(username)).toEqual([
      {
        action: 'member.adjust',
        actor_name: 'automation',
        before: expect.objectContaining({ balanceMinor: 0 }),
        after: expect.objectContaining({ balanceMinor: THRESHOLD, amountMinor: THRESHOLD }),
      },
    ]);
  });

  it('need a reason, and refuse a debit below zero', async () => {
    const { username, memberId } = await member();
    const noReason = await adjust({ username, amountMinor: 100, reason: ' ', key: randomUUID() });
    expect(noReason.statusCode).toBe(400);
    const debit = await adjust({ username, amountMinor: -100, reason: 'fix', key: randomUUID() });
    expect(debit.statusCode).toBe(409);
    expect(debit.json().errorCode).toBe('wallet.insufficientFunds');
    expect(await balanceOf(t.app, memberId)).toBe(0);
    expect(await auditOf(username)).toEqual([]);
  });
});

describe('adjustments above the threshold (four eyes)', () => {
  it('wait for approval: 202, nothing moves, listed as waiting', async () => {
    const { username, memberId } = await member();
    const key = randomUUID();
    const res = await adjust({
      username,
      amountMinor: -(THRESHOLD + 1),
      reason: 'chargeback',
      key,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().value).toEqual({
      id: expect.stringMatching(/^\d+$/),
      state: 'waiting',
      username,
      amountMinor: -(THRESHOLD + 1),
      thresholdMinor: THRESHOLD,
    });
    // The same key again answers the same waiting request.
    const again = await adjust({
      username,
      amountMinor: -(THRESHOLD + 1),
      reason: 'chargeback',
      key,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().value.id).toBe(res.json().value.id);
    expect(await balanceOf(t.app, memberId)).toBe(0);
    const waiting = await t.app.inject({
      url: '/ops/api/wallet/adjustments?state=waiting',
      headers: opsHeaders(),
    });
    expect(waiting.json().value.items).toContainEqual(
      expect.objectContaining({
        id: res.json().value.id,
        state: 'waiting',
        requestedBy: 'automation',
      }),
    );
    expect((await auditOf(username)).map((row) => row.action)).toEqual(['adjustment.request']);
  });

  it('are approved by a second named operator, never the one who asked', async () => {
    const { username, memberId } = await member();
    const { adjustments } = t.app.services;
    const asked = await adjustments.request(as(farida), {
      username,
      amountMinor: 2 * THRESHOLD,
      reason: 'tournament prize',
      key: randomUUID(),
    });
    expect(asked.status).toBe(202);
    const id = BigInt(asked.value.id);
    await expect(adjustments.approve(as(farida), id)).rejects.toMatchObject({
      errorCode: 'adjustment.fourEyes',
    });
    await expect(adjustments.approve(as({ kind: 'automation' }), id)).rejects.toMatchObject({
      errorCode: 'adjustment.fourEyes',
    });
    expect(await balanceOf(t.app, memberId)).toBe(0);
    const approved = await adjustments.approve(as(karim), id);
    expect(approved).toMatchObject({
      state: 'approved',
      requestedBy: 'farida',
      decidedBy: 'karim',
      balanceMinor: 2 * THRESHOLD,
    });
    expect(await balanceOf(t.app, memberId)).toBe(2 * THRESHOLD);
    const trail = await auditOf(username);
    expect(trail.map((row) => [row.action, row.actor_name])).toEqual([
      ['adjustment.request', 'farida'],
      ['adjustment.approve', 'karim'],
    ]);
    expect(trail[1]).toMatchObject({
      before: { state: 'waiting', balanceMinor: 0 },
      after: { state: 'approved', balanceMinor: 2 * THRESHOLD },
    });
  });

  it('the automation token asks, a named operator approves; over the API it may not', async () => {
    const { username, memberId } = await member();
    const res = await adjust({
      username,
      amountMinor: THRESHOLD + 5,
      reason: 'cli',
      key: randomUUID(),
    });
    const id = res.json().value.id as string;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/ops/api/wallet/adjustments/${id}/approve?language=EN`,
      headers: opsHeaders(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('adjustment.fourEyes');
    await t.app.services.adjustments.approve(as(karim), BigInt(id));
    expect(await balanceOf(t.app, memberId)).toBe(THRESHOLD + 5);
  });

  it('pay exactly once when approved twice at the same moment', async () => {
    const { username, memberId } = await member();
    const { adjustments } = t.app.services;
    const asked = await adjustments.request(as(farida), {
      username,
      amountMinor: 3 * THRESHOLD,
      reason: 'double click',
      key: randomUUID(),
    });
    const id = BigInt(asked.value.id);
    const both = await Promise.all([
      adjustments.approve(as(karim), id),
      adjustments.approve(as(karim), id),
    ]);
    expect(both.map((row) => row.state)).toEqual(['approved', 'approved']);
    expect(await balanceOf(t.app, memberId)).toBe(3 * THRESHOLD);
    expect(await adjustmentMovements(memberId)).toBe(1);
  });

  it('can be rejected with a reason; a rejected one is never paid', async () => {
    const { username, memberId } = await member();
    const { adjustments } = t.app.services;
    const asked = await adjustments.request(as(farida), {
      username,
      amountMinor: 4 * THRESHOLD,
      reason: 'typo?',
      key: randomUUID(),
    });
    const id = asked.value.id;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/ops/api/wallet/adjustments/${id}/reject`,
      headers: opsHeaders(),
      payload: { reason: 'Amount looks wrong' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      state: 'rejected',
      decidedBy: 'automation',
      decisionReason: 'Amount looks wrong',
    });
    await expect(adjustments.approve(as(karim), BigInt(id))).rejects.toMatchObject({
      errorCode: 'adjustment.decided',
    });
    expect(await balanceOf(t.app, memberId)).toBe(0);
    await expect(adjustments.approve(as(karim), 999_999n)).rejects.toMatchObject({
      errorCode: 'adjustment.notFound',
    });
  });

  it('follow the threshold setting', async () => {
    const { username, memberId } = await member();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/adjustmentApprovalThreshold',
      headers: opsHeaders(),
      payload: { value: 10 * THRESHOLD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await adjust({
      username,
      amountMinor: 5 * THRESHOLD,
      reason: 'big',
      key: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t.app, memberId)).toBe(5 * THRESHOLD);
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/adjustmentApprovalThreshold',
      headers: opsHeaders(),
      payload: { value: THRESHOLD },
    });
  });
});
