/**
 * The accounts module's surface for other modules (memberReads, memberWrites, the session reads
 * of SessionsService): lists get their names in one query, a search by username ignores case,
 * a broadcast's members leave out trial and disabled accounts, a session is ended only by its
 * own member.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { memberReads } from './member-reads';
import { memberWrites } from './member-writes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.database.db;

async function member(fields: Record<string, unknown> = {}) {
  const made = await createMember(t.app, fields);
  const facts = await memberReads.byUsername(db(), made.username);
  return { ...made, ...facts! };
}

describe('memberReads', () => {
  it('answers the usernames of a whole list in one query, each id once', async () => {
    const [a, b] = [await member(), await member()];
    const select = vi.spyOn(db(), 'select');
    try {
      const names = await memberReads.usernames(db(), [a.id, b.id, a.id, 987_654_321n]);
      expect(select).toHaveBeenCalledTimes(1);
      expect([...names]).toHaveLength(2);
      expect(names.get(a.id)).toBe(a.username.toLowerCase());
      expect(names.get(b.id)).toBe(b.username.toLowerCase());
      // An empty list asks nothing.
      expect(await memberReads.usernames(db(), [])).toEqual(new Map());
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it('finds a member by username whatever its case, with the facts others may read', async () => {
    const a = await member();
    const found = await memberReads.byUsername(db(), a.username.toUpperCase());
    expect(found).toMatchObject({
      id: a.id,
      username: a.username.toLowerCase(),
      type: 0,
      status: 'active',
      uplineId: null,
      paymentPasswordSet: false,
    });
    expect(found!.currency).toMatch(/^[A-Z]{3}$/);
    expect(await memberReads.byUsername(db(), 'nobody-here')).toBeUndefined();
    expect((await memberReads.walletCurrencies(db(), [a.id])).get(a.id)).toBe(found!.currency);
  });

  it('says whether a payment password is set without handing its hash to the facts', async () => {
    const a = await member();
    await memberWrites.setPaymentPassword(db(), a.id, 'not-a-real-hash');
    const facts = await memberReads.member(db(), a.id);
    expect(facts!.paymentPasswordSet).toBe(true);
    expect(facts).not.toHaveProperty('paymentPasswordHash');
    expect((await memberReads.passwords(db(), a.id))!.paymentPasswordHash).toBe('not-a-real-hash');
  });

  it("lists an upline's downline: count, newest first, ids", async () => {
    const upline = await member();
    const first = await member({ affiliateCode: upline.inviteCode });
    const second = await member({ affiliateCode: upline.inviteCode });
    await member(); // someone else's
    expect(await memberReads.downlineCount(db(), upline.id)).toBe(2);
    expect(await memberReads.downlineCount(db(), upline.id, new Date(Date.now() + 60_000))).toBe(0);
    expect((await memberReads.downline(db(), upline.id, 10)).map((m) => m.username)).toEqual([
      second.username.toLowerCase(),
      first.username.toLowerCase(),
    ]);
    expect((await memberReads.downlineIds(db(), upline.id)).sort()).toEqual(
      [first.id, second.id].sort(),
    );
  });

  it('leaves trial and disabled accounts out of who a broadcast reaches', async () => {
    const active = await member();
    const disabled = await member();
    await t.app.inject({
      method: 'PUT',
      url: `/ops/api/members/${disabled.username}`,
      headers: opsHeaders(),
      payload: { status: 'disabled' },
    });
    const trialName = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value
      .userName as string;
    const trial = await memberReads.byUsername(db(), trialName);
    expect(trial?.type).toBe(4);
    const ids = await memberReads.activeRegisteredIds(db());
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(trial!.id);
  });
});

describe('memberWrites and sessions', () => {
  it('locks only a member that exists', async () => {
    const a = await member();
    await db().transaction(async (tx) => {
      expect(await memberWrites.lock(tx, a.id)).toBe(true);
      expect(await memberWrites.lock(tx, 987_654_321n)).toBe(false);
    });
  });

  it("ends a session only for its own member when asked for one member's", async () => {
    const [a, b] = [await member(), await member()];
    const { sessions } = t.app.services;
    const [live] = await sessions.liveOf(db(), b.id, new Date());
    expect(live).toBeDefined();
    expect(await sessions.startedAt(db(), live!.id)).toEqual(live!.createdAt);
    expect(await sessions.revoke(db(), live!.id, 'test', a.id)).toEqual([]);
    expect(await sessions.liveOf(db(), b.id, new Date())).toHaveLength(1);
    expect(await sessions.revoke(db(), live!.id, 'test', b.id)).toHaveLength(1);
    expect(await sessions.liveOf(db(), b.id, new Date())).toHaveLength(0);
  });
});
