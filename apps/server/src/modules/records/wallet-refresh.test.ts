/**
 * The header's refresh button: `GET /wps/member/wallet?refresh=1` reads the stored balance past
 * the process cache, so a figure the cache still holds (a notice lost while Redis was away, or
 * money moved by a path that forgot to announce it) is corrected at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balanceOf = async (token: string, query = '') =>
  (await t.app.inject({ url: `/wps/member/wallet${query}`, headers: withToken(token) })).json<{
    value: { sumBalance: number };
  }>().value.sumBalance;

describe('GET /wps/member/wallet?refresh=1', () => {
  it('reads past the cached balance and keeps the fresh figure', async () => {
    const { token } = await createMember(t.app);
    const session = await t.app.services.sessions.resolve(token);
    if (!session || session === 'expired') throw new Error('no session');
    expect(await balanceOf(token)).toBe(0);

    // Moved without announcing it: the cache keeps the old figure.
    await t.app.services.ledger.move({
      kind: 'deposit',
      source: 'test',
      key: `refresh-${session.memberId}`,
      request: { amount: 12345 },
      currency: 'BDT',
      memberId: session.memberId,
      legs: [
        { account: { kind: 'cash', ownerId: session.memberId }, amountMinor: 12345n },
        { account: { kind: 'deposits_clearing' }, amountMinor: -12345n },
      ],
    });
    expect(await balanceOf(token)).toBe(0);
    expect(await balanceOf(token, '?refresh=1')).toBe(123.45);
    expect(await balanceOf(token)).toBe(123.45);
  });

  it('refuses an unknown refresh value and needs a session', async () => {
    const { token } = await createMember(t.app);
    const bad = await t.app.inject({
      url: '/wps/member/wallet?refresh=yes',
      headers: withToken(token),
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({ url: '/wps/member/wallet?refresh=1' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ errorCode: 'session.notLoggedIn' });
  });
});
