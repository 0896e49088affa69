import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createMember, latestOutbox, signIn, uniqueName } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { signInOperator } from '../operators/operators.test-kit';
import { trustedDevicesRepository } from '../security/trusted-devices.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ops = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/ops/api${url}`,
    headers: opsHeaders(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const search = async (by: string, q: string) => {
  const res = await ops('GET', `/members?by=${by}&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.items as { username: string }[]).map((hit) => hit.username);
};
async function contacts(username: string, mobileNum: string | null, email: string | null) {
  await t.database.db.execute(
    sql`update members set country_dialing_code = ${mobileNum ? '+880' : null},
        mobile_num = ${mobileNum}, email = ${email} where username = ${username}`,
  );
}
async function auditRows(action: string, username: string) {
  return rowsOf<{ actor_name: string; before: unknown; after: unknown; reason: string | null }>(
    await t.database.db.execute(
      sql`select actor_name, before, after, reason from audit_events
          where action = ${action} and target_id = ${username} order by id`,
    ),
  );
}
async function fund(username: string, amountMinor: number) {
  const res = await ops('POST', '/wallet/adjustments', {
    username,
    amountMinor,
    reason: 'welcome credit',
    key: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('member search', () => {
  let rahim: string;
  let rahima: string;
  beforeAll(async () => {
    rahim = (await createMember(t.app, { username: uniqueName('rhm') })).username;
    rahima = (await createMember(t.app, { username: `${rahim}a` })).username;
    await contacts(rahim, '1712345678', 'Rahim.Uddin@Example.com');
    await contacts(rahima, '1812345678', 'rahima@example.org');
  });

  it('finds by username prefix, whatever the case, and nothing for an unknown prefix', async () => {
    expect(await search('username', rahim.toUpperCase())).toEqual([rahim, rahima]);
    expect(await search('username', `${rahim}a`)).toEqual([rahima]);
    expect(await search('username', 'nobody-by-this-name')).toEqual([]);
    // LIKE's own wildcards are taken literally.
    expect(await search('username', '%')).toEqual([]);
  });

  it('finds by mobile as typed: with +880, with the leading 0, or a prefix', async () => {
    expect(await search('mobile', '+880 1712-345678')).toEqual([rahim]);
    expect(await search('mobile', '01712345')).toEqual([rahim]);
    expect(await search('mobile', '18123')).toEqual([rahima]);
    expect(await search('mobile', '01999')).toEqual([]);
  });

  it('finds by e-mail prefix, whatever the case', async () => {
    expect(await search('email', 'rahim.uddin@EXAMPLE')).toEqual([rahim]);
    expect(await search('email', 'nobody@')).toEqual([]);
  });

  it('finds by id exactly', async () => {
    const id = (await ops('GET', `/members/${rahim}`)).json().value.id as string;
    expect(await search('id', id)).toEqual([rahim]);
    expect(await search('id', `${id}99`)).toEqual([]);
    expect(await search('id', 'abc')).toEqual([]);
  });

  it('finds by address, exact or by prefix, and by the device the client sent', async () => {
    await signIn(t.app, rahim, 'Sundarban-Tiger-42', {}, '198.51.100.23');
    const device = `dev-${randomUUID()}`;
    await t.app.inject({
      method: 'POST',
      url: '/wps/session/login?language=EN',
      payload: { type: 'username', username: rahima, password: 'Sundarban-Tiger-42' },
      headers: { 'x-device-id': device },
      remoteAddress: '198.51.100.99',
    });
    expect(await search('ip', '198.51.100.23')).toEqual([rahim]);
    expect(await search('ip', '198.51.100.')).toEqual([rahima, rahim]);
    expect(await search('ip', '198.51.100.2')).toEqual([]);
    expect(await search('ip', '198.51.*')).toEqual([rahima, rahim]);
    expect(await search('device', device)).toEqual([rahima]);
    expect(await search('device', 'dev-unknown-device')).toEqual([]);
  });

  it('answers each hit with contacts, status, balance and dates', async () => {
    await fund(rahim, 1_234_56);
    const res = await ops('GET', `/members?by=username&q=${rahim}&limit=1`);
    expect(res.json().value.items).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        username: rahim,
        mobile: '+880 1712345678',
        email: 'Rahim.Uddin@Example.com',
        status: 'active',
        balanceMinor: 1_234_56,
        currency: 'BDT',
        createdAt: expect.any(String),
        lastLoginAt: expect.any(String),
      },
    ]);
  });

  it('needs the operator token and a known key', async () => {
    const anonymous = await t.app.inject({ url: '/ops/api/members?q=a' });
    expect(anonymous.statusCode).toBe(401);
    expect((await ops('GET', '/members?q=a&by=nickname')).statusCode).toBe(400);
    const missing = await ops('GET', '/members?by=username&language=EN');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toHaveProperty('q');
  });
});

describe("a member's page", () => {
  let agent: { username: string; password: string };
  let player: { username: string; password: string; token: string };
  beforeAll(async () => {
    agent = await createMember(t.app, { username: uniqueName('agt') });
    const [code] = rowsOf<{ invite_code: string }>(
      await t.database.db.execute(
        sql`select invite_code from members where username = ${agent.username}`,
      ),
    );
    player = await createMember(t.app, {
      username: uniqueName('pg'),
      affiliateCode: code!.invite_code,
    });
    await fund(player.username, 500_00);
    await fund(player.username, 20_00);
  });

  it('sums up balance, status, upline, registration and counts', async () => {
    const res = await ops('GET', `/members/${player.username.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      username: player.username,
      status: 'active',
      balanceMinor: 520_00,
      upline: { username: agent.username },
      downlineCount: 0,
      registration: { at: expect.any(String), method: 'H5' },
      tags: [],
      counts: { deposits: 0, withdrawals: 0, activeSessions: 1, notes: 0 },
    });
    const upline = (await ops('GET', `/members/${agent.username}`)).json().value;
    expect(upline.downlineCount).toBe(1);
    expect((await ops('GET', '/members/nobody-here')).statusCode).toBe(404);
  });

  it('pages the ledger newest first, filtered by kind', async () => {
    const first = await ops('GET', `/members/${player.username}/ledger?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().value;
    expect(page1.items).toMatchObject([
      {
        kind: 'adjustment',
        ledgerKind: 'adjustment',
        amountMinor: 20_00,
        balanceAfterMinor: 520_00,
      },
    ]);
    const page2 = (
      await ops('GET', `/members/${player.username}/ledger?limit=1&before=${page1.nextBefore}`)
    ).json().value;
    expect(page2.items).toMatchObject([{ amountMinor: 500_00 }]);
    const bets = (await ops('GET', `/members/${player.username}/ledger?kind=bet`)).json().value;
    expect(bets).toEqual({ items: [], nextBefore: null });
  });

  it("filters a member's deposits by state and time, and pages them below a cursor", async () => {
    const payer = await createMember(t.app, { username: uniqueName('dep') });
    const db = t.database.db;
    const [channel] = rowsOf<{ code: string }>(
      await db.execute(sql`select code from payment_channels order by code limit 1`),
    );
    const ids: string[] = [];
    for (const [status, at] of [
      ['paid', '2025-01-01T00:00:00Z'],
      ['pending', '2025-07-01T00:00:00Z'],
      ['failed', '2025-08-01T00:00:00Z'],
    ] as const) {
      const ref = randomUUID().slice(0, 16);
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into deposits (member_id, channel_code, amount_minor, currency, status, provider,
                                provider_ref, our_ref, idempotency_key, fingerprint, created_at)
          select id, ${channel!.code}, 100000, 'BDT', ${status}, 'sandbox', ${ref}, ${ref}, ${ref},
                 'x', ${at}::timestamptz
          from members where username = ${payer.username}
          returning id::text as id`),
      );
      ids.push(row!.id);
    }
    const list = async (query: string) => {
      const res = await ops('GET', `/members/${payer.username}/deposits?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const value = res.json().value as { items: { id: string }[]; nextBefore: string | null };
      return { ids: value.items.map((item) => item.id), nextBefore: value.nextBefore };
    };
    const [paid, pending, failed] = ids;
    expect((await list('status=paid')).ids).toEqual([paid]);
    expect((await list('from=2025-06-01T00:00:00Z')).ids).toEqual([failed, pending]);
    expect((await list('to=2025-07-01T00:00:00Z')).ids).toEqual([paid]);
    const first = await list('limit=2');
    expect(first.ids).toEqual([failed, pending]);
    expect((await list(`limit=2&before=${first.nextBefore}`)).ids).toEqual([paid]);
  });

  it('lists deposits, withdrawals and rounds (none yet), logins and live sessions', async () => {
    for (const list of ['deposits', 'withdrawals', 'rounds']) {
      const res = await ops('GET', `/members/${player.username}/${list}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toEqual({ items: [], nextBefore: null });
    }
    await t.app.inject({
      method: 'POST',
      url: '/wps/session/login?language=EN',
      payload: { type: 'username', username: player.username, password: player.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10; SM-A105F)' },
      remoteAddress: '192.0.2.44',
    });
    const logins = (await ops('GET', `/members/${player.username}/logins`)).json().value;
    expect(logins.items).toMatchObject([
      {
        kind: 'login',
        ip: '192.0.2.44',
        userAgent: 'Mozilla/5.0 (Linux; Android 10; SM-A105F)',
        deviceId: expect.stringMatching(/^ua:[0-9a-f]{32}$/),
      },
      { kind: 'register', ip: '127.0.0.1' },
    ]);
    const sessions = (await ops('GET', `/members/${player.username}/sessions`)).json().value;
    expect(sessions.items).toHaveLength(2);
    expect(sessions.items[0]).toMatchObject({ kind: 'member', ip: '192.0.2.44' });
  });

  it('finds other accounts seen on the same address, saying which, how often and when', async () => {
    const other = await createMember(t.app, { username: uniqueName('lnk') });
    await signIn(t.app, player.username, player.password, {}, '203.0.113.77');
    const before = Date.now();
    await signIn(t.app, other.username, other.password, {}, '203.0.113.77');
    await signIn(t.app, other.username, other.password, {}, '203.0.113.77');
    const res = await ops('GET', `/members/${player.username}/linked`);
    expect(res.statusCode, res.body).toBe(200);
    const linked = res.json().value.items as {
      username: string;
      lastSeenAt: string;
      via: { kind: string; value: string; logins: number; lastSeenAt: string }[];
    }[];
    const found = linked.find((item) => item.username === other.username);
    expect(found).toMatchObject({
      status: 'active',
      via: expect.arrayContaining([
        { kind: 'ip', value: '203.0.113.77', logins: 2, lastSeenAt: expect.any(String) },
      ]),
    });
    const onAddress = found!.via.find((shared) => shared.value === '203.0.113.77')!;
    expect(Date.parse(onAddress.lastSeenAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(found!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(onAddress.lastSeenAt));
    expect(linked.some((item) => item.username === player.username)).toBe(false);
  });

  it('links by a device the client sent, never by a user agent alone', async () => {
    const [a, b, c] = await Promise.all(
      ['dva', 'dvb', 'dvc'].map((prefix) => createMember(t.app, { username: uniqueName(prefix) })),
    );
    const login = (username: string, ip: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login?language=EN',
        payload: { type: 'username', username, password: 'Sundarban-Tiger-42' },
        headers,
        remoteAddress: ip,
      });
    const phone = 'Mozilla/5.0 (Linux; Android 13; Redmi Note 12)';
    const device = `dev-${randomUUID()}`;
    await login(a!.username, '192.0.2.1', { 'user-agent': phone, 'x-device-id': device });
    await login(b!.username, '192.0.2.2', { 'user-agent': phone, 'x-device-id': device });
    await login(c!.username, '192.0.2.3', { 'user-agent': phone });
    const linked = (await ops('GET', `/members/${a!.username}/linked`)).json().value.items as {
      username: string;
      via: { kind: string; value: string; logins: number; lastSeenAt: string }[];
    }[];
    const via = (username: string) => linked.find((item) => item.username === username)?.via ?? [];
    expect(via(b!.username)).toContainEqual({
      kind: 'device',
      value: device,
      logins: 1,
      lastSeenAt: expect.any(String),
    });
    // c shares only the phone model (and the test's registration address), not a device.
    expect(via(c!.username).filter((shared) => shared.kind === 'device')).toEqual([]);
    // The user agent's hash is still searchable as a device.
    const logins = (await ops('GET', `/members/${c!.username}/logins?limit=1`)).json().value;
    expect(await search('device', logins.items[0].deviceId)).toContain(c!.username);
  });
});

describe('actions on a member, each in the audit trail', () => {
  let member: { username: string; password: string; token: string };
  beforeAll(async () => {
    member = await createMember(t.app, { username: uniqueName('act') });
  });

  it('keeps notes with their author, newest first', async () => {
    expect((await ops('POST', `/members/${member.username}/notes`, { text: ' ' })).statusCode).toBe(
      400,
    );
    await ops('POST', `/members/${member.username}/notes`, { text: 'Called about a bonus' });
    const added = await ops('POST', `/members/${member.username}/notes`, {
      text: 'Asked for a limit',
    });
    expect(added.statusCode, added.body).toBe(200);
    const notes = (await ops('GET', `/members/${member.username}/notes`)).json().value.items;
    expect(notes).toMatchObject([
      { text: 'Asked for a limit', author: 'automation' },
      { text: 'Called about a bonus', author: 'automation' },
    ]);
    expect(await auditRows('member.note', member.username)).toMatchObject([
      { actor_name: 'automation', after: { text: 'Called about a bonus' } },
      { actor_name: 'automation', after: { text: 'Asked for a limit' } },
    ]);
  });

  it('replaces tags, with before and after', async () => {
    await ops('PUT', `/members/${member.username}/tags`, { tags: ['vip', 'watch'] });
    const res = await ops('PUT', `/members/${member.username}/tags`, {
      tags: ['vip', 'bonus-abuse'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.tags.sort()).toEqual(['bonus-abuse', 'vip']);
    const rows = await auditRows('member.tags', member.username);
    expect(rows[1]).toMatchObject({
      before: { tags: expect.arrayContaining(['vip', 'watch']) },
      after: { tags: ['vip', 'bonus-abuse'] },
    });
    const summary = (await ops('GET', `/members/${member.username}`)).json().value;
    expect(summary.tags.sort()).toEqual(['bonus-abuse', 'vip']);
  });

  it('refuses a status change without a reason, in English and Bengali', async () => {
    const en = await t.app.inject({
      method: 'POST',
      url: `/ops/api/members/${member.username}/status?language=EN`,
      headers: opsHeaders(),
      payload: { status: 'disabled' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      errorCode: 'member.reasonRequired',
      message: 'Give a reason for this change',
    });
    const bn = await t.app.inject({
      method: 'POST',
      url: `/ops/api/members/${member.username}/status?language=BN`,
      headers: opsHeaders(),
      payload: { status: 'disabled', reason: '   ' },
    });
    expect(bn.statusCode).toBe(400);
    expect(bn.json().message).toBe('এই পরিবর্তনের একটি কারণ লিখুন');
    expect(await auditRows('member.status', member.username)).toEqual([]);
  });

  it('disables with a reason: sessions end, the change is in the trail', async () => {
    const res = await ops('POST', `/members/${member.username}/status`, {
      status: 'disabled',
      reason: 'Chargeback fraud',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      username: member.username,
      status: 'disabled',
      sessionsEnded: 1,
    });
    const wallet = await t.app.inject({
      url: '/wps/member/wallet',
      headers: { token: member.token },
    });
    expect(wallet.statusCode).toBe(401);
    expect(await auditRows('member.status', member.username)).toEqual([
      {
        actor_name: 'automation',
        before: { status: 'active' },
        after: { status: 'disabled' },
        reason: 'Chargeback fraud',
      },
    ]);
    await ops('POST', `/members/${member.username}/status`, {
      status: 'active',
      reason: 'Cleared',
    });
    expect((await ops('GET', `/members/${member.username}`)).json().value.status).toBe('active');
  });

  it("ends the player's sessions now", async () => {
    const login = await signIn(t.app, member.username, member.password);
    const token = login.json().value.token as string;
    const res = await ops('POST', `/members/${member.username}/sessions/end`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ ended: 1 });
    const wallet = await t.app.inject({ url: '/wps/member/wallet', headers: { token } });
    expect(wallet.statusCode).toBe(401);
    expect(await auditRows('member.sessions.end', member.username)).toMatchObject([
      { after: { sessionsEnded: 1 } },
    ]);
  });

  it('sends a password reset to the e-mail, or says there is nowhere to send it', async () => {
    const none = await ops('POST', `/members/${member.username}/password-reset`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().errorCode).toBe('member.noContact');
    const email = `${member.username}@example.com`;
    await contacts(member.username, null, email);
    const res = await ops('POST', `/members/${member.username}/password-reset`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ channel: 'email', to: email });
    const [mail] = await latestOutbox(t.app, email);
    expect(mail?.body).toContain('resetToken=');
    expect(await auditRows('member.password.reset', member.username)).toMatchObject([
      { after: { channel: 'email', to: email } },
    ]);
  });
});

describe("a member's trusted devices", () => {
  const PHONE_UA =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
  async function memberWithDevices() {
    const member = await createMember(t.app, { username: uniqueName('dev') });
    const row = await t.database.db.execute(
      sql`select id from members where username = ${member.username}`,
    );
    const memberId = BigInt(rowsOf<{ id: string }>(row)[0]!.id);
    for (const [deviceId, network] of [
      ['phone-1', '203.0.113.0/24'],
      ['laptop-1', '198.51.100.0/24'],
    ] as const) {
      await trustedDevicesRepository.trust(t.database.db, {
        memberId,
        deviceId,
        network,
        userAgent: deviceId === 'phone-1' ? PHONE_UA : null,
      });
    }
    // The phone was last seen yesterday: the laptop comes first.
    await t.database.db.execute(
      sql`update trusted_devices set last_seen_at = now() - interval '1 day'
          where member_id = ${memberId} and device_id = 'phone-1'`,
    );
    return { member, memberId };
  }

  it('lists them, the most recently seen first, and removes one with an audit row', async () => {
    const { member, memberId } = await memberWithDevices();
    const list = await ops('GET', `/members/${member.username}/trusted-devices`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().value.items as { id: string; network: string }[];
    expect(items.map((item) => item.network)).toEqual(['198.51.100.0/24', '203.0.113.0/24']);
    expect(items[1]).toMatchObject({ userAgent: PHONE_UA, device: { os: expect.any(String) } });

    const phone = items[1]!.id;
    const removed = await ops('DELETE', `/members/${member.username}/trusted-devices/${phone}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().value).toEqual({ removed: true });
    const after = (await ops('GET', `/members/${member.username}/trusted-devices`)).json().value;
    expect(after.items.map((item: { id: string }) => item.id)).toEqual([items[0]!.id]);
    expect(
      await trustedDevicesRepository.byDevice(t.database.db, memberId, 'phone-1'),
    ).toMatchObject({ removedAt: expect.any(Date) });
    expect(await auditRows('member.trustedDevice.remove', member.username)).toMatchObject([
      { before: { trustedDevice: phone } },
    ]);
    // Removed already: nothing to remove.
    const again = await ops('DELETE', `/members/${member.username}/trusted-devices/${phone}`);
    expect(again.statusCode).toBe(404);
  });

  it("refuses another member's device, a bad id, an unknown member and a viewer", async () => {
    const { member } = await memberWithDevices();
    const other = await memberWithDevices();
    const [theirs] = (await ops('GET', `/members/${other.member.username}/trusted-devices`)).json()
      .value.items as { id: string }[];
    const crossed = await ops(
      'DELETE',
      `/members/${member.username}/trusted-devices/${theirs!.id}`,
    );
    expect(crossed.statusCode).toBe(404);
    expect(
      (await ops('DELETE', `/members/${member.username}/trusted-devices/not-a-uuid`)).statusCode,
    ).toBe(400);
    expect((await ops('GET', '/members/nobody-by-this-name/trusted-devices')).statusCode).toBe(404);
    expect(await auditRows('member.trustedDevice.remove', member.username)).toEqual([]);

    const viewer = await signInOperator(t.app, 'viewer');
    const read = await t.app.inject({
      url: `/ops/api/members/${member.username}/trusted-devices`,
      headers: viewer.headers,
    });
    expect(read.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/ops/api/members/${other.member.username}/trusted-devices/${theirs!.id}`,
      headers: viewer.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('ops.forbidden');
    const anonymous = await t.app.inject({
      url: `/ops/api/members/${member.username}/trusted-devices`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
