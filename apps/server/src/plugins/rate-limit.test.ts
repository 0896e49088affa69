import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { max: LIMIT, windowMs: 60_000, auth: 100 } });
});
afterAll(async () => {
  await t.close();
});

/** Each test is its own client address, so each starts with a fresh allowance. */
const from =
  (remoteAddress: string) =>
  (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });

const expectRefused = (res: Awaited<ReturnType<ReturnType<typeof from>>>) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['retry-after']).toBe('60');
  expect(res.json()).toMatchObject({
    errorCode: 'rate.limited',
    data: { retryAfterSeconds: 60 },
    message: expect.any(String),
  });
};

describe('the per-client limit of the player API', () => {
  it('refuses a client over the limit a game-list page the answer cache holds', async () => {
    const page = '/wps/game/list?gameType=RNG&pageNo=1&pageSize=12&language=EN';
    // Another client's call puts the page in the answer cache first.
    expect((await from('10.9.0.1')(page)).statusCode).toBe(200);
    const get = from('10.9.0.2');
    for (let i = 0; i < LIMIT; i += 1) expect((await get(page)).statusCode).toBe(200);
    expectRefused(await get(page));
    // Even to a caller revalidating what it holds.
    const etag = (await from('10.9.0.3')(page)).headers.etag as string;
    expectRefused(await get(page, { 'if-none-match': etag }));
    expect((await from('10.9.0.4')(page)).statusCode).toBe(200);
  });

  it("refuses a client over the limit home's cached announcements", async () => {
    const announcements =
      '/wps/announcement?types=B%2CPL%2CPU&groupName=m_home&platform=M&language=BN';
    expect((await from('10.9.1.1')(announcements)).statusCode).toBe(200);
    const get = from('10.9.1.2');
    for (let i = 0; i < LIMIT; i += 1) expect((await get(announcements)).statusCode).toBe(200);
    expectRefused(await get(announcements));
  });

  it('counts a call that needs a session before its token is looked up', async () => {
    const get = from('10.9.2.1');
    const unknownToken = { token: 'never-issued-token-0123456789abcdefghijklmnop' };
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await get('/wps/member/info', unknownToken)).statusCode).toBe(401);
    }
    expectRefused(await get('/wps/member/info', unknownToken));
  });

  it('leaves the site status, which every open page polls, out of the limit', async () => {
    const get = from('10.9.3.1');
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await get('/wps/system/status')).statusCode).toBe(200);
    }
  });
});
