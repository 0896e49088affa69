/**
 * Bonus campaigns as an operator runs them through /ops/api/bonuses: who may, what a bad body
 * changes (nothing), create / edit / pause / resume with their audit rows, the uptake and cost
 * figures from the members' bonuses, the abuse flags; and what the player's promotions say about
 * the campaigns they name, in both languages. The demo data's campaigns come from the seeded
 * template (demo-seeders.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignBodyInput, OpsCampaign } from '@khela/contract/backoffice/bonuses';
import type { Promotion } from '@khela/contract/content';
import { rowsOf } from '../../db/client';
import { bonusCampaigns, bonusFlags, memberBonuses } from '../../db/schema/bonuses';
import { promotions } from '../../db/schema/content';
import { seedDemoData } from '../../db/seed/seed';
import { demoSeeders } from '../../demo-seeders';
import { TEST_DEMO_SEED } from '../../../test/demo-seed';
import { createMember } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { memberReads } from '../accounts/member-reads';
import { signInOperator } from '../operators/operators.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/ops/api/bonuses/campaigns';

const match: CampaignBodyInput = {
  kind: 'first_deposit',
  nameEn: 'Test match 50%',
  nameBn: 'পরীক্ষা ম্যাচ ৫০%',
  termsEn: 'Get 50% of your first deposit.',
  termsBn: 'প্রথম জমার ৫০% পান।',
  percentBp: 5000,
  capMinor: 500_000,
  minDepositMinor: 20_000,
  wageringMultiplier: 10,
  wageringBase: 'bonus_deposit',
  maxStakeMinor: 50_000,
  validHours: 168,
};
const fixed = (fields: Partial<CampaignBodyInput> = {}): CampaignBodyInput => ({
  kind: 'registration',
  nameEn: 'Test sign-up',
  nameBn: 'পরীক্ষা নিবন্ধন',
  termsEn: 'A bonus when you register.',
  termsBn: 'নিবন্ধনে বোনাস।',
  amountMinor: 5_000,
  wageringMultiplier: 5,
  validHours: 72,
  ...fields,
});

const ops = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = opsHeaders(),
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

async function create(body: CampaignBodyInput): Promise<OpsCampaign> {
  const res = await ops('POST', `${BASE}?language=EN`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: OpsCampaign }>().value;
}

const campaignCount = async () =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from bonus_campaigns`),
  )[0]!.n;

async function auditOf(id: string) {
  return rowsOf<{ action: string; actor_name: string; before: unknown; after: unknown }>(
    await t.database.db.execute(
      sql`select action, actor_name, before, after from audit_events
          where target_type = 'bonus_campaign' and target_id = ${id} order by id`,
    ),
  );
}

async function memberId() {
  const { username } = await createMember(t.app);
  return { username, id: (await memberReads.byUsername(t.database.db, username))!.id };
}

describe('who may run campaigns', () => {
  it('lets a support operator read them but not create one; a content operator creates one', async () => {
    const support = await signInOperator(t.app, 'support');
    expect((await ops('GET', BASE, undefined, support.headers)).statusCode).toBe(200);
    const before = await campaignCount();
    const refused = await ops('POST', BASE, match, support.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'ops.forbidden' });
    expect(await campaignCount()).toBe(before);

    const content = await signInOperator(t.app, 'content');
    const made = await ops('POST', BASE, { ...match, nameEn: 'By content' }, content.headers);
    expect(made.statusCode, made.body).toBe(200);
    const { id, createdBy } = made.json<{ value: OpsCampaign }>().value;
    expect(createdBy).toBe(content.username);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'bonus.campaign.create', actor_name: content.username }),
    ]);
  });
});

describe('a campaign body', () => {
  it('names what each kind is missing or must not have, in English and Bengali, and changes nothing', async () => {
    const before = await campaignCount();
    const noCap = await ops('POST', `${BASE}?language=EN`, { ...match, capMinor: undefined });
    expect(noCap.statusCode).toBe(400);
    expect(noCap.json()).toMatchObject({
      errorCode: 'validation.invalid',
      data: { fields: { capMinor: ['This field is required'] } },
    });
    const bengali = await ops('POST', `${BASE}?language=BN`, { ...match, capMinor: undefined });
    expect(bengali.json().data.fields.capMinor).toEqual(['এই ঘরটি পূরণ করা আবশ্যক']);

    const cases: Array<[CampaignBodyInput, string]> = [
      [fixed({ amountMinor: undefined }), 'amountMinor'],
      [fixed({ percentBp: 5000 }), 'percentBp'],
      [fixed({ wageringBase: 'bonus_deposit' }), 'wageringBase'],
      [fixed({ promoCode: 'HELLO1' }), 'promoCode'],
      [fixed({ kind: 'promo_code' }), 'promoCode'],
      [{ ...match, amountMinor: 1_000 }, 'amountMinor'],
      [
        { ...match, kind: 'promo_code', promoCode: 'MATCH50', minDepositMinor: null },
        'minDepositMinor',
      ],
      [fixed({ startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }), 'endsAt'],
      [fixed({ promoCode: undefined, kind: 'promo_code', amountMinor: 100 }), 'promoCode'],
    ];
    for (const [body, field] of cases) {
      const res = await ops('POST', `${BASE}?language=EN`, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().data.fields), res.body).toContain(field);
    }
    expect(await campaignCount()).toBe(before);
  });

  it('takes a fixed promo code campaign and a deposit code campaign; a code is held once', async () => {
    const noDeposit = await create(fixed({ kind: 'promo_code', promoCode: 'free50', totalCap: 3 }));
    expect(noDeposit).toMatchObject({ promoCode: 'FREE50', totalCap: 3, uses: 0 });
    const deposit = await create({ ...match, kind: 'promo_code', promoCode: 'Match50' });
    expect(deposit).toMatchObject({ promoCode: 'MATCH50', percentBp: 5000 });
    const before = await campaignCount();
    const taken = await ops('POST', `${BASE}?language=BN`, {
      ...fixed({ kind: 'promo_code', promoCode: 'FREE50' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: 'bonus.promoCodeTaken',
      message: 'এই প্রোমো কোডটি অন্য একটি ক্যাম্পেইনে ব্যবহৃত হচ্ছে',
    });
    expect(await campaignCount()).toBe(before);
  });
});

describe('create, edit, pause and resume', () => {
  it('runs a new campaign with the default weights; an edit applies to later bonuses only', async () => {
    const made = await create(match);
    expect(made).toMatchObject({
      state: 'running',
      kind: 'first_deposit',
      percentBp: 5000,
      capMinor: 500_000,
      currency: 'BDT',
      weights: expect.objectContaining({ RNG: 100, LIVE: 10, LOTT: 0 }),
      createdBy: 'automation',
      uptake: expect.objectContaining({ given: 0, costMinor: 0 }),
    });
    // A bonus given before the edit keeps the terms it was given with.
    const member = await memberId();
    const givenTerms = {
      kind: 'first_deposit' as const,
      percentBp: 5000,
      amountMinor: null,
      capMinor: 500_000,
      minDepositMinor: 20_000,
      wageringMultiplier: 10,
      wageringBase: 'bonus_deposit' as const,
      weights: made.weights,
      maxStakeMinor: 50_000,
      maxConversionMinor: null,
      validHours: 168,
    };
    await t.database.db.insert(memberBonuses).values({
      memberId: member.id,
      campaignId: BigInt(made.id),
      kind: 'first_deposit',
      status: 'active',
      claimKey: 'once',
      amountMinor: 50_000n,
      depositMinor: 100_000n,
      currency: 'BDT',
      terms: givenTerms,
      requiredMinor: 1_500_000n,
    });

    const edited = await ops('PUT', `${BASE}/${made.id}`, {
      ...match,
      capMinor: 300_000,
      termsEn: 'Get 50% of your first deposit, up to ৳3,000.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({ capMinor: 300_000, uptake: { given: 1 } });
    const [given] = await t.database.db
      .select({ terms: memberBonuses.terms })
      .from(memberBonuses)
      .where(eq(memberBonuses.campaignId, BigInt(made.id)));
    expect(given!.terms).toEqual(givenTerms);

    // The same body again changes nothing and writes no second row.
    await ops('PUT', `${BASE}/${made.id}`, {
      ...match,
      capMinor: 300_000,
      termsEn: 'Get 50% of your first deposit, up to ৳3,000.',
    });
    expect(await auditOf(made.id)).toEqual([
      expect.objectContaining({ action: 'bonus.campaign.create' }),
      {
        action: 'bonus.campaign.update',
        actor_name: 'automation',
        before: { capMinor: '500000', termsEn: 'Get 50% of your first deposit.' },
        after: { capMinor: '300000', termsEn: 'Get 50% of your first deposit, up to ৳3,000.' },
      },
    ]);
  });

  it('refuses to change a kind or an unknown campaign; a bad edit changes nothing', async () => {
    const made = await create(fixed({ nameEn: 'Kind fixed' }));
    const kind = await ops('PUT', `${BASE}/${made.id}?language=EN`, { ...match });
    expect(kind.statusCode).toBe(409);
    expect(kind.json()).toMatchObject({ errorCode: 'bonus.campaignKindFixed' });
    const bad = await ops('PUT', `${BASE}/${made.id}`, fixed({ amountMinor: null }));
    expect(bad.statusCode).toBe(400);
    expect((await ops('PUT', `${BASE}/999999`, fixed())).statusCode).toBe(404);
    expect((await ops('GET', `${BASE}/999999`)).statusCode).toBe(404);
    expect((await ops('POST', `${BASE}/999999/pause`)).statusCode).toBe(404);
    const shown = (await ops('GET', `${BASE}/${made.id}`)).json<{ value: OpsCampaign }>().value;
    expect(shown).toMatchObject({ kind: 'registration', amountMinor: 5_000, nameEn: 'Kind fixed' });
    expect((await auditOf(made.id)).map((row) => row.action)).toEqual(['bonus.campaign.create']);
  });

  it('pauses and resumes, once each however often it is sent', async () => {
    const made = await create(fixed({ nameEn: 'Pause me' }));
    const paused = await ops('POST', `${BASE}/${made.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().value).toMatchObject({ state: 'paused', pausedAt: expect.any(String) });
    await ops('POST', `${BASE}/${made.id}/pause`);
    const list = (await ops('GET', `${BASE}?state=paused`)).json<{
      value: { list: OpsCampaign[] };
    }>().value.list;
    expect(list.map((c) => c.id)).toContain(made.id);
    expect(list.every((c) => c.state === 'paused')).toBe(true);
    const resumed = await ops('POST', `${BASE}/${made.id}/resume`);
    expect(resumed.json().value).toMatchObject({ state: 'running', pausedAt: null });
    expect((await auditOf(made.id)).map((row) => [row.action, row.after])).toEqual([
      ['bonus.campaign.create', expect.anything()],
      ['bonus.campaign.pause', { pausedAt: expect.any(String) }],
      ['bonus.campaign.resume', { pausedAt: null }],
    ]);
  });

  it('tells scheduled and ended campaigns apart', async () => {
    const later = await create(
      fixed({ nameEn: 'Later', startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
    );
    expect(later.state).toBe('scheduled');
    const over = await create(
      fixed({ nameEn: 'Over', endsAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(over.state).toBe('ended');
    // Paused after its end: still ended, resuming would not make it run.
    expect((await ops('POST', `${BASE}/${over.id}/pause`)).json().value.state).toBe('ended');
    const used = await create(fixed({ nameEn: 'Used up', totalCap: 1 }));
    await t.database.db
      .update(bonusCampaigns)
      .set({ uses: 1 })
      .where(eq(bonusCampaigns.id, BigInt(used.id)));
    expect((await ops('GET', `${BASE}/${used.id}`)).json().value.state).toBe('ended');
    const scheduled = (await ops('GET', `${BASE}?state=scheduled&kind=registration`)).json().value
      .list as OpsCampaign[];
    expect(scheduled.map((c) => c.id)).toEqual([later.id]);
  });
});

/**
 * The money of a ৳100 active bonus played down to ৳63: granted, then ৳37 of it staked and lost
 * (to the house, as the game wallet's bet takes a bonus part).
 */
async function holdPlayedDown(member: bigint, bonusId: bigint) {
  await t.database.db.transaction(async (tx) => {
    await t.app.services.ledger.post(tx, {
      kind: 'bonus.grant',
      source: 'bonus',
      key: `grant:${bonusId}`,
      request: { memberBonusId: String(bonusId) },
      currency: 'BDT',
      memberId: member,
      reference: { memberBonus: String(bonusId) },
      legs: [
        { account: { kind: 'bonus' }, amountMinor: -10_000n },
        { account: { kind: 'bonus_balance', ownerId: member }, amountMinor: 10_000n },
      ],
    });
    await t.app.services.ledger.post(tx, {
      kind: 'bet',
      source: 'game',
      key: `report-bet:${bonusId}`,
      request: { memberBonusId: String(bonusId) },
      currency: 'BDT',
      memberId: member,
      reference: { memberBonus: String(bonusId) },
      legs: [
        { account: { kind: 'bonus_balance', ownerId: member }, amountMinor: -3_700n },
        { account: { kind: 'house' }, amountMinor: 3_700n },
      ],
    });
  });
}

describe('uptake and cost', () => {
  it('counts the members’ bonuses by status and sums what they gave, cost and still hold', async () => {
    // Members with no bonus of their own: earlier tests' sign-up campaigns would give them one.
    await t.database.db
      .update(bonusCampaigns)
      .set({ pausedAt: new Date() })
      .where(eq(bonusCampaigns.kind, 'registration'));
    const members = await Promise.all(Array.from({ length: 7 }, () => memberId()));
    const made = await create(fixed({ nameEn: 'Report me', amountMinor: 10_000 }));
    const campaignId = BigInt(made.id);
    const rows: Array<{ status: string; amount: bigint; settled: bigint | null }> = [
      { status: 'active', amount: 10_000n, settled: null },
      { status: 'queued', amount: 10_000n, settled: null },
      { status: 'converted', amount: 10_000n, settled: 8_500n },
      { status: 'converted', amount: 10_000n, settled: 12_000n },
      { status: 'forfeited', amount: 10_000n, settled: 4_000n },
      { status: 'expired', amount: 10_000n, settled: 700n },
      { status: 'refused', amount: 10_000n, settled: null },
    ];
    for (const [i, row] of rows.entries()) {
      const member = members[i]!;
      const [bonus] = await t.database.db
        .insert(memberBonuses)
        .values({
          memberId: member.id,
          campaignId,
          kind: 'registration',
          status: row.status,
          claimKey: 'once',
          amountMinor: row.amount,
          currency: 'BDT',
          terms: {
            kind: 'registration',
            percentBp: null,
            amountMinor: 10_000,
            capMinor: null,
            minDepositMinor: null,
            wageringMultiplier: 5,
            wageringBase: 'bonus',
            weights: {},
            maxStakeMinor: null,
            maxConversionMinor: null,
            validHours: 72,
          },
          requiredMinor: 50_000n,
          settledMinor: row.settled,
        })
        .returning();
      if (row.status === 'active') await holdPlayedDown(member.id, bonus!.id);
    }
    const expected = {
      given: 6,
      queued: 1,
      active: 1,
      converted: 2,
      forfeited: 1,
      expired: 1,
      refused: 1,
      givenMinor: 60_000,
      costMinor: 20_500,
      removedMinor: 4_700,
      // What the active bonus's balance still holds; the queued one holds nothing yet.
      outstandingMinor: 6_300,
    };
    expect((await ops('GET', `${BASE}/${made.id}`)).json().value.uptake).toEqual(expected);
    const listed = (await ops('GET', BASE)).json<{ value: { list: OpsCampaign[] } }>().value.list;
    expect(listed.find((c) => c.id === made.id)?.uptake).toEqual(expected);
    // Another campaign's figures are its own.
    expect(listed.find((c) => c.nameEn === 'Pause me')?.uptake.given ?? 0).toBe(0);
  });
});

describe('abuse flags', () => {
  it('lists them newest first with the member, a page at a time', async () => {
    const member = await memberId();
    const [campaign] = await t.database.db.select().from(bonusCampaigns).limit(1);
    for (const accounts of [3, 4, 5]) {
      await t.database.db.insert(bonusFlags).values({
        kind: 'promo_device',
        memberId: member.id,
        campaignId: campaign!.id,
        detail: { device: 'dev-1', accounts },
      });
    }
    const first = await ops('GET', '/ops/api/bonuses/flags?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().value;
    expect(page.list.map((f: { detail: { accounts: number } }) => f.detail.accounts)).toEqual([
      5, 4,
    ]);
    expect(page.list[0]).toMatchObject({
      kind: 'promo_device',
      username: member.username,
      campaignId: campaign!.id.toString(),
    });
    const next = (
      await ops('GET', `/ops/api/bonuses/flags?limit=2&before=${page.nextCursor}`)
    ).json().value;
    expect(next.list.map((f: { detail: { accounts: number } }) => f.detail.accounts)).toEqual([3]);
    expect(next.nextCursor).toBeNull();
  });
});

describe('the demo data', () => {
  it('has the promised campaigns, named by their promotions, and seeding again adds none', async () => {
    const named = async () =>
      rowsOf<{ title: string; kind: string; code: string | null }>(
        await t.database.db.execute(sql`
          select p.title_en as title, c.kind, c.promo_code as code
          from promotions p join bonus_campaigns c on c.id = p.bonus_campaign_id
          order by p.sort`),
      );
    expect(await named()).toEqual([
      { title: '70% first deposit bonus', kind: 'first_deposit', code: null },
      { title: 'Sign-up bonus ৳77', kind: 'registration', code: null },
      { title: 'Live casino reload 20%', kind: 'reload', code: null },
      { title: 'Cricket accumulator insurance', kind: 'application', code: null },
      { title: 'Code WELCOME100: ৳100 free', kind: 'promo_code', code: 'WELCOME100' },
    ]);
    const [first] = await t.database.db
      .select()
      .from(bonusCampaigns)
      .where(eq(bonusCampaigns.nameEn, '70% first deposit bonus'));
    expect(first).toMatchObject({
      percentBp: 7000,
      capMinor: 700_000n,
      minDepositMinor: 20_000n,
      wageringMultiplier: 10,
      wageringBase: 'bonus_deposit',
      maxStakeMinor: 50_000n,
      validHours: 168,
      weights: expect.objectContaining({ RNG: 100, LIVE: 10, LOTT: 0 }),
    });
    expect(first!.termsBn).toMatch(/[\u0980-\u09FF]/);
    const cricket = await t.database.db
      .select({ applicable: promotions.applicable })
      .from(promotions)
      .where(eq(promotions.titleEn, 'Cricket accumulator insurance'));
    expect(cricket[0]?.applicable).toBe(true);

    const before = await campaignCount();
    await seedDemoData(t.database.db, demoSeeders(TEST_DEMO_SEED));
    expect(await campaignCount()).toBe(before);
    expect(await named()).toHaveLength(5);
  });
});

describe('the promotions page', () => {
  const listed = async (language: 'EN' | 'BN') =>
    (await t.app.inject({ method: 'GET', url: `/wps/promotion/list?language=${language}` })).json<{
      value: { list: Promotion[] };
    }>().value.list;

  it('says how to get each bonus in the player’s language', async () => {
    const en = await listed('EN');
    const bonus = (title: string) => en.find((p) => p.title === title)?.bonus;
    expect(bonus('70% first deposit bonus')).toMatchObject({
      kind: 'first_deposit',
      howTo:
        'Choose this bonus on the deposit screen before you pay your first deposit (a deposit of at least ৳200).',
    });
    expect(bonus('Code WELCOME100: ৳100 free')?.howTo).toBe(
      'Enter code WELCOME100 on the bonus page. No deposit needed.',
    );
    expect(bonus('Cricket accumulator insurance')?.howTo).toBe(
      'Apply on this page; the bonus is paid when your application is approved.',
    );
    // The sign-up campaign is seeded paused (demo-campaigns.ts): its promotion, promising ৳77
    // nobody can get, is not listed; a promotion naming no campaign is, without a bonus.
    expect(en.map((p) => p.title)).not.toContain('Sign-up bonus ৳77');
    expect(bonus('Weekend free spins')).toBeNull();

    const bn = await listed('BN');
    const first = bn.find((p) => p.title === '৭০% প্রথম জমা বোনাস')!;
    expect(first.bonus?.howTo).toBe(
      'প্রথম জমার টাকা পাঠানোর আগে জমার পাতায় এই বোনাসটি বেছে নিন (কমপক্ষে ৳২০০ জমা)।',
    );
    expect(bn.find((p) => p.title === 'কোড WELCOME100: ৳১০০ ফ্রি')?.bonus?.howTo).toBe(
      'বোনাস পাতায় WELCOME100 কোডটি লিখুন। কোনো জমা লাগবে না।',
    );
  });

  it('takes a paused campaign’s promotion down, and puts it back on resume', async () => {
    const promotion = (await listed('EN')).find((p) => p.title === 'Live casino reload 20%')!;
    const campaignId = promotion.bonus!.campaignId;
    expect(promotion.bonus!.howTo).toBe(
      'Choose this bonus on the deposit screen before you pay (a deposit of at least ৳500).',
    );
    await ops('POST', `${BASE}/${campaignId}/pause`);
    const detail = () =>
      t.app.inject({
        method: 'GET',
        url: `/wps/promotion/detail?id=${promotion.id}&language=EN`,
      });
    expect((await detail()).statusCode).toBe(404);
    expect((await listed('EN')).map((p) => p.id)).not.toContain(promotion.id);
    await ops('POST', `${BASE}/${campaignId}/resume`);
    expect((await detail()).json<{ value: Promotion }>().value.bonus).toMatchObject({
      campaignId,
      kind: 'reload',
    });
    expect((await listed('EN')).map((p) => p.id)).toContain(promotion.id);
  });
});

describe('a promotion naming a campaign', () => {
  it('is set by the content desk; an unknown campaign is refused; the page then says how to get it', async () => {
    const made = await create(
      fixed({ kind: 'application', nameEn: 'Applied bonus', amountMinor: 20_000 }),
    );
    const unknown = await ops('POST', '/ops/api/content/promotions?language=EN', {
      titleEn: 'Apply for ৳200',
      titleBn: 'আবেদন করে ৳২০০',
      contentEn: '<p>Apply.</p>',
      contentBn: '<p>আবেদন।</p>',
      applicable: true,
      bonusCampaignId: '999999',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'bonus.notFound' });

    const promotion = await ops('POST', '/ops/api/content/promotions', {
      titleEn: 'Apply for ৳200',
      titleBn: 'আবেদন করে ৳২০০',
      contentEn: '<p>Apply.</p>',
      contentBn: '<p>আবেদন।</p>',
      applicable: true,
      bonusCampaignId: made.id,
    });
    expect(promotion.statusCode, promotion.body).toBe(200);
    const { id } = promotion.json<{ value: { id: number; bonusCampaignId: string } }>().value;
    expect(promotion.json().value.bonusCampaignId).toBe(made.id);
    const shown = (
      await t.app.inject({ method: 'GET', url: `/wps/promotion/detail?id=${id}&language=BN` })
    ).json<{ value: Promotion }>().value;
    expect(shown.bonus).toEqual({
      campaignId: made.id,
      kind: 'application',
      howTo: 'এই পাতায় আবেদন করুন; আবেদন অনুমোদিত হলে বোনাস দেওয়া হবে।',
    });

    const cleared = await ops('PATCH', `/ops/api/content/promotions/${id}`, {
      bonusCampaignId: null,
    });
    expect(cleared.json().value.bonusCampaignId).toBeNull();
    const audit = rowsOf<{ before: unknown; after: unknown }>(
      await t.database.db.execute(
        sql`select before, after from audit_events
            where action = 'content.update' and target_id = ${String(id)}`,
      ),
    );
    expect(audit).toEqual([
      { before: { bonusCampaignId: made.id }, after: { bonusCampaignId: null } },
    ]);
  });
});
