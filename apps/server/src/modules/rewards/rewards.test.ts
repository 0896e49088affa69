/**
 * Manual rebate and the reward centre through the API: turnover from bets posted through the
 * ledger by category, rates, Dhaka days, claims once per day with an Idempotency-Key, the flags.
 * PGlite by default; Postgres and Redis when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { bet, dhakaDaysAgo, fund, player, type Player } from './rewards.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectSoundLedger(t.app.database.db);
  await t.close();
});

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });
const claim = (p: Player, body: unknown, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/rewards/rebate/claim?language=EN',
    headers: key === null ? p.headers : { ...p.headers, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
const sumBalance = async (p: Player) =>
  (await get('/wps/member/wallet', p.headers)).json().value.sumBalance as number;

/** Yesterday: slots 1,000.00, live 333.33, sports 500.00 less a 100.00 rollback, an unknown game. */
async function yesterdaysPlay(p: Player) {
  await fund(t.app, p.id, 500_000, 2);
  await bet(t.app, p.id, 'RNG', 60_000, 1);
  await bet(t.app, p.id, 'RNG', 40_000, 1);
  await bet(t.app, p.id, 'LIVE', 33_333, 1);
  await bet(t.app, p.id, 'SPORTS', 50_000, 1);
  await bet(t.app, p.id, 'SPORTS', 10_000, 1, true);
  await bet(t.app, p.id, 'MYSTERY', 20_000, 1);
}

describe('rebate page', () => {
  it('needs a real member', async () => {
    expect((await get('/wps/rewards/rebate', {})).statusCode).toBe(401);
    expect((await get('/wps/rewards', {})).statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    for (const url of ['/wps/rewards/rebate', '/wps/rewards']) {
      const res = await get(url, withToken(trial.token));
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('member.trialForbidden');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/rewards/rebate/claim',
      headers: { ...withToken(trial.token), 'idempotency-key': randomUUID() },
      payload: { periodStart: dhakaDaysAgo(1) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('computes the rebate per day and category at the operator rates', async () => {
    const p = await player(t.app);
    await yesterdaysPlay(p);
    await bet(t.app, p.id, 'LIVE', 10_000, 0);
    await bet(t.app, p.id, 'RNG', 10_000, 3);
    const overview = (await get('/wps/rewards/rebate', p.headers)).json().value;
    expect(overview.currency).toBe('BDT');
    expect(overview.timeZone).toBe('Asia/Dhaka');
    expect(overview.rates).toContainEqual({ category: 'RNG', rateBp: 80 });
    expect(overview.periods).toHaveLength(7);
    const [today, yesterday, , threeAgo, ...rest] = overview.periods;
    expect(today).toMatchObject({
      periodStart: dhakaDaysAgo(0),
      status: 'accruing',
      totalMinor: 50,
      categories: [{ category: 'LIVE', turnoverMinor: 10_000, rateBp: 50, rebateMinor: 50 }],
    });
    expect(yesterday).toMatchObject({
      periodStart: dhakaDaysAgo(1),
      status: 'claimable',
      // 800 + floor(166.665) + 40,000 × 0.3 % = 120; the unknown game earns nothing.
      totalMinor: 800 + 166 + 120,
      categories: [
        { category: 'RNG', turnoverMinor: 100_000, rateBp: 80, rebateMinor: 800 },
        { category: 'LIVE', turnoverMinor: 33_333, rateBp: 50, rebateMinor: 166 },
        { category: 'SPORTS', turnoverMinor: 40_000, rateBp: 30, rebateMinor: 120 },
      ],
      claimedAt: null,
    });
    expect(threeAgo).toMatchObject({ status: 'claimable', totalMinor: 80 });
    expect(rest.every((period: { status: string }) => period.status === 'none')).toBe(true);
    expect(overview.claimableMinor).toBe(1086 + 80);
    expect(overview.history).toEqual([]);
  });

  it('follows a change of the rates', async () => {
    const p = await player(t.app);
    await fund(t.app, p.id, 100_000, 2);
    await bet(t.app, p.id, 'FISH', 50_000, 1);
    await t.app.services.settings.setSetting('rebateRates', { FISH: 200 }, 'EN');
    try {
      const overview = (await get('/wps/rewards/rebate', p.headers)).json().value;
      expect(overview.rates).toEqual([{ category: 'FISH', rateBp: 200 }]);
      expect(overview.periods[1].totalMinor).toBe(1000);
    } finally {
      await t.app.services.settings.setSetting(
        'rebateRates',
        {
          RNG: 80,
          FISH: 80,
          LIVE: 50,
          PVP: 50,
          SPORTS: 30,
          ESPORTS: 30,
          COCKFIGHT: 30,
          LOTT: 20,
          ELOTT: 20,
          BINGO: 50,
          INHOUSE: 60,
        },
        'EN',
      );
    }
  });
});

describe('rebate claim', () => {
  it('credits an ended day once, answers a retry with the first claim and refuses a second', async () => {
    const p = await player(t.app);
    await yesterdaysPlay(p);
    const before = await sumBalance(p);
    const centre = (await get('/wps/rewards', p.headers)).json().value;
    expect(centre).toEqual({
      currency: 'BDT',
      rebateEnabled: true,
      totalMinor: 1086,
      items: [{ kind: 'rebate', periodStart: dhakaDaysAgo(1), amountMinor: 1086 }],
    });

    const key = randomUUID();
    const first = await claim(p, { periodStart: dhakaDaysAgo(1) }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      claim: { periodStart: dhakaDaysAgo(1), amountMinor: 1086, currency: 'BDT' },
      replayed: false,
    });
    expect(await sumBalance(p)).toBeCloseTo(before + 10.86, 2);

    const retry = await claim(p, { periodStart: dhakaDaysAgo(1) }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().value.replayed).toBe(true);
    expect(retry.json().value.claim).toEqual(first.json().value.claim);

    const again = await claim(p, { periodStart: dhakaDaysAgo(1) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'rewards.nothingToClaim',
      message:
        'There is no rebate to claim for this day: it is still running, earned nothing, or was already claimed',
    });
    expect(await sumBalance(p)).toBeCloseTo(before + 10.86, 2);

    const reused = await claim(p, { periodStart: dhakaDaysAgo(2) }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errorCode).toBe('idempotency.mismatch');

    const overview = (await get('/wps/rewards/rebate', p.headers)).json().value;
    expect(overview.periods[1]).toMatchObject({ status: 'claimed', totalMinor: 1086 });
    expect(overview.periods[1].claimedAt).not.toBeNull();
    expect(overview.claimableMinor).toBe(0);
    expect(overview.history).toEqual([first.json().value.claim]);
    expect((await get('/wps/rewards', p.headers)).json().value.items).toEqual([]);
  });

  it('refuses today, a day with nothing, a day outside the window, and bad input', async () => {
    const p = await player(t.app);
    await fund(t.app, p.id, 100_000, 9);
    await bet(t.app, p.id, 'RNG', 50_000, 0);
    await bet(t.app, p.id, 'RNG', 50_000, 8);
    for (const day of [0, 2, 8, -1]) {
      const res = await claim(p, { periodStart: dhakaDaysAgo(day) });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('rewards.nothingToClaim');
    }
    const noKey = await claim(p, { periodStart: dhakaDaysAgo(1) }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errorCode).toBe('idempotency.keyRequired');
    const bad = await claim(p, { periodStart: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.periodStart).toBeDefined();
    expect(await sumBalance(p)).toBe(0);
  });

  it('is closed while MANPLAYREB3 is off, and the reward centre while REWCEN3 is off', async () => {
    const p = await player(t.app);
    await yesterdaysPlay(p);
    await t.app.services.settings.setFlag('MANPLAYREB3', false);
    try {
      expect((await get('/wps/rewards/rebate', p.headers)).json().errorCode).toBe(
        'feature.disabled',
      );
      expect((await claim(p, { periodStart: dhakaDaysAgo(1) })).statusCode).toBe(403);
      expect((await get('/wps/rewards', p.headers)).json().value).toMatchObject({
        rebateEnabled: false,
        items: [],
      });
    } finally {
      await t.app.services.settings.setFlag('MANPLAYREB3', true);
    }
    await t.app.services.settings.setFlag('REWCEN3', false);
    try {
      const res = await get('/wps/rewards', p.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('feature.disabled');
    } finally {
      await t.app.services.settings.setFlag('REWCEN3', true);
    }
  });
});
