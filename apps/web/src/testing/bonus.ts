/** Bonus answers as the contract describes them (docs/bonuses.md, "Player API"), for the web tests. */
import type { BonusOffer, BonusTerms, MemberBonus, MyBonuses } from '@khela/contract/bonus';
import { DEFAULT_WAGERING_WEIGHTS } from '@khela/contract/bonus';
import { ok, type MockRoutes } from './mock-api';

export const buildBonusTerms = (overrides: Partial<BonusTerms> = {}): BonusTerms => ({
  kind: 'first_deposit',
  percentBp: 7000,
  amountMinor: null,
  capMinor: 700_000,
  minDepositMinor: 50_000,
  wageringMultiplier: 20,
  wageringBase: 'bonus',
  weights: DEFAULT_WAGERING_WEIGHTS,
  maxStakeMinor: 50_000,
  maxConversionMinor: null,
  validHours: 7 * 24,
  text: 'The bonus is 70% of your first deposit.\n\nSlots count in full toward wagering.',
  ...overrides,
});

export const buildOffer = (overrides: Partial<BonusOffer> = {}): BonusOffer => ({
  campaignId: '11',
  name: '70% first deposit bonus',
  terms: buildBonusTerms(),
  needsCode: false,
  endsAt: null,
  ...overrides,
});

export const buildMemberBonus = (overrides: Partial<MemberBonus> = {}): MemberBonus => ({
  id: '501',
  campaignId: '11',
  name: '70% first deposit bonus',
  kind: 'first_deposit',
  status: 'active',
  amountMinor: 70_000,
  depositMinor: 100_000,
  balanceMinor: 120_000,
  wageredMinor: 350_000,
  requiredMinor: 1_400_000,
  currency: 'BDT',
  activatedAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  endedAt: null,
  settledMinor: null,
  reason: null,
  terms: buildBonusTerms(),
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const noBonuses = (): MyBonuses => ({ active: null, queued: [], past: [] });

/** The bonus calls answered: no bonuses and no offers unless given. */
export const bonusRoutes = (
  mine: MyBonuses = noBonuses(),
  offers: { all?: BonusOffer[]; deposit?: BonusOffer[] } = {},
): MockRoutes => ({
  '/wps/bonus/mine': ok(mine),
  '/wps/bonus/offers': (url) =>
    ok({
      list: (url.searchParams.get('context') === 'deposit' ? offers.deposit : offers.all) ?? [],
    }),
});
