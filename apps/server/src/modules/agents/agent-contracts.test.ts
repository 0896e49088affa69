/**
 * The agent portal through the API: the agent login, what a contract pays for a period (from a
 * ledger the test writes at known instants), the payment request lifecycle (request, approve
 * once, reject with a reason), the operator permission and audit rows, and the contract-request
 * check with its skipped member types. PGlite by default; Postgres when DATABASE_URL is set (the
 * concurrent double approval then races two real connections).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, siteDay, siteDayStart } from '@khela/contract/date';
import { DEFAULT_AGENT_CONTRACT_TERMS } from '@khela/contract/rewards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { signIn } from '../../../test/factories';
import { createTestApp, opsHeaders, testConfig, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { backdateMovement } from '../ledger/demo-history';
import { signInOperator } from '../operators/operators.test-kit';
import { player, type Player } from '../rewards/rewards.fixtures';
import { contractPay } from './agents.service';
import { seedDemoData } from '../../db/seed/seed';
import { DEMO_AGENT, DEMO_AGENT_PASSWORD, demoAgentSeeder } from '../accounts/demo-agent';
import { testPasswordHasher } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Every team member registers (a captcha each): more than the per-minute auth limit allows.
  t = await createTestApp({ rateLimit: { ...testConfig().rateLimit, auth: 500 } });
});
afterAll(async () => {
  await expectSoundLedger(t.app.database.db);
  await t.close();
});

const HOUR = 3_600_000;
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const setType = (p: { username: string }, type: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/api/members/${p.username}`,
    headers: opsHeaders(),
    payload: { type },
  });
const cash = async (id: bigint) =>
  Number(
    await t.app.services.ledger.balance(t.app.database.db, { kind: 'cash', ownerId: id }, 'BDT'),
  );

/** A deposit, bet or win on the member's cash account, dated `at`. */
async function moveAt(kind: 'deposit' | 'bet' | 'win', id: bigint, amount: number, at: Date) {
  const minor = BigInt(kind === 'bet' ? -amount : amount);
  const posted = await t.app.services.ledger.move({
    kind,
    source: 'test:agents',
    key: randomUUID(),
    request: { key: randomUUID() },
    currency: 'BDT',
    memberId: id,
    ...(kind !== 'deposit' && { reference: { category: 'RNG' } }),
    legs: [
      { account: { kind: 'cash', ownerId: id }, amountMinor: minor },
      {
        account: { kind: kind === 'deposit' ? 'deposits_clearing' : 'house' },
        amountMinor: -minor,
      },
    ],
  });
  await backdateMovement(t.app.database.db, posted.transactionId, at);
}

/** An agent (type 1) with `size` direct team members. */
async function agentWithTeam(size = 1) {
  const agent = await player(t.app);
  await setType(agent, 1);
  const code = (await get('/wps/member/referral', agent.headers)).json().value.inviteCode as string;
  const team: Player[] = [];
  for (let i = 0; i < size; i += 1) team.push(await player(t.app, { affiliateCode: code }));
  return { agent, team };
}

const yesterday = () => addDays(siteDay(), -1);
/** Noon of a Dhaka day. */
const noonOf = (day: string) => new Date(siteDayStart(day).getTime() + 12 * HOUR);

/** An agent whose team turned over 120,000.00 (salary tier 1: 500.00) yesterday. */
async function agentWithSalaryDue() {
  const { agent, team } = await agentWithTeam(1);
  await moveAt('deposit', team[0]!.id, 15_000_000, noonOf(yesterday()));
  await moveAt('bet', team[0]!.id, 7_000_000, noonOf(yesterday()));
  await moveAt('bet', team[0]!.id, 5_000_000, noonOf(yesterday()));
  return { agent, team };
}

const requestSalary = (agent: Player, body: unknown = { periodStart: yesterday() }) =>
  post('/wps/agent/contracts/salary/requests?language=EN', agent.headers, body);
const approve = (id: string, headers: Record<string, string> = opsHeaders()) =>
  post(`/ops/api/agents/contract-requests/${id}/approve?language=EN`, headers);
const reject = (id: string, reason: string, headers: Record<string, string> = opsHeaders()) =>
  post(`/ops/api/agents/contract-requests/${id}/reject?language=EN`, headers, { reason });

async function auditOf(username: string) {
  return rowsOf<{ action: string; actor_name: string; after: Record<string, unknown> }>(
    await t.app.database.db.execute(
      sql`select action, actor_name, after from audit_events
          where target_type = 'member' and target_id = ${username}
            and action like 'agent.contract.%' order by id`,
    ),
  );
}
async function contractPayments(memberId: bigint) {
  const rows = await t.app.database.db.execute(
    sql`select count(*)::int as n from ledger_transactions
        where member_id = ${memberId} and kind = 'reward.agent_contract'`,
  );
  return rowsOf<{ n: number }>(rows)[0]!.n;
}

describe('agent login', () => {
  it('lets agents in at their own door and refuses everyone else, in both languages', async () => {
    const { agent, team } = await agentWithTeam(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/login',
      payload: { username: agent.username, password: agent.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: agent.username.toLowerCase(), type: 1 });
    const home = await get('/wps/agent/home', { token: res.json().value.token });
    expect(home.json().value.teamCount).toBe(1);

    const member = team[0]!;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/login?language=EN',
      payload: { username: member.username, password: member.password, portal: 'member' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'login.nonAgent',
      message: 'Non-agents cannot log in',
    });
    const bengali = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/login',
      payload: { username: member.username, password: member.password },
    });
    expect(bengali.json().message).toBe('এজেন্ট ছাড়া কেউ লগইন করতে পারবে না');
    // The member door still refuses the agent.
    expect((await signIn(t.app, agent.username, agent.password)).json().errorCode).toBe(
      'login.nonMember',
    );
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/login',
      payload: { username: agent.username, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('team KPI', () => {
  it('counts active members and sums deposits and turnover of the period from the ledger', async () => {
    const { agent, team } = await agentWithTeam(3);
    const day = addDays(siteDay(), -2);
    await moveAt('deposit', team[0]!.id, 100_000, noonOf(day));
    await moveAt('bet', team[0]!.id, 30_000, noonOf(day));
    await moveAt('deposit', team[1]!.id, 50_000, noonOf(day));
    await moveAt('bet', team[1]!.id, 20_000, noonOf(day));
    await moveAt('win', team[1]!.id, 5_000, noonOf(day));
    // Outside the period: counted in the wider one only.
    await moveAt('deposit', team[2]!.id, 10_000, noonOf(addDays(day, -10)));
    await moveAt('bet', team[2]!.id, 10_000, noonOf(addDays(day, -10)));
    const home = await get(`/wps/agent/home?from=${day}&to=${day}`, agent.headers);
    expect(home.json().value).toMatchObject({
      teamCount: 3,
      activeMembers: 2,
      depositsMinor: 150_000,
      turnoverMinor: 50_000,
    });
    const none = await get(
      `/wps/agent/home?from=${addDays(day, 1)}&to=${siteDay()}`,
      agent.headers,
    );
    expect(none.json().value).toMatchObject({
      activeMembers: 0,
      depositsMinor: 0,
      turnoverMinor: 0,
    });
  });
});

describe('what a contract pays', () => {
  const salary = [
    { turnoverMinor: 1_000_000, amountMinor: 10_000 },
    { turnoverMinor: 2_000_000, amountMinor: 40_000, depositsMinor: 5_000_000 },
  ];
  it('takes the highest tier whose turnover and deposits the team reached', () => {
    const figures = (turnover: number, deposits: number, netLoss = 0) => ({
      turnoverMinor: BigInt(turnover),
      depositsMinor: BigInt(deposits),
      netLossMinor: BigInt(netLoss),
    });
    expect(contractPay('salary', salary, figures(999_999, 9_000_000))).toEqual({
      tierIndex: null,
      amountMinor: 0n,
    });
    expect(contractPay('salary', salary, figures(3_000_000, 1_000_000))).toEqual({
      tierIndex: 0,
      amountMinor: 10_000n,
    });
    expect(contractPay('salary', salary, figures(3_000_000, 5_000_000))).toEqual({
      tierIndex: 1,
      amountMinor: 40_000n,
    });
    const dividend = DEFAULT_AGENT_CONTRACT_TERMS.dividend;
    expect(contractPay('dividend', dividend, figures(600_000_000, 0, 12_345_678))).toEqual({
      tierIndex: 1,
      amountMinor: 2_469_135n,
    });
    // The team won: nothing to share.
    expect(contractPay('dividend', dividend, figures(600_000_000, 0, -5_000))).toEqual({
      tierIndex: 1,
      amountMinor: 0n,
    });
  });

  it('quotes a day, an hour and a month from the team turnover, deposits and net loss', async () => {
    const { agent, team } = await agentWithTeam(1);
    const m = team[0]!;
    // Hourly: 15,000.00 of bets in one hour two days ago (tier: 10,000.00 → 50.00).
    const day = addDays(siteDay(), -2);
    const at = new Date(siteDayStart(day).getTime() + 14 * HOUR + 20 * 60_000);
    await moveAt('deposit', m.id, 200_000_000, at);
    await moveAt('bet', m.id, 1_500_000, at);
    const hour = await get(
      `/wps/agent/contracts/hourly/quote?periodStart=${day}&periodHour=14`,
      agent.headers,
    );
    expect(hour.json().value).toMatchObject({
      periodStart: day,
      periodHour: 14,
      from: new Date(siteDayStart(day).getTime() + 14 * HOUR).toISOString(),
      turnoverMinor: 1_500_000,
      depositsMinor: 200_000_000,
      tierIndex: 0,
      amountMinor: 5_000,
      state: 'requestable',
    });
    const next = await get(
      `/wps/agent/contracts/hourly/quote?periodStart=${day}&periodHour=15`,
      agent.headers,
    );
    expect(next.json().value).toMatchObject({
      turnoverMinor: 0,
      amountMinor: 0,
      state: 'nothingDue',
    });

    // Dividend: last month, bets 1,200,000.00, wins 700,000.00 → net loss 500,000.00 × 10 %.
    const firstOfThisMonth = `${siteDay().slice(0, 8)}01`;
    const lastMonth = `${addDays(firstOfThisMonth, -1).slice(0, 8)}01`;
    const mid = noonOf(addDays(lastMonth, 14));
    await moveAt('bet', m.id, 120_000_000, mid);
    await moveAt('win', m.id, 70_000_000, mid);
    const month = await get(
      `/wps/agent/contracts/dividend/quote?periodStart=${addDays(lastMonth, 9)}`,
      agent.headers,
    );
    expect(month.json().value).toMatchObject({
      periodStart: lastMonth,
      periodHour: null,
      turnoverMinor: 120_000_000,
      netLossMinor: 50_000_000,
      tierIndex: 0,
      amountMinor: 5_000_000,
      state: 'requestable',
    });
    const open = await get(
      `/wps/agent/contracts/salary/quote?periodStart=${siteDay()}`,
      agent.headers,
    );
    expect(open.json().value.state).toBe('open');
    const bad = await get(
      '/wps/agent/contracts/hourly/quote?periodStart=2026-01-01&periodHour=24',
      agent.headers,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('contract payment requests', () => {
  it('takes one request per period with the amount the server computes', async () => {
    const { agent, team } = await agentWithSalaryDue();
    expect((await requestSalary({ ...agent, headers: {} })).statusCode).toBe(401);
    const forged = await requestSalary(agent, {
      periodStart: yesterday(),
      amountMinor: 99_999_999,
    });
    expect(forged.statusCode).toBe(400);

    const first = await requestSalary(agent);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      replayed: false,
      request: {
        kind: 'salary',
        status: 'pending',
        periodStart: yesterday(),
        periodHour: null,
        amountMinor: 50_000,
        turnoverMinor: 12_000_000,
        depositsMinor: 15_000_000,
        reason: null,
      },
    });
    const again = await requestSalary(agent);
    expect(again.json().value).toMatchObject({
      replayed: true,
      request: { id: first.json().value.request.id },
    });
    const listed = (await get('/wps/agent/contracts/salary', agent.headers)).json().value;
    expect(listed.requests).toHaveLength(1);
    const quote = await get(
      `/wps/agent/contracts/salary/quote?periodStart=${yesterday()}`,
      agent.headers,
    );
    expect(quote.json().value).toMatchObject({
      state: 'requested',
      request: { status: 'pending' },
    });

    const today = await requestSalary(agent, { periodStart: siteDay() });
    expect(today.statusCode).toBe(409);
    expect(today.json()).toMatchObject({
      errorCode: 'agent.contractPeriodOpen',
      message: 'This period has not ended yet; ask for its payment once it has',
    });
    const quiet = await requestSalary(agent, { periodStart: addDays(siteDay(), -5) });
    expect(quiet.statusCode).toBe(409);
    expect(quiet.json().errorCode).toBe('agent.contractNothingDue');
    const notAgent = await requestSalary(team[0]!);
    expect(notAgent.statusCode).toBe(403);
    expect(notAgent.json().errorCode).toBe('agent.only');
  });

  it('pays an approved request once, however often and however concurrently approved', async () => {
    const { agent } = await agentWithSalaryDue();
    const { id } = (await requestSalary(agent)).json().value.request;
    const before = await cash(agent.id);

    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({
      replayed: false,
      request: { status: 'approved', amountMinor: 50_000, username: agent.username.toLowerCase() },
    });
    expect(approved.json().value.request.transactionId).toMatch(/^\d+$/);
    const twice = await approve(id);
    expect(twice.json().value).toMatchObject({ replayed: true, request: { status: 'approved' } });
    expect(await cash(agent.id)).toBe(before + 50_000);
    expect(await contractPayments(agent.id)).toBe(1);
    expect(await auditOf(agent.username.toLowerCase())).toEqual([
      expect.objectContaining({
        action: 'agent.contract.approve',
        actor_name: 'automation',
        after: expect.objectContaining({ requestId: id, status: 'approved', amountMinor: 50_000 }),
      }),
    ]);
    // The agent sees it paid, and the balance up.
    const seen = (await get('/wps/agent/contracts/salary', agent.headers)).json().value;
    expect(seen.requests[0]).toMatchObject({ id, status: 'approved' });
    expect((await get('/wps/member/wallet', agent.headers)).json().value.sumBalance).toBe(500);

    // Two approvals at once.
    const other = await agentWithSalaryDue();
    const request = (await requestSalary(other.agent)).json().value.request;
    const [a, b] = await Promise.all([approve(request.id), approve(request.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().value.replayed, b.json().value.replayed].sort()).toEqual([false, true]);
    expect(await contractPayments(other.agent.id)).toBe(1);
    expect(await cash(other.agent.id)).toBe(50_000);
  });

  it('rejects with a reason the agent sees; a decided request stays decided', async () => {
    const { agent } = await agentWithSalaryDue();
    const { id } = (await requestSalary(agent)).json().value.request;
    const empty = await reject(id, '   ');
    expect(empty.statusCode).toBe(400);
    const rejected = await reject(id, 'Team turnover under review');
    expect(rejected.json().value.request).toMatchObject({
      status: 'rejected',
      reason: 'Team turnover under review',
    });
    const late = await approve(id);
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('agent.contractDecided');
    expect(await contractPayments(agent.id)).toBe(0);
    const seen = (await get('/wps/agent/contracts/salary', agent.headers)).json().value;
    expect(seen.requests[0]).toMatchObject({
      status: 'rejected',
      reason: 'Team turnover under review',
    });
    // One request per period: asking again answers the rejected one.
    expect((await requestSalary(agent)).json().value).toMatchObject({
      replayed: true,
      request: { id, status: 'rejected' },
    });
    expect((await auditOf(agent.username.toLowerCase())).map((r) => r.action)).toEqual([
      'agent.contract.reject',
    ]);
    expect((await approve('999999')).json().errorCode).toBe('agent.contractRequestNotFound');
  });

  it('pages the list newest first with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { agent } = await agentWithSalaryDue();
      ids.push((await requestSalary(agent)).json().value.request.id);
    }
    const support = await signInOperator(t.app, 'support');
    const base = '/ops/api/agents/contract-requests?status=pending&limit=2';
    const first = (await get(base, support.headers)).json().value;
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextBefore).toBe(ids[1]);
    const second = (await get(`${base}&before=${first.nextBefore}`, support.headers)).json().value;
    expect(second.items.map((r: { id: string }) => r.id)).toContain(ids[0]);
    expect(second.items.map((r: { id: string }) => r.id)).not.toContain(ids[1]);
    expect((await get(`${base}&before=x`, support.headers)).statusCode).toBe(400);
  });

  it('needs agents.decide to decide and money.read to list', async () => {
    const { agent } = await agentWithSalaryDue();
    const { id } = (await requestSalary(agent)).json().value.request;
    const support = await signInOperator(t.app, 'support');
    const refused = await approve(id, support.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('ops.forbidden');
    expect((await reject(id, 'no', support.headers)).statusCode).toBe(403);
    const list = await get('/ops/api/agents/contract-requests?status=pending', support.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().value.items.map((r: { id: string }) => r.id)).toContain(id);
    const content = await signInOperator(t.app, 'content');
    expect((await get('/ops/api/agents/contract-requests', content.headers)).statusCode).toBe(403);

    const finance = await signInOperator(t.app, 'finance');
    const paid = await approve(id, finance.headers);
    expect(paid.json().value.request).toMatchObject({
      status: 'approved',
      decidedBy: finance.username,
    });
    expect((await auditOf(agent.username.toLowerCase()))[0]).toMatchObject({
      action: 'agent.contract.approve',
      actor_name: finance.username,
    });
  });
});

describe('the contract-request check', () => {
  it('lists what the agent may ask for now, and is skipped for types 41 and 42', async () => {
    const { agent, team } = await agentWithSalaryDue();
    const check = await get('/wps/agent/contract-check', agent.headers);
    expect(check.json().value).toEqual({
      skipped: false,
      due: [{ kind: 'salary', periodStart: yesterday(), periodHour: null, amountMinor: 50_000 }],
    });
    await requestSalary(agent);
    expect((await get('/wps/agent/contract-check', agent.headers)).json().value.due).toEqual([]);

    for (const type of [41, 42]) {
      const skipper = await agentWithSalaryDue();
      await setType(skipper.agent, type);
      expect((await get('/wps/agent/contract-check', skipper.agent.headers)).json().value).toEqual({
        skipped: true,
        due: [],
      });
      // Skipping the check does not close the contracts: the agent may still ask.
      expect((await requestSalary(skipper.agent)).statusCode).toBe(200);
    }
    expect((await get('/wps/agent/contract-check', team[0]!.headers)).statusCode).toBe(403);
  });
});

describe('the demo agent', () => {
  it('seeds an agent whose team played yesterday, once, with a salary ready to request', async () => {
    const seeder = demoAgentSeeder({
      passwordHash: await testPasswordHasher.hash(DEMO_AGENT_PASSWORD),
    });
    await seedDemoData(t.app.database.db, [seeder]);
    await seedDemoData(t.app.database.db, [seeder]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/login',
      payload: { username: DEMO_AGENT, password: DEMO_AGENT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const headers = { token: login.json().value.token as string };
    const home = await get(`/wps/agent/home?from=${addDays(siteDay(), -2)}`, headers);
    expect(home.json().value).toMatchObject({
      teamCount: 3,
      activeMembers: 2,
      depositsMinor: 17_000_000,
      turnoverMinor: 12_500_000,
    });
    expect((await get('/wps/agent/contract-check', headers)).json().value.due).toEqual([
      { kind: 'salary', periodStart: yesterday(), periodHour: null, amountMinor: 50_000 },
    ]);
  });
});
