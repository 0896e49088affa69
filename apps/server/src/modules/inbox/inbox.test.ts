/**
 * The inbox through the API: operator messages to one member and to all, system messages drawn
 * in the reader's language, unread counts, read marks, paging, isolation between members, and no
 * inbox for guests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? withToken(token) : {} });
const post = (url: string, token: string) =>
  t.app.inject({ method: 'POST', url, headers: withToken(token) });
const send = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/ops/api/inbox', headers: opsHeaders(), payload });
const unread = async (token: string) =>
  (await get('/wps/inbox/unread-count', token)).json().value as number;
const list = async (token: string, query = '') =>
  (await get(`/wps/inbox${query}`, token)).json().value;

async function memberId(token: string): Promise<bigint> {
  return BigInt((await get('/wps/member/info', token)).json().value.id as string);
}

describe('who may read an inbox', () => {
  it('needs a session', async () => {
    const res = await get('/wps/inbox/unread-count?language=EN');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('session.notLoggedIn');
  });

  it('gives guests (trial accounts) none', async () => {
    const trial = (await get('/wps/member/trialuser')).json().value.token as string;
    for (const url of ['/wps/inbox/unread-count', '/wps/inbox', '/wps/member/inbox/unread']) {
      const res = await get(url, trial);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('member.trialForbidden');
    }
    expect((await send({ all: true, title: 'Hi', body: 'All' })).statusCode).toBe(200);
    // A message to everyone skips trial accounts: the guest still has no messages anywhere.
    const result: unknown = await t.database.db.execute(
      `select count(*)::int as count from inbox_messages m join members p on p.id = m.member_id where p.type = 4`,
    );
    expect((result as { rows: Array<{ count: number }> }).rows[0]?.count).toBe(0);
  });

  it('answers 403 feature.disabled while MAILCEN is off', async () => {
    const { token } = await createMember(t.app);
    const flag = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops/api/flags/MAILCEN',
        headers: opsHeaders(),
        payload: { enabled },
      });
    await flag(false);
    try {
      const res = await get('/wps/inbox/unread-count', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('feature.disabled');
    } finally {
      await flag(true);
    }
  });
});

describe('operator messages', () => {
  it('reach one member: unread count, list, read mark, and nobody else', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    expect(await unread(a.token)).toBe(0);

    const sent = await send({ username: a.username, title: 'Bonus', body: 'Your bonus is ready' });
    expect(sent.json().value).toEqual({ sent: 1 });
    expect(await unread(a.token)).toBe(1);
    expect((await get('/wps/member/inbox/unread', a.token)).json().value).toBe(1);
    expect(await unread(b.token)).toBe(0);

    const page = await list(a.token);
    expect(page.unreadCount).toBe(1);
    expect(page.list).toEqual([
      expect.objectContaining({
        sender: 'operator',
        title: 'Bonus',
        body: 'Your bonus is ready',
        read: false,
      }),
    ]);
    const id = page.list[0].id as string;

    // Another member cannot read it or mark it.
    const foreign = await post(`/wps/inbox/${id}/read`, b.token);
    expect(foreign.statusCode).toBe(404);
    expect(await unread(a.token)).toBe(1);
    expect((await list(b.token)).list).toEqual([]);

    const read = await post(`/wps/inbox/${id}/read`, a.token);
    expect(read.json().value).toEqual({ unreadCount: 0 });
    expect((await list(a.token)).list[0].read).toBe(true);
    // Again is harmless.
    expect((await post(`/wps/inbox/${id}/read`, a.token)).statusCode).toBe(200);
  });

  it('reach every member with all: true', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    const res = await send({ all: true, title: 'Maintenance', body: 'Tonight at 2 am' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.sent).toBeGreaterThanOrEqual(2);
    for (const m of [a, b]) {
      expect((await list(m.token)).list[0]).toMatchObject({ title: 'Maintenance', read: false });
    }
  });

  it('refuses bad input and unknown members, writing nothing', async () => {
    const a = await createMember(t.app);
    const neither = await send({ title: 'x', body: 'y' });
    expect(neither.statusCode).toBe(400);
    const both = await send({ username: a.username, all: true, title: 'x', body: 'y' });
    expect(both.statusCode).toBe(400);
    expect((await send({ username: a.username, title: '', body: 'y' })).statusCode).toBe(400);
    const unknown = await send({ username: 'nobody-here-123', title: 'x', body: 'y' });
    expect(unknown.statusCode).toBe(404);
    expect(await unread(a.token)).toBe(0);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/ops/api/inbox',
      payload: { all: true, title: 'x', body: 'y' },
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('system messages', () => {
  it('are drawn from their topic in the reader language', async () => {
    const a = await createMember(t.app);
    await t.app.services.inbox.notify(t.database.db, await memberId(a.token), 'withdrawal.paid', {
      amountMinor: '12345000',
      currency: 'BDT',
    });
    await t.app.services.inbox.notify(t.database.db, await memberId(a.token), 'payee.bound', {
      channel: 'NAGAD',
      channelEn: 'Nagad',
      channelBn: 'নগদ',
      last4: '5678',
    });
    const [payeeEn, en] = (await list(a.token, '?language=EN')).list;
    expect(payeeEn.body).toMatch(/^A Nagad account ending in 5678 was added/);
    expect(en).toMatchObject({
      sender: 'system',
      topic: 'withdrawal.paid',
      title: 'Withdrawal paid',
      body: 'Your withdrawal of ৳123,450.00 has been paid.',
    });
    const [payeeBn, bn] = (await list(a.token, '?language=BN')).list;
    expect(payeeBn.body).toMatch(/^আপনার উত্তোলন অ্যাকাউন্টে 5678 দিয়ে শেষ হওয়া নগদ অ্যাকাউন্ট/);
    expect(bn.title).toBe('উত্তোলন পরিশোধিত');
    // Bengali digits in lakh groups; the account's last digits (an identifier) stay Latin.
    expect(bn.body).toBe('আপনার ৳১,২৩,৪৫০.০০ উত্তোলন পরিশোধ করা হয়েছে।');
  });

  it('read messages stored before amounts were kept in minor units in the reader language', async () => {
    const a = await createMember(t.app);
    await t.app.services.inbox.notify(t.database.db, await memberId(a.token), 'deposit.paid', {
      amount: '2,500.00',
      currency: 'BDT',
    });
    expect((await list(a.token, '?language=EN')).list[0].body).toBe(
      'Your deposit of ৳2,500.00 has been credited to your balance.',
    );
    expect((await list(a.token, '?language=BN')).list[0].body).toBe(
      'আপনার ৳২,৫০০.০০ জমা আপনার ব্যালেন্সে যোগ হয়েছে।',
    );
  });
});

describe('paging and marking all read', () => {
  it('walks older messages by cursor and marks everything read at once', async () => {
    const a = await createMember(t.app);
    for (const n of [1, 2, 3]) await send({ username: a.username, title: `M${n}`, body: 'b' });
    const first = await list(a.token, '?limit=2');
    expect(first.list.map((m: { title: string }) => m.title)).toEqual(['M3', 'M2']);
    expect(first.nextCursor).toBe(first.list[1].id);
    const second = await list(a.token, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.list.map((m: { title: string }) => m.title)).toEqual(['M1']);
    expect(second.nextCursor).toBeNull();
    expect((await get('/wps/inbox?limit=0', a.token)).statusCode).toBe(400);

    expect((await post('/wps/inbox/read-all', a.token)).json().value).toEqual({ unreadCount: 0 });
    expect(await unread(a.token)).toBe(0);
  });
});
