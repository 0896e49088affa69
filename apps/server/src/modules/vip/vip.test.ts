/**
 * VIP levels and progress through the API: levels follow the member's paid deposits and bets in
 * the ledger, progress counts the next level's conditions met, and the spec's rule (1 without a
 * rank label, floor of the percentage) holds.
 */
import { DEFAULT_VIP_LEVELS, rankProgress, type VipLevelSetting } from '@khela/contract/vip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { vipStanding } from './vip-levels';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PROGRESS = '/wps/relay/MCSFE_getPlayerRankProgress';
const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? withToken(token) : {} });
const setFlag = (enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/ops/api/flags/VIPBENEFIT3',
    headers: opsHeaders(),
    payload: { enabled },
  });

async function memberId(token: string): Promise<bigint> {
  return BigInt((await get('/wps/member/info', token)).json().value.id as string);
}

let keys = 0;
async function post(kind: 'deposit' | 'bet' | 'rollback', owner: bigint, amountMinor: bigint) {
  const cash = { kind: 'cash' as const, ownerId: owner };
  const house = { kind: kind === 'deposit' ? ('deposits_clearing' as const) : ('house' as const) };
  // A game's rollback gives a bet's stake back to cash, as a deposit credits it.
  const sign = kind === 'bet' ? -1n : 1n;
  await t.app.services.ledger.move({
    kind,
    source: 'test',
    key: `vip-${(keys += 1)}`,
    request: { kind, owner: owner.toString(), amountMinor: amountMinor.toString() },
    currency: 'BDT',
    memberId: owner,
    legs: [
      { account: cash, amountMinor: sign * amountMinor },
      { account: house, amountMinor: -sign * amountMinor },
    ],
  });
}

describe('the spec progress rule', () => {
  it('is completed / expected, floored as a percentage', () => {
    const at = (completed: number, expected: number) =>
      rankProgress({
        currentProgress: { completedConditions: completed, totalExpectedConditions: expected },
        playerRankProgress: { labelId: 3 },
      });
    expect(at(1, 2)).toEqual({ progress: 0.5, percentage: 50 });
    expect(at(1, 3).percentage).toBe(33);
    expect(at(2, 3).percentage).toBe(66);
    expect(at(0, 2)).toEqual({ progress: 0, percentage: 0 });
  });

  it('is 1 (100 %) when there is no rank label', () => {
    expect(
      rankProgress({
        currentProgress: { completedConditions: 0, totalExpectedConditions: 2 },
        playerRankProgress: { labelId: null },
      }),
    ).toEqual({ progress: 1, percentage: 100 });
    expect(rankProgress({ currentProgress: null, playerRankProgress: null }).percentage).toBe(100);
  });
});

describe('levels from ledger totals', () => {
  const levels: VipLevelSetting[] = [
    { id: 0, name: 'VIP0', depositsMinor: 0, turnoverMinor: 0, benefits: { EN: '', BN: '' } },
    { id: 1, name: 'VIP1', depositsMinor: 100, turnoverMinor: 300, benefits: { EN: '', BN: '' } },
    { id: 2, name: 'VIP2', depositsMinor: 1000, turnoverMinor: 3000, benefits: { EN: '', BN: '' } },
  ];
  it('takes the highest level whose conditions are all met', () => {
    const s = vipStanding(levels, { depositsMinor: 2000n, turnoverMinor: 100n });
    // Deposits are enough for VIP2 but turnover not even for VIP1: the member holds VIP0.
    expect(s.current?.name).toBe('VIP0');
    expect(s.next?.name).toBe('VIP1');
    expect(s.completedConditions).toBe(1);
    expect(s.totalExpectedConditions).toBe(2);
    expect(s.conditions.find((c) => c.kind === 'turnover')?.fraction).toBeCloseTo(1 / 3);
  });
  it('has no next level (no label) at the top', () => {
    const s = vipStanding(levels, { depositsMinor: 5000n, turnoverMinor: 5000n });
    expect(s.current?.name).toBe('VIP2');
    expect(s.next).toBeNull();
    expect(s.totalExpectedConditions).toBe(0);
  });
});

describe('GET /wps/relay/MCSFE_getPlayerRankProgress and /wps/member/vip', () => {
  it('needs a session, and a real member', async () => {
    expect((await get(PROGRESS)).statusCode).toBe(401);
    const trial = (await get('/wps/member/trialuser')).json().value.token as string;
    const res = await get(`${PROGRESS}?language=EN`, trial);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
    expect((await get('/wps/member/vip', trial)).statusCode).toBe(403);
  });

  it('starts a new member at VIP0 with no condition of VIP1 met', async () => {
    const { token } = await createMember(t.app);
    const res = await get(PROGRESS, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().value).toEqual({
      currentProgress: { completedConditions: 0, totalExpectedConditions: 2 },
      playerRankProgress: {
        labelId: 1,
        labelName: 'VIP1',
        currentLabelId: 0,
        currentLabelName: 'VIP0',
      },
    });
    const vip = (await get('/wps/member/vip?language=EN', token)).json().value;
    expect(vip.levels).toHaveLength(6);
    expect(vip.currentLevelId).toBe(0);
    expect(vip.progress).toMatchObject({ progress: 0, percentage: 0 });
  });

  it('moves with paid deposits and bets in the ledger, up to the next level', async () => {
    const { token } = await createMember(t.app);
    const id = await memberId(token);
    // VIP1 asks ৳1,000 of deposits and ৳5,000 of turnover.
    await post('deposit', id, 60_000n);
    await post('deposit', id, 40_000n);
    let vip = (await get('/wps/member/vip?language=EN', token)).json().value;
    expect(vip.depositsMinor).toBe(100_000);
    expect(vip.progress).toMatchObject({
      completedConditions: 1,
      totalExpectedConditions: 2,
      progress: 0.5,
      percentage: 50,
    });
    expect(vip.progress.conditions).toEqual([
      { kind: 'deposits', requiredMinor: 100_000, achievedMinor: 100_000, fraction: 1, met: true },
      { kind: 'turnover', requiredMinor: 500_000, achievedMinor: 0, fraction: 0, met: false },
    ]);

    await post('bet', id, 100_000n);
    vip = (await get('/wps/member/vip', token)).json().value;
    expect(vip.turnoverMinor).toBe(100_000);
    expect(vip.progress.conditions[1].fraction).toBeCloseTo(0.2);
    expect(vip.currentLevelId).toBe(0);

    await post('deposit', id, 400_000n);
    // A voided (rolled-back) bet is no turnover.
    await post('bet', id, 30_000n);
    await post('rollback', id, 30_000n);
    vip = (await get('/wps/member/vip', token)).json().value;
    expect(vip.turnoverMinor).toBe(100_000);
    await post('bet', id, 400_000n);
    const progress = (await get(PROGRESS, token)).json().value;
    expect(progress.playerRankProgress).toMatchObject({ currentLabelName: 'VIP1', labelId: 2 });
    // VIP2: ৳10,000 deposits (has ৳5,000), ৳50,000 turnover (has ৳5,000): none met yet.
    expect(progress.currentProgress).toEqual({
      completedConditions: 0,
      totalExpectedConditions: 2,
    });
  });

  it('shows the top level full: no next label', async () => {
    const { token } = await createMember(t.app);
    const id = await memberId(token);
    await post('deposit', id, 500_000_000n);
    await post('bet', id, 500_000_000n);
    const progress = (await get(PROGRESS, token)).json().value;
    expect(progress.playerRankProgress).toMatchObject({ labelId: null, currentLabelName: 'VIP5' });
    const vip = (await get('/wps/member/vip', token)).json().value;
    expect(vip.progress).toMatchObject({ progress: 1, percentage: 100, conditions: [] });
  });

  it('follows the operator levels setting, and refuses levels that ask less going up', async () => {
    const { token } = await createMember(t.app);
    const levels = [
      {
        id: 10,
        name: 'Bronze',
        depositsMinor: 0,
        turnoverMinor: 0,
        benefits: { EN: 'b', BN: 'ব' },
      },
      {
        id: 11,
        name: 'Gold',
        depositsMinor: 300,
        turnoverMinor: 0,
        benefits: { EN: 'g', BN: 'গ' },
      },
    ];
    const set = (value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops/api/settings/vipLevels',
        headers: opsHeaders(),
        payload: { value },
      });
    const bad = await set([levels[1], levels[0]]);
    expect(bad.statusCode).toBe(400);
    expect((await set(levels)).statusCode).toBe(200);
    try {
      const vip = (await get('/wps/member/vip?language=BN', token)).json().value;
      expect(vip.levels.map((l: { name: string }) => l.name)).toEqual(['Bronze', 'Gold']);
      expect(vip.levels[1].benefits).toBe('গ');
      expect(vip.progress).toMatchObject({ completedConditions: 0, totalExpectedConditions: 1 });
    } finally {
      await set(DEFAULT_VIP_LEVELS);
    }
  });

  it('answers 403 feature.disabled while VIPBENEFIT3 is off', async () => {
    const { token } = await createMember(t.app);
    await setFlag(false);
    try {
      const res = await get(PROGRESS, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('feature.disabled');
    } finally {
      await setFlag(true);
    }
    expect((await get(PROGRESS, token)).statusCode).toBe(200);
  });
});

describe('the header badge: member info clubLabel and VIP renewal', () => {
  const RENEWAL = '/wps/member/vip/renewal';
  const renew = (token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: RENEWAL,
      headers: token ? withToken(token) : {},
      payload: payload as object,
    });

  /** A new member whose header showed VIP0, with a ledger that has since reached VIP1. */
  async function memberPastVip1() {
    const { token } = await createMember(t.app);
    const info = async () => (await get('/wps/member/info', token)).json().value.clubLabel;
    expect(await info()).toEqual({ labelName: 'VIP0', labelId: 0 });
    const id = await memberId(token);
    await post('deposit', id, 500_000n);
    await post('bet', id, 500_000n);
    return { token, id, info };
  }

  it('gives a new member VIP0 and a member who reaches VIP1 the VIP1 badge', async () => {
    const { id, info } = await memberPastVip1();
    // Member info answers from the kept badge (an all-time ledger sum on every call cut it from
    // 28,800 to 690 calls a second), which goes with the member's cached balance: every money
    // movement drops that after its commit, as this does.
    expect(await info()).toEqual({ labelName: 'VIP0', labelId: 0 });
    await t.app.services.balances.changed(id);
    expect(await info()).toEqual({ labelName: 'VIP1', labelId: 1 });
  });

  it('takes the badge a renewal found, also without a money movement announced', async () => {
    const { token, info } = await memberPastVip1();
    const renewed = await renew(token, { knownLabelId: 0 });
    expect(renewed.json().value).toMatchObject({ labelId: 1, changed: true, upgraded: true });
    expect(await info()).toEqual({ labelName: 'VIP1', labelId: 1 });
  });

  it('has no badge for a trial account, which cannot renew', async () => {
    const trial = (await get('/wps/member/trialuser')).json().value.token as string;
    expect((await get('/wps/member/info', trial)).json().value.clubLabel).toBeNull();
    const res = await renew(trial, { knownLabelId: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });

  it('renewal needs a session and a well-formed body', async () => {
    expect((await renew(undefined, { knownLabelId: 0 })).statusCode).toBe(401);
    const { token } = await createMember(t.app);
    expect((await renew(token, { knownLabelId: 'VIP0' })).statusCode).toBe(400);
    expect((await renew(token, { knownLabelId: 0, extra: 1 })).statusCode).toBe(400);
  });

  it('renewal re-evaluates the level and says when it went up', async () => {
    const { token } = await createMember(t.app);
    let res = await renew(token, { knownLabelId: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().value).toEqual({
      clubLabel: { labelName: 'VIP0', labelId: 0 },
      labelId: 0,
      changed: false,
      upgraded: false,
    });
    const id = await memberId(token);
    await post('deposit', id, 5_000_000n);
    await post('bet', id, 5_000_000n);
    res = await renew(token, { knownLabelId: 0 });
    expect(res.json().value).toEqual({
      clubLabel: { labelName: 'VIP2', labelId: 2 },
      labelId: 2,
      changed: true,
      upgraded: true,
    });
    // A client that showed a higher level (the operator raised the bar) learns of a step down.
    expect((await renew(token, { knownLabelId: 4 })).json().value).toMatchObject({
      labelId: 2,
      changed: true,
      upgraded: false,
    });
  });

  it('answers while VIPBENEFIT3 is off: the header shows the level either way', async () => {
    const { token } = await createMember(t.app);
    await setFlag(false);
    try {
      expect((await renew(token, {})).json().value).toMatchObject({ labelId: 0, changed: true });
      expect((await get('/wps/member/info', token)).json().value.clubLabel).toEqual({
        labelName: 'VIP0',
        labelId: 0,
      });
    } finally {
      await setFlag(true);
    }
  });
});
