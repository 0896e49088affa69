/**
 * A deposit limit under a race on a real Postgres: deposits started at the same moment cannot all
 * fit under a limit that has room for only one (the guard runs again with the limits locked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { memberWithId, startDeposit } from './deposits.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a daily deposit limit raced by 10 deposits at once', () => {
  it('lets exactly one through', async () => {
    const { token } = await memberWithId(t.app);
    const limit = await t.app.inject({
      method: 'PUT',
      url: '/wps/protection/deposit-limits?language=EN',
      headers: { token },
      payload: { day: 150_000 },
    });
    expect(limit.statusCode, limit.body).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor: 100_000 }),
      ),
    );

    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.json<{ errorCode: string }>().errorCode)).toEqual(
      Array(9).fill('wallet.depositLimitReached'),
    );
  });
});
