/**
 * Upline transfer, referral info, agent home and contract pages through the API. Money is put on
 * balances and bets are posted straight through the ledger (rewards fixtures). PGlite by default;
 * Postgres and Redis when DATABASE_URL and REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { WITHDRAW_LIMITS } from '@khela/contract/withdrawals';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import { agentContractRequests } from '../../db/schema/agents';
import { withToken } from '../../../test/factories';
import { createTestApp, testPasswordHasher, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { bet, dhakaDaysAgo, fund, player, type Player } from '../rewards/rewards.fixtures';
import {
  addTestChannels,
  GOOD_NUMBER,
  setPaymentPassword,
  TEST_CHANNEL,
} from '../withdrawals/withdrawals.fixtures';

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
const transfer = (p: Player, body: unknown, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/transfer-upline?language=EN',
    headers: key === null ? p.headers : { ...p.headers, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
const cash = async (p: Player) =>
  Number(
    await t.app.services.ledger.balance(t.app.database.db, { kind: 'cash', ownerId: p.id }, 'BDT'),
  );
const setType = (p: Player, type: number) =>
  t.app.database.db.update(members).set({ type }).where(eq(members.id, p.id));
const inviteCode = async (p: Player) =>
  (await get('/wps/member/referral', p.headers)).json().value.inviteCode as string;

async function agentWithMember() {
  const agent = await player(t.app);
  await setType(agent, 1);
  const member = await player(t.app, { affiliateCode: await inviteCode(agent) });
  return { agent, member };
}

describe('upline transfer', () => {
  beforeEach(async () => {
    await t.app.services.settings.setFlag('AGETRANSFERUP3', true);
  });

  it('needs a real member and the AGETRANSFERUP3 flag', async () => {
    expect((await get('/wps/member/transfer-upline', {})).statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    expect((await get('/wps/member/transfer-upline', withToken(trial.token))).statusCode).toBe(403);
    const { member } = await agentWithMember();
    await fund(t.app, member.id, 100_000);
    await t.app.services.settings.setFlag('AGETRANSFERUP3', false);
    const info = (await get('/wps/member/transfer-upline', member.headers)).json().value;
    expect(info).toMatchObject({ allowed: false, reason: 'disabled' });
    const res = await transfer(member, { amountMinor: 20_000 });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('feature.disabled');
    expect(await cash(member)).toBe(100_000);
  });

  it('sends cash to the upline once, answers a retry with the first transfer', async () => {
    const { agent, member } = await agentWithMember();
    await fund(t.app, member.id, 100_000);
    const info = (await get('/wps/member/transfer-upline', member.headers)).json().value;
    expect(info).toEqual({
      allowed: true,
      reason: null,
      upline: agent.username.toLowerCase(),
      balanceMinor: 100_000,
      currency: 'BDT',
      minMinor: 10_000,
      maxMinor: 5_000_000,
      paymentPasswordSet: false,
    });
    const key = randomUUID();
    const first = await transfer(member, { amountMinor: 25_000 }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      amountMinor: 25_000,
      upline: agent.username.toLowerCase(),
      balanceMinor: 75_000,
      replayed: false,
    });
    const retry = await transfer(member, { amountMinor: 25_000 }, key);
    expect(retry.json().value).toMatchObject({
      transactionId: first.json().value.transactionId,
      replayed: true,
      balanceMinor: 75_000,
    });
    const reused = await transfer(member, { amountMinor: 30_000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errorCode).toBe('idempotency.mismatch');
    expect(await cash(member)).toBe(75_000);
    expect(await cash(agent)).toBe(25_000);
    expect((await get('/wps/member/wallet', agent.headers)).json().value.sumBalance).toBe(250);
  });

  it('refuses type 2, no upline, too little balance, amounts out of range and bad input', async () => {
    const { member } = await agentWithMember();
    await fund(t.app, member.id, 50_000);

    const poor = await transfer(member, { amountMinor: 60_000 });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({
      errorCode: 'wallet.insufficientFunds',
      message: 'Your balance is not enough for this',
    });
    const small = await transfer(member, { amountMinor: 5_000 });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      errorCode: 'wallet.amountOutOfRange',
      data: { minMinor: 10_000, maxMinor: 5_000_000 },
    });
    expect((await transfer(member, { amountMinor: 20_000 }, null)).statusCode).toBe(400);
    const bad = await transfer(member, { amountMinor: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.amountMinor).toBeDefined();

    await setType(member, 2);
    const typed = await transfer(member, { amountMinor: 20_000 });
    expect(typed.statusCode).toBe(403);
    expect(typed.json()).toMatchObject({
      errorCode: 'upline.typeForbidden',
      message: 'This account type cannot transfer to its upline',
    });
    expect((await get('/wps/member/transfer-upline', member.headers)).json().value).toMatchObject({
      allowed: false,
      reason: 'memberType',
    });

    const loner = await player(t.app);
    await fund(t.app, loner.id, 50_000);
    const none = await transfer(loner, { amountMinor: 20_000 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      errorCode: 'upline.none',
      message: 'Your account has no upline agent to transfer to',
    });
    expect((await get('/wps/member/transfer-upline', loner.headers)).json().value).toMatchObject({
      allowed: false,
      reason: 'noUpline',
      upline: null,
    });
    expect(await cash(member)).toBe(50_000);
    expect(await cash(loner)).toBe(50_000);
  });

  it('asks for the payment password when one is set', async () => {
    const { agent, member } = await agentWithMember();
    await fund(t.app, member.id, 50_000);
    await t.app.database.db
      .update(members)
      .set({ paymentPasswordHash: await testPasswordHasher.hash('246810') })
      .where(eq(members.id, member.id));
    const wrong = await transfer(member, { amountMinor: 20_000, paymentPassword: '111111' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      errorCode: 'wallet.paymentPasswordWrong',
      data: { triesLeft: 4 },
    });
    const right = await transfer(member, { amountMinor: 20_000, paymentPassword: '246810' });
    expect(right.statusCode).toBe(200);
    expect(await cash(agent)).toBe(20_000);
  });

  it('counts payment-password tries together with the withdraw form', async () => {
    await addTestChannels(t.app);
    const { member } = await agentWithMember();
    await fund(t.app, member.id, 100_000);
    await setPaymentPassword(t.app, member.id, '246810');
    const payee = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/payees?language=EN',
      headers: member.headers,
      payload: {
        channelCode: TEST_CHANNEL,
        accountName: 'Rahim Uddin',
        accountNumber: GOOD_NUMBER,
        password: member.password,
      },
    });
    expect(payee.statusCode).toBe(200);
    // All tries but one spent at the withdraw form…
    for (let i = 1; i < WITHDRAW_LIMITS.passwordTries; i += 1) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/wps/wallet/withdrawals?language=EN',
        headers: { ...member.headers, 'idempotency-key': randomUUID() },
        payload: { payeeId: payee.json().value.id, amountMinor: 20_000, paymentPassword: '111111' },
      });
      expect(wrong.json()).toMatchObject({
        errorCode: 'wallet.paymentPasswordWrong',
        data: { triesLeft: WITHDRAW_LIMITS.passwordTries - i },
      });
    }
    // …leave one for the transfer, and then none, even for the right password.
    const last = await transfer(member, { amountMinor: 20_000, paymentPassword: '111111' });
    expect(last.json()).toMatchObject({
      errorCode: 'wallet.paymentPasswordWrong',
      data: { triesLeft: 0 },
    });
    const locked = await transfer(member, { amountMinor: 20_000, paymentPassword: '246810' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('rate.limited');
    expect(await cash(member)).toBe(100_000);
  });
});

describe('referral', () => {
  it("gives the member's code, the registration link path and their upline", async () => {
    expect((await get('/wps/member/referral', {})).statusCode).toBe(401);
    const { agent, member } = await agentWithMember();
    const info = (await get('/wps/member/referral', member.headers)).json().value;
    expect(info.inviteCode).toMatch(/^[A-Z0-9]{4,16}$/);
    expect(info).toMatchObject({
      invitePath: `/m/register?affiliateCode=${info.inviteCode}`,
      currencySymbol: '৳',
      upline: agent.username.toLowerCase(),
      isAgent: false,
    });
    expect((await get('/wps/member/referral', agent.headers)).json().value).toMatchObject({
      upline: null,
      isAgent: true,
    });
  });
});

describe('agent home', () => {
  it('counts the direct downline, and their deposits and turnover in the period', async () => {
    const { agent, member } = await agentWithMember();
    const second = await player(t.app, { affiliateCode: await inviteCode(agent) });
    const grandchild = await player(t.app, { affiliateCode: await inviteCode(member) });
    const outsider = await player(t.app);
    await fund(t.app, member.id, 100_000, 1);
    await bet(t.app, member.id, 'RNG', 30_000, 1);
    await bet(t.app, member.id, 'RNG', 5_000, 1, true);
    await fund(t.app, second.id, 40_000, 10);
    await bet(t.app, second.id, 'LIVE', 20_000, 10);
    await fund(t.app, grandchild.id, 70_000, 1);
    await fund(t.app, outsider.id, 90_000, 1);

    const home = await get('/wps/agent/home', agent.headers);
    expect(home.statusCode).toBe(200);
    expect(home.json().value).toMatchObject({
      currency: 'BDT',
      from: dhakaDaysAgo(6),
      to: dhakaDaysAgo(0),
      teamCount: 2,
      newMembers: 2,
      // Only the first placed a bet in the last 7 days.
      activeMembers: 1,
      depositsMinor: 100_000,
      turnoverMinor: 25_000,
    });
    const listed = home.json().value.members as { username: string; joinedAt: string }[];
    expect(listed).toHaveLength(2);
    expect(listed[0]!.username).toBe(
      `${second.username.toLowerCase().slice(0, 2)}******${second.username.slice(-1)}`,
    );
    expect(listed.map((m) => m.username).join()).not.toContain(second.username.toLowerCase());

    const wide = await get(
      `/wps/agent/home?from=${dhakaDaysAgo(30)}&to=${dhakaDaysAgo(0)}`,
      agent.headers,
    );
    expect(wide.json().value).toMatchObject({
      activeMembers: 2,
      depositsMinor: 140_000,
      turnoverMinor: 45_000,
    });
  });

  it('is for agents only and checks the period', async () => {
    const { agent, member } = await agentWithMember();
    const res = await get('/wps/agent/home', member.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'agent.only',
      // Bengali unless the player asks for English.
      message: 'শুধু এজেন্ট অ্যাকাউন্ট এই পাতাটি খুলতে পারে',
    });
    const backwards = await get(
      `/wps/agent/home?from=${dhakaDaysAgo(0)}&to=${dhakaDaysAgo(3)}`,
      agent.headers,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errorCode).toBe('records.badRange');
    const long = await get(`/wps/agent/home?from=2020-01-01&to=${dhakaDaysAgo(0)}`, agent.headers);
    expect(long.json().errorCode).toBe('records.rangeTooLong');
    const bad = await get('/wps/agent/home?from=yesterday', agent.headers);
    expect(bad.statusCode).toBe(400);
  });
});

describe('agent contracts', () => {
  it("show the operator's terms and the agent's requests", async () => {
    const { agent, member } = await agentWithMember();
    const empty = (await get('/wps/agent/contracts/salary', agent.headers)).json().value;
    expect(empty).toEqual({
      kind: 'salary',
      currency: 'BDT',
      tiers: [
        { turnoverMinor: 10_000_000, amountMinor: 50_000 },
        { turnoverMinor: 50_000_000, amountMinor: 300_000 },
      ],
      requests: [],
    });
    await t.app.database.db.insert(agentContractRequests).values({
      memberId: agent.id,
      kind: 'dividend',
      periodStart: '2026-03-01',
      amountMinor: 120_000n,
      status: 'approved',
    });
    const dividend = (await get('/wps/agent/contracts/dividend', agent.headers)).json().value;
    expect(dividend.tiers[0]).toEqual({ turnoverMinor: 100_000_000, shareBp: 1000 });
    expect(dividend.requests).toMatchObject([
      { status: 'approved', periodStart: '2026-03-01', amountMinor: 120_000 },
    ]);
    expect((await get('/wps/agent/contracts/hourly', member.headers)).statusCode).toBe(403);
    expect((await get('/wps/agent/contracts/weekly', agent.headers)).statusCode).toBe(400);
  });
});
