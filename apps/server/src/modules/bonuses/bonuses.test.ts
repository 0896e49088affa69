/**
 * The bonus engine through the API (docs/bonuses.md): each kind of bonus, the queue, wagering and
 * conversion, expiry, forfeit by the player and on a withdrawal, promo codes, audiences, and
 * refusals that change nothing. Rounds are marked as played under the bonus by hand until the
 * wallet split records it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberBonus } from '@khela/contract/bonus';
import { rowsOf } from '../../db/client';
import { createMember, withToken } from '../../../test/factories';
import { expectSoundLedger } from '../../../test/ledger';
import { createTestApp, opsHeaders, testConfig, type TestApp } from '../../../test/test-app';
import { SANDBOX_SECRET, memberWithId } from '../cashier/deposits.test-kit';
import { addTestChannels, fund, memberWithPayee } from '../withdrawals/withdrawals.fixtures';
import {
  bonusBalance,
  cashBalance,
  deposit,
  gameOfCategory,
  makeCampaign,
  mine,
  payDeposit,
  playRound,
} from './bonuses.test-kit';

let t: TestApp;
beforeAll(async () => {
  // More sign-ups from one address than a person makes.
  t = await createTestApp({
    paymentSandboxSecret: SANDBOX_SECRET,
    rateLimit: { ...testConfig().rateLimit, auth: 500 },
  });
  await addTestChannels(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

async function offers(token: string, context: 'deposit' | 'all' = 'deposit') {
  const res = await t.app.inject({
    url: `/wps/bonus/offers?context=${context}&language=EN`,
    headers: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: { list: { campaignId: string; name: string }[] } }>().value.list;
}

async function depositCount(memberId: bigint) {
  const [row] = await q<{ n: number }>(
    sql`select count(*)::int as n from deposits where member_id = ${memberId}`,
  );
  return row!.n;
}

const redeem = (token: string, code: string, deviceId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/bonus/promo?language=EN',
    headers: { token, ...(deviceId ? { 'x-device-id': deviceId } : {}) },
    payload: { code },
  });

describe('first-deposit bonus', () => {
  it('offers it on the deposit screen, gives 70% of the paid deposit, and counts the requirement', async () => {
    const campaign = await makeCampaign(t.app);
    const m = await memberWithId(t.app);
    expect((await offers(m.token)).map((o) => o.campaignId)).toContain(String(campaign.id));

    const { deposit: made } = await deposit(t.app, m.token, 1_000_00, {
      bonusCampaignId: String(campaign.id),
    });
    expect(made).toBeDefined();
    expect(await cashBalance(t.app, m.memberId)).toBe(1_000_00);
    expect(await bonusBalance(t.app, m.memberId)).toBe(700_00);

    const { active, queued } = await mine(t.app, m.token);
    expect(queued).toEqual([]);
    expect(active).toMatchObject({
      campaignId: String(campaign.id),
      kind: 'first_deposit',
      status: 'active',
      amountMinor: 700_00,
      depositMinor: 1_000_00,
      balanceMinor: 700_00,
      wageredMinor: 0,
      requiredMinor: 7_000_00,
      name: 'Welcome 70%',
    });
    expect(Date.parse(active!.expiresAt!) - Date.parse(active!.activatedAt!)).toBe(72 * 3600_000);
    expect(active!.terms).toMatchObject({
      percentBp: 7000,
      text: expect.stringContaining('10 times'),
    });
    const grants = await q<{ n: number }>(sql`
      select count(*)::int as n from ledger_transactions
      where kind = 'bonus.grant' and source = 'bonus' and idempotency_key = ${`grant:${active!.id}`}`);
    expect(grants[0]!.n).toBe(1);

    // Taken: no longer offered, and a second opt-in is refused before paying.
    expect((await offers(m.token)).map((o) => o.campaignId)).not.toContain(String(campaign.id));
    const again = await deposit(t.app, m.token, 1_000_00, { bonusCampaignId: String(campaign.id) });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().errorCode).toBe('bonus.alreadyClaimed');
    expect(await depositCount(m.memberId)).toBe(1);
  });

  it('caps the match, and refuses a deposit below the minimum before anything is made', async () => {
    const campaign = await makeCampaign(t.app, { capMinor: 2_000_00 });
    const m = await memberWithId(t.app);
    const small = await deposit(t.app, m.token, 400_00, { bonusCampaignId: String(campaign.id) });
    expect(small.res.statusCode).toBe(400);
    expect(small.res.json()).toMatchObject({
      errorCode: 'bonus.depositTooSmall',
      data: { minDepositMinor: 500_00 },
    });
    expect(await depositCount(m.memberId)).toBe(0);

    await deposit(t.app, m.token, 10_000_00, { bonusCampaignId: String(campaign.id) });
    expect(await bonusBalance(t.app, m.memberId)).toBe(2_000_00);
    expect(await cashBalance(t.app, m.memberId)).toBe(10_000_00);
  });

  it('is once per person: a second account on the same device is refused before paying', async () => {
    const campaign = await makeCampaign(t.app);
    const deviceId = `dev-${randomUUID()}`;
    const first = await memberWithId(t.app);
    await deposit(
      t.app,
      first.token,
      1_000_00,
      { bonusCampaignId: String(campaign.id) },
      { deviceId },
    );
    expect(await bonusBalance(t.app, first.memberId)).toBe(700_00);

    const second = await memberWithId(t.app);
    const refused = await deposit(
      t.app,
      second.token,
      1_000_00,
      { bonusCampaignId: String(campaign.id) },
      { deviceId },
    );
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json().errorCode).toBe('bonus.alreadyClaimed');
    expect(refused.res.json().message).toBe(
      'This bonus can be taken once per person, and it has been taken',
    );
    expect(await depositCount(second.memberId)).toBe(0);
    const claims = await q<{ person_key: string }>(sql`
      select person_key from bonus_person_claims where member_id = ${first.memberId}`);
    expect(claims.map((c) => c.person_key)).toContain(`device:${deviceId}`);
  });

  it('credits a deposit whose bonus was taken meanwhile, and tells the player why there is no bonus', async () => {
    const campaign = await makeCampaign(t.app);
    const m = await memberWithId(t.app);
    const optIn = { bonusCampaignId: String(campaign.id) };
    const a = await deposit(t.app, m.token, 1_000_00, optIn, { pay: false });
    const b = await deposit(t.app, m.token, 2_000_00, optIn, { pay: false });
    await payDeposit(t.app, a.deposit!);
    await payDeposit(t.app, b.deposit!);

    expect(await cashBalance(t.app, m.memberId)).toBe(3_000_00);
    expect(await bonusBalance(t.app, m.memberId)).toBe(700_00);
    const { active, past } = await mine(t.app, m.token);
    expect(active).toMatchObject({ amountMinor: 700_00, depositMinor: 1_000_00 });
    expect(past).toEqual([
      expect.objectContaining({
        status: 'refused',
        depositMinor: 2_000_00,
        reason: 'This bonus can be taken once per person, and it has been taken',
      }),
    ]);
    const notices = await q<{ topic: string; params: Record<string, string> }>(sql`
      select topic, params from inbox_messages where member_id = ${m.memberId} and topic = 'bonus.refused'`);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.params).toMatchObject({ amountMinor: '200000', nameEn: 'Welcome 70%' });
  });
});

describe('queue, forfeit and reload', () => {
  it('queues a second bonus while one is active; forfeiting the first starts the next', async () => {
    const reload = await makeCampaign(t.app, {
      kind: 'reload',
      nameEn: 'Reload 50%',
      percentBp: 5000,
      capMinor: 1_000_00,
      minDepositMinor: 100_00,
    });
    const m = await memberWithId(t.app);
    await deposit(t.app, m.token, 600_00, { bonusCampaignId: String(reload.id) });
    await deposit(t.app, m.token, 400_00, { bonusCampaignId: String(reload.id) });
    const before = await mine(t.app, m.token);
    expect(before.active).toMatchObject({ amountMinor: 300_00, status: 'active' });
    expect(before.queued).toEqual([
      expect.objectContaining({ amountMinor: 200_00, status: 'queued', activatedAt: null }),
    ]);
    // A queued bonus holds no money.
    expect(await bonusBalance(t.app, m.memberId)).toBe(300_00);

    const other = await memberWithId(t.app);
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: `/wps/bonus/${before.active!.id}/forfeit?language=EN`,
      headers: { token: other.token },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().errorCode).toBe('bonus.notFound');

    const forfeit = await t.app.inject({
      method: 'POST',
      url: `/wps/bonus/${before.active!.id}/forfeit?language=EN`,
      headers: { token: m.token },
    });
    expect(forfeit.statusCode, forfeit.body).toBe(200);
    expect(forfeit.json().value.bonus).toMatchObject({
      status: 'forfeited',
      settledMinor: 300_00,
      reason: 'You gave it up',
    });
    expect(await cashBalance(t.app, m.memberId)).toBe(1_000_00);
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
    const after = await mine(t.app, m.token);
    expect(after.active).toMatchObject({ amountMinor: 200_00, status: 'active' });
    expect(after.queued).toEqual([]);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/wps/bonus/${before.active!.id}/forfeit?language=EN`,
      headers: { token: m.token },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('bonus.notActive');
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
  });

  it('keeps trial accounts out of the bonus calls', async () => {
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
    for (const url of ['/wps/bonus/mine', '/wps/bonus/offers']) {
      const res = await t.app.inject({ url, headers: withToken(trial.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('member.trialForbidden');
    }
  });
});

describe('wagering', () => {
  it('counts settled stakes by category weight and converts up to the maximum conversion', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'reload',
      nameEn: 'Double up',
      percentBp: 10_000,
      capMinor: null,
      minDepositMinor: null,
      wageringMultiplier: 2,
      maxConversionMinor: 300_00,
    });
    const m = await memberWithId(t.app);
    await fund(t.app, m.memberId, 4_000_00);
    // A round played before the bonus does not count.
    await playRound(t.app, m.memberId, null, 900_00, 0);
    await deposit(t.app, m.token, 500_00, { bonusCampaignId: String(campaign.id) });
    const { active } = await mine(t.app, m.token);
    expect(active).toMatchObject({ amountMinor: 500_00, requiredMinor: 1_000_00 });

    // Slots count in full, live games a tenth.
    await playRound(t.app, m.memberId, active, 400_00, 100_00);
    await playRound(t.app, m.memberId, active, 1_000_00, 0, await gameOfCategory(t.app, 'LIVE'));
    const first = await t.app.services.bonusWagering.run();
    expect(first).toMatchObject({ ran: true, converted: 0, counted: 1 });
    expect((await mine(t.app, m.token)).active).toMatchObject({ wageredMinor: 500_00 });

    await playRound(t.app, m.memberId, active, 500_00, 0);
    const cashBefore = await cashBalance(t.app, m.memberId);
    const second = await t.app.services.bonusWagering.run();
    expect(second).toMatchObject({ converted: 1 });
    // 500 of bonus balance: 300 becomes cash (the maximum conversion), 200 goes back.
    expect(await cashBalance(t.app, m.memberId)).toBe(cashBefore + 300_00);
    expect(await bonusBalance(t.app, m.memberId)).toBe(0);
    const { active: none, past } = await mine(t.app, m.token);
    expect(none).toBeNull();
    expect(past[0]).toMatchObject({
      id: active!.id,
      status: 'converted',
      settledMinor: 300_00,
      wageredMinor: 1_000_00,
    });
    const movements = await q<{ kind: string; n: number }>(sql`
      select kind, count(*)::int as n from ledger_transactions
      where member_id = ${m.memberId} and source = 'bonus' group by kind order by kind`);
    expect(movements).toEqual([
      { kind: 'bonus.convert', n: 1 },
      { kind: 'bonus.grant', n: 1 },
    ]);
    // Nothing more happens on the next pass.
    expect(await t.app.services.bonusWagering.run()).toMatchObject({ converted: 0, expired: 0 });
  });

  it('counts a vendor game and an in-house game together; met, the bonus becomes cash', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'reload',
      nameEn: 'Mixed play',
      percentBp: 7000,
      capMinor: null,
      minDepositMinor: null,
      wageringMultiplier: 1,
    });
    const m = await memberWithId(t.app);
    await deposit(t.app, m.token, 200_00, { bonusCampaignId: String(campaign.id) });
    const { active } = await mine(t.app, m.token);
    expect(active).toMatchObject({ amountMinor: 140_00, requiredMinor: 140_00 });

    // A vendor's slot round, ৳100 staked from cash.
    await playRound(t.app, m.memberId, active, 100_00, 0);
    await t.app.services.bonusWagering.run();
    expect((await mine(t.app, m.token)).active).toMatchObject({ wageredMinor: 100_00 });

    // An in-house dice round of ৳40 meets the requirement.
    const [dice] = await q<{ id: string }>(sql`
      select id::text from games where vendor_code = 'BGS'
      and (substring(game_code from '([0-9]+)$')::int) % 3 = 1 order by id limit 1`);
    const bet = await t.app.inject({
      method: 'POST',
      url: '/wps/originals/bet?language=EN',
      headers: { token: m.token, 'idempotency-key': randomUUID() },
      payload: { nodeId: dice!.id, stakeMinor: 40_00, target: 50 },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    const cashBefore = await cashBalance(t.app, m.memberId);
    expect(await t.app.services.bonusWagering.run()).toMatchObject({ converted: 1 });
    expect(await cashBalance(t.app, m.memberId)).toBe(cashBefore + 140_00);
    expect(await bonusBalance(t.app, m.memberId)).toBe(0);
    expect((await mine(t.app, m.token)).past[0]).toMatchObject({
      id: active!.id,
      status: 'converted',
      wageredMinor: 140_00,
      settledMinor: 140_00,
    });
  });

  it('expires a bonus whose time is up: its balance goes, cash stays, the next one starts', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'reload',
      nameEn: 'Short reload',
      percentBp: 1000,
      minDepositMinor: null,
      validHours: 1,
    });
    const m = await memberWithId(t.app);
    await deposit(t.app, m.token, 1_000_00, { bonusCampaignId: String(campaign.id) });
    await deposit(t.app, m.token, 2_000_00, { bonusCampaignId: String(campaign.id) });
    const { active } = await mine(t.app, m.token);
    await db().execute(
      sql`update member_bonuses set expires_at = now() - interval '1 minute' where id = ${BigInt(active!.id)}`,
    );
    expect(await t.app.services.bonusWagering.run()).toMatchObject({ expired: 1 });
    expect(await cashBalance(t.app, m.memberId)).toBe(3_000_00);
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
    const after = await mine(t.app, m.token);
    expect(after.active).toMatchObject({ amountMinor: 200_00 });
    expect(after.past).toEqual([
      expect.objectContaining({ id: active!.id, status: 'expired', settledMinor: 100_00 }),
    ]);
  });
});

describe('a bonus played down to nothing', () => {
  const spendCampaign = () =>
    makeCampaign(t.app, {
      kind: 'reload',
      nameEn: 'Spend it',
      percentBp: 1000,
      capMinor: null,
      minDepositMinor: null,
      // 100 × 50: far more than the stakes below, so nothing converts.
      wageringMultiplier: 50,
    });

  it('ends once no round is open, and the next bonus starts', async () => {
    const campaign = await spendCampaign();
    const m = await memberWithId(t.app);
    await deposit(t.app, m.token, 1_000_00, { bonusCampaignId: String(campaign.id) });
    await deposit(t.app, m.token, 2_000_00, { bonusCampaignId: String(campaign.id) });
    const { active } = await mine(t.app, m.token);
    expect(active).toMatchObject({ amountMinor: 100_00 });
    // Cash goes first: a stake of all the cash and all the bonus, lost.
    await playRound(t.app, m.memberId, active, 3_100_00, 0);
    expect(await bonusBalance(t.app, m.memberId)).toBe(0);

    expect(await t.app.services.bonusWagering.run()).toMatchObject({ spent: 1 });
    const after = await mine(t.app, m.token);
    expect(after.past[0]).toMatchObject({
      id: active!.id,
      status: 'forfeited',
      settledMinor: 0,
      reason: 'The bonus balance was played to zero',
    });
    // The queued one started.
    expect(after.active).toMatchObject({ amountMinor: 200_00 });
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
    // Nothing ends twice.
    expect(await t.app.services.bonusWagering.run()).toMatchObject({ spent: 0 });
  });

  it('stays while a round it paid for is open: that round may still win', async () => {
    const campaign = await spendCampaign();
    const m = await memberWithId(t.app);
    await deposit(t.app, m.token, 1_000_00, { bonusCampaignId: String(campaign.id) });
    const { active } = await mine(t.app, m.token);
    await playRound(t.app, m.memberId, active, 1_100_00, null);
    expect(await bonusBalance(t.app, m.memberId)).toBe(0);
    expect(await t.app.services.bonusWagering.run()).toMatchObject({ spent: 0 });
    expect((await mine(t.app, m.token)).active).toMatchObject({ id: active!.id });
  });
});

describe('forfeit on a withdrawal', () => {
  it('asks the player to confirm, then forfeits the bonus with the hold', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'manual',
      nameEn: 'Goodwill',
      percentBp: null,
      amountMinor: 150_00,
    });
    const p = await memberWithPayee(t.app, { fundsMinor: 2_000_00 });
    const username = (
      await q<{ username: string }>(sql`select username from members where id = ${p.id}`)
    )[0]!.username;
    const granted = await t.app.inject({
      method: 'POST',
      url: `/ops/api/members/${username}/bonuses`,
      headers: opsHeaders(),
      payload: { campaignId: String(campaign.id) },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const withdraw = (forfeitBonus?: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/wallet/withdrawals?language=EN',
        headers: { ...p.headers, 'idempotency-key': randomUUID() },
        payload: { payeeId: p.payeeId, amountMinor: 500_00, forfeitBonus },
      });

    const asked = await withdraw();
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      errorCode: 'bonus.forfeitRequired',
      data: { bonusMinor: 150_00 },
    });
    expect(await cashBalance(t.app, p.id)).toBe(2_000_00);
    expect(await bonusBalance(t.app, p.id)).toBe(150_00);
    const none = await q<{ n: number }>(
      sql`select count(*)::int as n from withdrawals where member_id = ${p.id}`,
    );
    expect(none[0]!.n).toBe(0);

    const confirmed = await withdraw(true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await cashBalance(t.app, p.id)).toBe(1_500_00);
    expect(await bonusBalance(t.app, p.id)).toBe(0);
    const bonus = (await mine(t.app, p.headers.token)).past[0];
    expect(bonus).toMatchObject({
      status: 'forfeited',
      settledMinor: 150_00,
      reason: 'Given up for a withdrawal',
    });
  });
});

describe('promo codes', () => {
  it('once per player, under the total cap; refusals change nothing', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'promo_code',
      nameEn: 'Free 100',
      percentBp: null,
      amountMinor: 100_00,
      minDepositMinor: null,
      promoCode: 'FREE100',
      totalCap: 2,
    });
    const [a, b, c] = [
      await memberWithId(t.app),
      await memberWithId(t.app),
      await memberWithId(t.app),
    ];
    // Not listed among the offers: the player types the code.
    expect((await offers(a.token, 'all')).map((o) => o.campaignId)).not.toContain(
      String(campaign.id),
    );
    const first = await redeem(a.token, 'free100');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.bonus).toMatchObject({ status: 'active', amountMinor: 100_00 });
    expect(await bonusBalance(t.app, a.memberId)).toBe(100_00);

    const again = await redeem(a.token, 'FREE100');
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('bonus.promoUsed');
    expect(await bonusBalance(t.app, a.memberId)).toBe(100_00);

    expect((await redeem(b.token, 'FREE100')).statusCode).toBe(200);
    const over = await redeem(c.token, 'FREE100');
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('bonus.promoExhausted');
    expect(await bonusBalance(t.app, c.memberId)).toBe(0);
    expect((await mine(t.app, c.token)).past).toEqual([]);
    const [uses] = await q<{ uses: number }>(
      sql`select uses from bonus_campaigns where id = ${campaign.id}`,
    );
    expect(uses!.uses).toBe(2);

    const unknown = await redeem(c.token, 'NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('bonus.promoUnknown');
  });

  it('takes a match code on the deposit screen, not on the bonus page', async () => {
    await makeCampaign(t.app, {
      kind: 'promo_code',
      nameEn: 'Match 50',
      percentBp: 5000,
      capMinor: null,
      minDepositMinor: 200_00,
      promoCode: 'MATCH50',
    });
    const m = await memberWithId(t.app);
    const onPage = await redeem(m.token, 'MATCH50');
    expect(onPage.statusCode).toBe(409);
    expect(onPage.json().errorCode).toBe('bonus.promoNeedsDeposit');

    await deposit(t.app, m.token, 800_00, { promoCode: 'match50' });
    expect(await bonusBalance(t.app, m.memberId)).toBe(400_00);
    const used = await deposit(t.app, m.token, 800_00, { promoCode: 'MATCH50' });
    expect(used.res.statusCode).toBe(409);
    expect(used.res.json().errorCode).toBe('bonus.promoUsed');
  });

  it('flags a code redeemed from three accounts on one device', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'promo_code',
      nameEn: 'Device test',
      percentBp: null,
      amountMinor: 10_00,
      minDepositMinor: null,
      promoCode: 'ONEPHONE',
    });
    const deviceId = `phone-${randomUUID()}`;
    const flags = () =>
      q<{ kind: string; detail: Record<string, unknown> }>(
        sql`select kind, detail from bonus_flags where campaign_id = ${campaign.id}`,
      );
    for (let i = 0; i < 2; i += 1) {
      const m = await memberWithId(t.app);
      expect((await redeem(m.token, 'ONEPHONE', deviceId)).statusCode).toBe(200);
    }
    expect(await flags()).toEqual([]);
    const third = await memberWithId(t.app);
    expect((await redeem(third.token, 'ONEPHONE', deviceId)).statusCode).toBe(200);
    expect(await flags()).toEqual([
      { kind: 'promo_device', detail: { device: deviceId, code: 'ONEPHONE', accounts: 3 } },
    ]);
  });
  it('flags a code typed on the deposit screen from three accounts on one device', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'promo_code',
      nameEn: 'Deposit device test',
      percentBp: 1000,
      capMinor: null,
      minDepositMinor: null,
      promoCode: 'DEPOPHONE',
    });
    const deviceId = `phone-${randomUUID()}`;
    const flags = () =>
      q<{ kind: string; member_id: string; detail: Record<string, unknown> }>(
        sql`select kind, member_id::text, detail from bonus_flags where campaign_id = ${campaign.id}`,
      );
    const members = [];
    for (let i = 0; i < 3; i += 1) {
      const m = await memberWithId(t.app);
      members.push(m);
      // Typed but not paid: not yet redeemed, so not counted.
      if (i === 2) {
        await deposit(t.app, m.token, 200_00, { promoCode: 'depophone' }, { deviceId, pay: false });
        expect(await flags()).toEqual([]);
      }
      const paid = await deposit(t.app, m.token, 200_00, { promoCode: 'depophone' }, { deviceId });
      expect(paid.res.statusCode, paid.res.body).toBe(200);
      expect(await bonusBalance(t.app, m.memberId)).toBe(20_00);
      if (i < 2) expect(await flags()).toEqual([]);
    }
    expect(await flags()).toEqual([
      {
        kind: 'promo_device',
        member_id: String(members[2]!.memberId),
        detail: { device: deviceId, code: 'DEPOPHONE', accounts: 3 },
      },
    ]);
    // A deposit sent with no device id counts toward nothing.
    const elsewhere = await memberWithId(t.app);
    await deposit(t.app, elsewhere.token, 200_00, { promoCode: 'DEPOPHONE' });
    expect(await flags()).toHaveLength(1);
  });
});

describe('audience', () => {
  it('offers and gives a tagged campaign only to members with the tag', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'reload',
      nameEn: 'VIP club reload',
      percentBp: 2000,
      minDepositMinor: null,
      audience: { tags: ['vip-club'] },
    });
    const m = await memberWithId(t.app);
    expect((await offers(m.token)).map((o) => o.campaignId)).not.toContain(String(campaign.id));
    const refused = await deposit(t.app, m.token, 1_000_00, {
      bonusCampaignId: String(campaign.id),
    });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json().errorCode).toBe('bonus.notEligible');
    expect(await depositCount(m.memberId)).toBe(0);

    const tagged = await t.app.inject({
      method: 'PUT',
      url: `/ops/api/members/${m.username}/tags`,
      headers: opsHeaders(),
      payload: { tags: ['vip-club'] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await offers(m.token)).map((o) => o.campaignId)).toContain(String(campaign.id));
    await deposit(t.app, m.token, 1_000_00, { bonusCampaignId: String(campaign.id) });
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
  });

  it('does not offer a paused or ended campaign', async () => {
    const paused = await makeCampaign(t.app, { kind: 'reload', pausedAt: new Date() });
    const ended = await makeCampaign(t.app, {
      kind: 'reload',
      endsAt: new Date(Date.now() - 60_000),
    });
    const m = await memberWithId(t.app);
    const listed = (await offers(m.token)).map((o) => o.campaignId);
    expect(listed).not.toContain(String(paused.id));
    expect(listed).not.toContain(String(ended.id));
    const refused = await deposit(t.app, m.token, 1_000_00, { bonusCampaignId: String(paused.id) });
    expect(refused.res.statusCode).toBe(404);
    expect(refused.res.json().errorCode).toBe('bonus.notFound');
  });
});

describe('registration, application and manual bonuses', () => {
  it('gives a registration bonus with the new account', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'registration',
      nameEn: 'Sign-up gift',
      percentBp: null,
      amountMinor: 50_00,
      minDepositMinor: null,
      wageringMultiplier: 5,
    });
    try {
      const m = await createMember(t.app);
      const { active } = await mine(t.app, m.token);
      expect(active).toMatchObject({
        kind: 'registration',
        amountMinor: 50_00,
        requiredMinor: 250_00,
        name: 'Sign-up gift',
      });
    } finally {
      await db().execute(
        sql`update bonus_campaigns set paused_at = now() where id = ${campaign.id}`,
      );
    }
    const later = await createMember(t.app);
    expect((await mine(t.app, later.token)).active).toBeNull();
  });

  it('gives the sign-up bonus once per person: a second account from the same phone gets none', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'registration',
      nameEn: 'Sign-up once',
      percentBp: null,
      amountMinor: 30_00,
      minDepositMinor: null,
      wageringMultiplier: 5,
    });
    try {
      const device = `device-${randomUUID()}`;
      const first = await createMember(t.app, {}, { 'x-device-id': device });
      expect((await mine(t.app, first.token)).active).toMatchObject({ amountMinor: 30_00 });
      const second = await createMember(t.app, {}, { 'x-device-id': device });
      expect((await mine(t.app, second.token)).active).toBeNull();
      const elsewhere = await createMember(t.app, {}, { 'x-device-id': `device-${randomUUID()}` });
      expect((await mine(t.app, elsewhere.token)).active).toMatchObject({ amountMinor: 30_00 });
    } finally {
      await db().execute(
        sql`update bonus_campaigns set paused_at = now() where id = ${campaign.id}`,
      );
    }
  });

  it('pays the bonus of a promotion when the operator approves the application', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'application',
      nameEn: 'Applied bonus',
      percentBp: null,
      amountMinor: 200_00,
      minDepositMinor: null,
    });
    const [promotion] = await q<{ id: number }>(
      sql`select id from promotions where applicable order by id limit 1`,
    );
    await db().execute(
      sql`update promotions set bonus_campaign_id = ${campaign.id} where id = ${promotion!.id}`,
    );
    const m = await memberWithId(t.app);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/wps/promotion/apply?language=EN',
      headers: { token: m.token },
      payload: { promotionId: promotion!.id, remark: 'please' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const applicationId = applied.json().value.id as number;
    expect(await bonusBalance(t.app, m.memberId)).toBe(0);

    const approve = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/ops/api/content/promotion-applications/${applicationId}`,
        headers: opsHeaders(),
        payload: { status: 'approved' },
      });
    const approved = await approve();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
    expect((await mine(t.app, m.token)).active).toMatchObject({
      kind: 'application',
      amountMinor: 200_00,
    });
    // Approving again changes nothing.
    expect((await approve()).statusCode).toBe(200);
    expect(await bonusBalance(t.app, m.memberId)).toBe(200_00);
    await db().execute(
      sql`update promotions set bonus_campaign_id = null where id = ${promotion!.id}`,
    );
  });

  it('lets an operator give and remove a manual bonus, audited on the member', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'manual',
      nameEn: 'Apology',
      percentBp: null,
      amountMinor: 100_00,
      minDepositMinor: null,
    });
    const m = await memberWithId(t.app);
    const give = () =>
      t.app.inject({
        method: 'POST',
        url: `/ops/api/members/${m.username}/bonuses`,
        headers: opsHeaders(),
        payload: { campaignId: String(campaign.id), amountMinor: 123_00, key: 'sorry-1' },
      });
    const given = await give();
    expect(given.statusCode, given.body).toBe(200);
    const bonus = given.json().value.bonus as MemberBonus;
    expect(bonus).toMatchObject({ status: 'active', amountMinor: 123_00, kind: 'manual' });
    // The same key again: the same bonus, nothing more.
    expect((await give()).json().value.bonus.id).toBe(bonus.id);
    expect(await bonusBalance(t.app, m.memberId)).toBe(123_00);

    const listed = await t.app.inject({
      url: `/ops/api/members/${m.username}/bonuses`,
      headers: opsHeaders(),
    });
    expect(listed.json().value.list.map((b: MemberBonus) => b.id)).toEqual([bonus.id]);

    const removed = await t.app.inject({
      method: 'POST',
      url: `/ops/api/bonuses/${bonus.id}/forfeit`,
      headers: opsHeaders(),
      payload: { reason: 'given in error' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().value.bonus).toMatchObject({ status: 'forfeited', settledMinor: 123_00 });
    expect(await bonusBalance(t.app, m.memberId)).toBe(0);
    const audit = await q<{ action: string; target_id: string }>(sql`
      select action, target_id from audit_events where target_id = ${m.username}
      and action like 'bonus.%' order by id`);
    expect(audit).toEqual([
      { action: 'bonus.grant', target_id: m.username },
      { action: 'bonus.forfeit', target_id: m.username },
    ]);
  });
});

describe('the operator moves a bonus’s end', () => {
  it('later for goodwill; a time already past expires it at once, cash untouched, audited', async () => {
    const campaign = await makeCampaign(t.app, {
      kind: 'manual',
      nameEn: 'Goodwill',
      percentBp: null,
      amountMinor: 80_00,
      minDepositMinor: null,
    });
    const m = await memberWithId(t.app);
    await fund(t.app, m.memberId, 300_00);
    const give = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/ops/api/members/${m.username}/bonuses`,
        headers: opsHeaders(),
        payload: { campaignId: String(campaign.id), key },
      });
    const first = (await give('end-1')).json().value.bonus as MemberBonus;
    const next = (await give('end-2')).json().value.bonus as MemberBonus;
    expect(next.status).toBe('queued');
    const move = (id: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/ops/api/bonuses/${id}/expiry`,
        headers: opsHeaders(),
        payload,
      });

    expect((await move(first.id, { expiresAt: 'tomorrow' })).statusCode).toBe(400);
    // A queued bonus's time starts when it starts.
    const queued = await move(next.id, { expiresAt: '2099-01-01T00:00:00Z' });
    expect(queued.statusCode).toBe(409);
    expect(queued.json().errorCode).toBe('bonus.notActive');

    const later = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    const extended = await move(first.id, { expiresAt: later, reason: 'complaint 77' });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().value.bonus).toMatchObject({ status: 'active', expiresAt: later });
    expect(await bonusBalance(t.app, m.memberId)).toBe(80_00);

    const past = new Date(Date.now() - 60_000).toISOString();
    const ended = await move(first.id, { expiresAt: past });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().value.bonus).toMatchObject({ status: 'expired', settledMinor: 80_00 });
    expect(await cashBalance(t.app, m.memberId)).toBe(300_00);
    // The next one started with its own money.
    expect(await bonusBalance(t.app, m.memberId)).toBe(80_00);
    expect((await mine(t.app, m.token)).active).toMatchObject({ id: next.id, status: 'active' });
    const again = await move(first.id, { expiresAt: later });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('bonus.notActive');
    const expiries = await q<{ n: number }>(sql`
      select count(*)::int as n from ledger_transactions
      where kind = 'bonus.expire' and idempotency_key = ${`expire:${first.id}`}`);
    expect(expiries[0]!.n).toBe(1);

    const unknown = await move('999999999', { expiresAt: later });
    expect(unknown.statusCode).toBe(404);
    const audit = await q<{ action: string; reason: string | null }>(sql`
      select action, reason from audit_events where target_id = ${m.username}
      and action = 'bonus.expiry' order by id`);
    expect(audit).toEqual([
      { action: 'bonus.expiry', reason: 'complaint 77' },
      { action: 'bonus.expiry', reason: null },
    ]);
  });
});

describe('the ledger', () => {
  it('stays sound after every bonus movement above', async () => {
    await expectSoundLedger(db());
    const [house] = await q<{ total: string }>(sql`
      select coalesce(sum(e.amount_minor), 0)::text as total from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.kind = 'bonus_balance'`);
    const [balances] = await q<{ total: string }>(sql`
      select coalesce(sum(balance_minor), 0)::text as total from ledger_accounts
      where kind = 'bonus_balance'`);
    expect(house!.total).toBe(balances!.total);
  });
});
