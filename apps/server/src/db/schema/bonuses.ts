/**
 * Bonuses: the operator's campaigns, each member's bonuses, and what keeps a bonus to one per
 * person. Owned by modules/bonuses (docs/bonuses.md). The money itself is in the ledger: a
 * member's `bonus_balance` account holds the active bonus's balance.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BonusTerms, WageringWeights } from '@khela/contract/bonus';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'bigint' });

/** Who may take a campaign's bonus; empty: every member. */
export interface BonusAudience {
  /** Members carrying any of these tags (members desk). */
  tags?: string[];
  /** Members at this VIP level or above. */
  minVipLevel?: number;
  /** Members who registered on or after this instant (ISO 8601). */
  registeredFrom?: string;
}

export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** BONUS_KINDS */
    kind: varchar('kind', { length: 16 }).notNull(),
    nameEn: varchar('name_en', { length: 120 }).notNull(),
    nameBn: varchar('name_bn', { length: 120 }).notNull(),
    termsEn: varchar('terms_en', { length: 8000 }).notNull(),
    termsBn: varchar('terms_bn', { length: 8000 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('BDT'),
    /** Matches: basis points of the deposit. */
    percentBp: integer('percent_bp'),
    /** Fixed bonuses: the amount. */
    amountMinor: minor('amount_minor'),
    capMinor: minor('cap_minor'),
    minDepositMinor: minor('min_deposit_minor'),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    /** WAGERING_BASES */
    wageringBase: varchar('wagering_base', { length: 16 }).notNull().default('bonus'),
    weights: jsonb('weights').$type<WageringWeights>().notNull(),
    maxStakeMinor: minor('max_stake_minor'),
    maxConversionMinor: minor('max_conversion_minor'),
    validHours: integer('valid_hours').notNull(),
    /** Upper case; a code campaign is not listed among the offers. */
    promoCode: varchar('promo_code', { length: 24 }),
    /** How many times the campaign may be given in all; null: no limit. */
    totalCap: integer('total_cap'),
    /** How many times it has been given (counted up by a conditional update under the cap). */
    uses: integer('uses').notNull().default(0),
    audience: jsonb('audience').$type<BonusAudience>().notNull().default({}),
    /** Claimable from/until; null: no bound. */
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    /** Set while the operator has paused it: not offered, not given. */
    pausedAt: at('paused_at'),
    /** Order among the offers, highest first. */
    priority: integer('priority').notNull().default(0),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_campaigns_promo_code')
      .on(t.promoCode)
      .where(sql`${t.promoCode} is not null`),
    index('bonus_campaigns_kind').on(t.kind, t.id),
  ],
);

export const memberBonuses = pgTable(
  'member_bonuses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    campaignId: bigint('campaign_id', { mode: 'bigint' })
      .notNull()
      .references(() => bonusCampaigns.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** MEMBER_BONUS_STATUSES */
    status: varchar('status', { length: 12 }).notNull(),
    /**
     * What makes a claim unique for this member and campaign: `once` for one-time bonuses, the
     * deposit id for reloads, the application id for applications, a fresh id for manual ones.
     */
    claimKey: varchar('claim_key', { length: 64 }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    depositMinor: minor('deposit_minor'),
    depositId: bigint('deposit_id', { mode: 'bigint' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The campaign's terms when the bonus was given (later edits do not change them). */
    terms: jsonb('terms').$type<Omit<BonusTerms, 'text'>>().notNull(),
    requiredMinor: minor('required_minor').notNull(),
    /** Weighted stake of the settled rounds counted so far. */
    wageredMinor: minor('wagered_minor')
      .notNull()
      .default(sql`0`),
    activatedAt: at('activated_at'),
    expiresAt: at('expires_at'),
    endedAt: at('ended_at'),
    /** Converted: what became cash. Forfeited or expired: what was removed. */
    settledMinor: minor('settled_minor'),
    /** Refused or forfeited: an error code or `player`, `withdrawal`, `operator`. */
    reason: varchar('reason', { length: 48 }),
    /** Where it came from: promo code, application id, operator, device. */
    origin: jsonb('origin').$type<Record<string, string>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_bonuses_claim').on(t.campaignId, t.memberId, t.claimKey),
    // One active bonus per member, held by the database, not by a read.
    uniqueIndex('member_bonuses_one_active')
      .on(t.memberId)
      .where(sql`${t.status} = 'active'`),
    index('member_bonuses_member').on(t.memberId, t.id),
    index('member_bonuses_status').on(t.status, t.id),
  ],
);

/**
 * One first-deposit bonus per person: each claim writes one row per thing that names the person
 * (`mobile:…`, `device:…`, `payee:…`, `namebirth:…`); a second claim meeting any of them is
 * refused. The primary key decides a race between two deposits.
 */
export const bonusPersonClaims = pgTable(
  'bonus_person_claims',
  {
    /** What the claim is once per person for: `first_deposit`. */
    scope: varchar('scope', { length: 16 }).notNull(),
    personKey: varchar('person_key', { length: 160 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    memberBonusId: bigint('member_bonus_id', { mode: 'bigint' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.personKey] })],
);

/** The bonus a player opted into for a deposit not yet paid; given when it is paid. */
export const bonusDepositOptIns = pgTable('bonus_deposit_opt_ins', {
  depositId: bigint('deposit_id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  campaignId: bigint('campaign_id', { mode: 'bigint' })
    .notNull()
    .references(() => bonusCampaigns.id),
  promoCode: varchar('promo_code', { length: 24 }),
  deviceId: varchar('device_id', { length: 64 }),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Signs of bonus abuse for the operator (a promo code used from many accounts on one device). */
export const bonusFlags = pgTable(
  'bonus_flags',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `promo_device`, `person_repeat` */
    kind: varchar('kind', { length: 24 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'bigint' }),
    detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('bonus_flags_created').on(t.createdAt, t.id)],
);
