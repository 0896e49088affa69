/**
 * Bonus campaigns, the operator's side (/ops/api/bonuses; permissions bonuses.read and
 * bonuses.manage): a campaign's terms in both languages, its schedule and audience, pause and
 * resume, and what it has cost (uptake from the members' bonuses). docs/bonuses.md "Campaigns for
 * operators". An edit applies to bonuses given later: a given bonus keeps the terms it was given
 * with. Amounts are integer minor units; rates basis points (7000 = 70 %).
 */
import { z } from 'zod';
import {
  BonusKindSchema,
  BonusTermsSchema,
  DEFAULT_WAGERING_WEIGHTS,
  PromoCodeSchema,
  WageringBaseSchema,
  WageringWeightsSchema,
  type BonusKind,
} from '../bonus';

const IdSchema = z.string().regex(/^\d{1,19}$/);

export const CAMPAIGN_LIMITS = {
  nameChars: 120,
  termsChars: 8000,
  /** 1000 % of the deposit at most. */
  percentBpMax: 100_000,
  /** ৳10,000,000 at most for any one amount. */
  amountMax: 1_000_000_000,
  wageringMultiplierMax: 100,
  /** A year. */
  validHoursMax: 8760,
  totalCapMax: 10_000_000,
  flagPageSize: 50,
  flagPageMax: 200,
} as const;

/** Matches give a percent of a deposit; the others a fixed amount. */
export const MATCH_KINDS: readonly BonusKind[] = ['first_deposit', 'reload'];

const amount = z.number().int().min(1).max(CAMPAIGN_LIMITS.amountMax);
const name = z.string().trim().min(1).max(CAMPAIGN_LIMITS.nameChars);
const terms = z.string().trim().min(1).max(CAMPAIGN_LIMITS.termsChars);

/** Who may take the bonus; nothing set: every member. */
export const CampaignAudienceSchema = z
  .object({
    /** Members carrying any of these tags (members desk). */
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(32)
          .regex(/^[\p{L}\p{N} _.-]+$/u),
      )
      .min(1)
      .max(20)
      .optional(),
    /** Members at this VIP level or above. */
    minVipLevel: z.number().int().min(0).max(100).optional(),
    /** Members who registered on or after this instant. */
    registeredFrom: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type CampaignAudience = z.infer<typeof CampaignAudienceSchema>;

/** A field a kind needs, reported as a missing field (the 400 names it, in both languages). */
const need = (ctx: z.RefinementCtx, field: string) =>
  ctx.addIssue({ code: 'invalid_type', expected: 'number', input: undefined, path: [field] });
/** A field a kind has no use for, reported as not allowed. */
const refuse = (ctx: z.RefinementCtx, field: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message });

/**
 * POST /ops/api/bonuses/campaigns and PUT …/:id (the whole campaign; the kind cannot change).
 * - first_deposit, reload: percentBp, capMinor and minDepositMinor; no amountMinor.
 * - registration, application, manual: amountMinor (manual: the default an operator may change).
 * - promo_code: promoCode, and either amountMinor (no deposit, redeemed on the bonus page) or
 *   the match trio (typed on the deposit screen).
 * - wageringBase `bonus_deposit` only where there is a deposit (matches).
 */
export const CampaignBodySchema = z
  .object({
    kind: BonusKindSchema,
    nameEn: name,
    nameBn: name,
    termsEn: terms,
    termsBn: terms,
    percentBp: z.number().int().min(1).max(CAMPAIGN_LIMITS.percentBpMax).nullable().optional(),
    amountMinor: amount.nullable().optional(),
    capMinor: amount.nullable().optional(),
    minDepositMinor: amount.nullable().optional(),
    wageringMultiplier: z.number().int().min(0).max(CAMPAIGN_LIMITS.wageringMultiplierMax),
    wageringBase: WageringBaseSchema.default('bonus'),
    weights: WageringWeightsSchema.default(DEFAULT_WAGERING_WEIGHTS),
    /** The largest stake while the bonus is active; null: no limit. */
    maxStakeMinor: amount.nullable().default(null),
    /** The most that turns into cash; null: all of it. */
    maxConversionMinor: amount.nullable().default(null),
    validHours: z.number().int().min(1).max(CAMPAIGN_LIMITS.validHoursMax),
    promoCode: PromoCodeSchema.nullable().optional(),
    /** How many times it may be given in all; null: no limit. */
    totalCap: z.number().int().min(1).max(CAMPAIGN_LIMITS.totalCapMax).nullable().default(null),
    audience: CampaignAudienceSchema.default({}),
    /** Claimable from / until; null: no bound. */
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Order among the offers, highest first. */
    priority: z.number().int().min(-1000).max(1000).default(0),
  })
  .strict()
  .superRefine((body, ctx) => {
    const match = MATCH_KINDS.includes(body.kind);
    const has = (value: unknown) => value !== undefined && value !== null;
    const matchFields = ['percentBp', 'capMinor', 'minDepositMinor'] as const;
    const codeMatch = body.kind === 'promo_code' && !has(body.amountMinor);
    if (match || codeMatch) {
      for (const field of matchFields) if (!has(body[field])) need(ctx, field);
      if (has(body.amountMinor)) refuse(ctx, 'amountMinor', 'A match gives a percent');
    } else {
      if (body.kind !== 'manual' && !has(body.amountMinor)) need(ctx, 'amountMinor');
      for (const field of matchFields) {
        if (has(body[field])) refuse(ctx, field, 'Only a match has this');
      }
      if (body.wageringBase === 'bonus_deposit') {
        refuse(ctx, 'wageringBase', 'Without a deposit the base is the bonus');
      }
    }
    if (body.kind === 'promo_code' && !has(body.promoCode)) {
      ctx.addIssue({
        code: 'invalid_type',
        expected: 'string',
        input: undefined,
        path: ['promoCode'],
      });
    }
    if (body.kind !== 'promo_code' && has(body.promoCode)) {
      refuse(ctx, 'promoCode', 'Only a promo code campaign has a code');
    }
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
      refuse(ctx, 'endsAt', 'Ends after it starts');
    }
  });
export type CampaignBody = z.output<typeof CampaignBodySchema>;
export type CampaignBodyInput = z.input<typeof CampaignBodySchema>;

/**
 * Where a campaign stands now: `scheduled` (starts later), `running`, `paused` (by an operator:
 * not offered, not given), `ended` (its end passed, or it was given `totalCap` times).
 */
export const CAMPAIGN_STATES = ['scheduled', 'running', 'paused', 'ended'] as const;
export const CampaignStateSchema = z.enum(CAMPAIGN_STATES);
export type CampaignState = z.infer<typeof CampaignStateSchema>;

/** What a campaign has given and cost, from its members' bonuses. */
export const CampaignUptakeSchema = z.object({
  /** Bonuses given (every status but refused). */
  given: z.number().int(),
  queued: z.number().int(),
  active: z.number().int(),
  converted: z.number().int(),
  forfeited: z.number().int(),
  expired: z.number().int(),
  /** Asked for and refused (already claimed, too small a deposit …). */
  refused: z.number().int(),
  /** The amounts given. */
  givenMinor: z.number().int(),
  /** What became cash on conversion: the campaign's cost. */
  costMinor: z.number().int(),
  /** What forfeits and expiries removed. */
  removedMinor: z.number().int(),
  /** What the bonus balances of the campaign's active bonuses still hold: what may yet become cash. */
  outstandingMinor: z.number().int(),
});
export type CampaignUptake = z.infer<typeof CampaignUptakeSchema>;

/** A campaign as the operator sees it: the player's terms (both languages) plus its running state. */
export const OpsCampaignSchema = BonusTermsSchema.omit({ text: true }).extend({
  id: IdSchema,
  nameEn: z.string(),
  nameBn: z.string(),
  termsEn: z.string(),
  termsBn: z.string(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  totalCap: z.number().int().nullable(),
  /** How many times it has been given. */
  uses: z.number().int(),
  audience: CampaignAudienceSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  priority: z.number().int(),
  state: CampaignStateSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  uptake: CampaignUptakeSchema,
});
export type OpsCampaign = z.infer<typeof OpsCampaignSchema>;

export const OpsCampaignListQuerySchema = z
  .object({ state: CampaignStateSchema.optional(), kind: BonusKindSchema.optional() })
  .strict();
export type OpsCampaignListQuery = z.infer<typeof OpsCampaignListQuerySchema>;

/** Newest first. */
export const OpsCampaignListSchema = z.object({ list: z.array(OpsCampaignSchema) });
export type OpsCampaignList = z.infer<typeof OpsCampaignListSchema>;

export const OpsCampaignParamsSchema = z.object({ id: IdSchema }).strict();

/** A sign of bonus abuse (a promo code used from many accounts on one device …). */
export const OpsBonusFlagSchema = z.object({
  id: IdSchema,
  /** `promo_device`, `person_repeat` */
  kind: z.string(),
  memberId: IdSchema,
  username: z.string().nullable(),
  campaignId: IdSchema.nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type OpsBonusFlag = z.infer<typeof OpsBonusFlagSchema>;

export const OpsBonusFlagQuerySchema = z
  .object({
    /** `nextCursor` of the previous page. */
    before: IdSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CAMPAIGN_LIMITS.flagPageMax)
      .default(CAMPAIGN_LIMITS.flagPageSize),
  })
  .strict();
export type OpsBonusFlagQuery = z.output<typeof OpsBonusFlagQuerySchema>;

/** Newest first. */
export const OpsBonusFlagPageSchema = z.object({
  list: z.array(OpsBonusFlagSchema),
  nextCursor: IdSchema.nullable(),
});
export type OpsBonusFlagPage = z.infer<typeof OpsBonusFlagPageSchema>;
