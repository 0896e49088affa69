/**
 * Bonuses: the wire shapes of /wps/bonus/* and the rules both sides show. docs/bonuses.md explains
 * the engine (two balances, wagering, conversion, expiry, abuse checks). Amounts are integer minor
 * units; rates are basis points (7000 = 70 %).
 */
import { z } from 'zod';
import { GAME_CATEGORIES } from './game-categories';

/**
 * How a bonus is given: a match on the first deposit or on a later one (opted into before paying),
 * a no-deposit registration bonus, a promo code, an approved promotion application, or an
 * operator's manual bonus.
 */
export const BONUS_KINDS = [
  'first_deposit',
  'reload',
  'registration',
  'promo_code',
  'application',
  'manual',
] as const;
export const BonusKindSchema = z.enum(BONUS_KINDS);
export type BonusKind = z.infer<typeof BonusKindSchema>;

/**
 * A member's bonus: `queued` waits (one is active at a time, and a queued one holds no money yet);
 * `active` holds the bonus balance while it is wagered; it ends `converted` (the requirement met,
 * the balance became cash), `forfeited` (by the player, on a withdrawal, or by an operator) or
 * `expired`. `refused`: asked for but not given (the reason says why), kept so the player is told.
 */
export const MEMBER_BONUS_STATUSES = [
  'queued',
  'active',
  'converted',
  'forfeited',
  'expired',
  'refused',
] as const;
export const MemberBonusStatusSchema = z.enum(MEMBER_BONUS_STATUSES);
export type MemberBonusStatus = z.infer<typeof MemberBonusStatusSchema>;

/** What the wagering requirement multiplies: the bonus, or the bonus and the deposit it matched. */
export const WAGERING_BASES = ['bonus', 'bonus_deposit'] as const;
export const WageringBaseSchema = z.enum(WAGERING_BASES);
export type WageringBase = z.infer<typeof WageringBaseSchema>;

/** Percent of a settled stake that counts toward wagering, per game category (missing: 0). */
export const WageringWeightsSchema = z.partialRecord(
  z.enum(GAME_CATEGORIES),
  z.number().int().min(0).max(100),
);
export type WageringWeights = z.infer<typeof WageringWeightsSchema>;
/** Slots, fishing and in-house games count in full; table, live and sports a tenth; lottery not. */
export const DEFAULT_WAGERING_WEIGHTS: WageringWeights = {
  RNG: 100,
  FISH: 100,
  INHOUSE: 100,
  BINGO: 50,
  PVP: 10,
  LIVE: 10,
  SPORTS: 10,
  ESPORTS: 10,
  COCKFIGHT: 10,
  LOTT: 0,
  ELOTT: 0,
};

/** Promo codes: letters and digits, as the player types them (matched without case). */
export const PromoCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(24)
  .regex(/^[A-Za-z0-9]+$/)
  .transform((code) => code.toUpperCase());

/** The terms a player reads before taking a bonus: the key ones shown beside the offer. */
export const BonusTermsSchema = z.object({
  kind: BonusKindSchema,
  /** Matches: percent of the deposit, in basis points. */
  percentBp: z.number().int().nullable(),
  /** Fixed bonuses (registration, promo code, application, manual): the amount. */
  amountMinor: z.number().int().nullable(),
  /** The most a match gives. */
  capMinor: z.number().int().nullable(),
  minDepositMinor: z.number().int().nullable(),
  wageringMultiplier: z.number().int(),
  wageringBase: WageringBaseSchema,
  weights: WageringWeightsSchema,
  /** The largest stake a bet may have while the bonus is active. */
  maxStakeMinor: z.number().int().nullable(),
  /** The most of the bonus balance that turns into cash; the rest is removed. */
  maxConversionMinor: z.number().int().nullable(),
  /** How long the bonus may be wagered, from the moment it becomes active. */
  validHours: z.number().int(),
  /** The full terms, in the request's language (plain text, paragraphs separated by blank lines). */
  text: z.string(),
});
export type BonusTerms = z.infer<typeof BonusTermsSchema>;

/** A bonus the player can take now (deposit screen, bonus page, promotion page). */
export const BonusOfferSchema = z.object({
  campaignId: z.string(),
  /** In the request's language. */
  name: z.string(),
  terms: BonusTermsSchema,
  /** Campaigns a code unlocks are not listed; the player types the code. */
  needsCode: z.boolean(),
  /** Claimable until (ISO 8601, UTC); null: no end. */
  endsAt: z.string().nullable(),
});
export type BonusOffer = z.infer<typeof BonusOfferSchema>;

/** GET /wps/bonus/offers?context=deposit|all: `value: { list }`. */
export const BonusOffersQuerySchema = z
  .object({ context: z.enum(['deposit', 'all']).default('all') })
  .strict();
export const BonusOfferListSchema = z.object({ list: z.array(BonusOfferSchema) });
export type BonusOfferList = z.infer<typeof BonusOfferListSchema>;

export const MemberBonusSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  name: z.string(),
  kind: BonusKindSchema,
  status: MemberBonusStatusSchema,
  amountMinor: z.number().int(),
  /** The deposit a match was given on. */
  depositMinor: z.number().int().nullable(),
  /** What is left of the bonus balance (active only; 0 otherwise). */
  balanceMinor: z.number().int(),
  wageredMinor: z.number().int(),
  requiredMinor: z.number().int(),
  currency: z.string(),
  /** ISO 8601, UTC; null until it is active. */
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Converted: how much became cash. Forfeited or expired: how much was removed. */
  settledMinor: z.number().int().nullable(),
  /** Refused: why, in the request's language. */
  reason: z.string().nullable(),
  terms: BonusTermsSchema,
  createdAt: z.string(),
});
export type MemberBonus = z.infer<typeof MemberBonusSchema>;

/** GET /wps/bonus/mine: the active bonus, the queue in the order they will start, the past ones. */
export const MyBonusesSchema = z.object({
  active: MemberBonusSchema.nullable(),
  queued: z.array(MemberBonusSchema),
  past: z.array(MemberBonusSchema),
});
export type MyBonuses = z.infer<typeof MyBonusesSchema>;

/** POST /wps/bonus/promo: a code for a bonus without a deposit. Deposit codes go with the deposit. */
export const RedeemPromoBodySchema = z.object({ code: PromoCodeSchema }).strict();
export type RedeemPromoBody = z.infer<typeof RedeemPromoBodySchema>;
export const RedeemPromoAnswerSchema = z.object({ bonus: MemberBonusSchema });

/** POST /wps/bonus/:id/forfeit: the player gives up a bonus (its balance is removed, never cash). */
export const BonusParamsSchema = z.object({ id: z.string().regex(/^\d{1,19}$/) });

/** The wallet's two balances, in major units with 2 decimals like `sumBalance` (their total). */
export const BalanceSplitSchema = z.object({ cashBalance: z.number(), bonusBalance: z.number() });

/** POST /wps/bonus/:id/forfeit and the operator's grant and forfeit: the bonus as it is now. */
export const MemberBonusAnswerSchema = z.object({ bonus: MemberBonusSchema });

/** GET /ops/api/members/:username/bonuses: the member's bonuses, newest first. */
export const MemberBonusListSchema = z.object({ list: z.array(MemberBonusSchema) });

/**
 * POST /ops/api/members/:username/bonuses: a manual bonus on a campaign's terms. `amountMinor`
 * replaces the campaign's amount; `key` makes a retry give it once (a fresh one otherwise).
 */
export const ManualBonusBodySchema = z
  .object({
    campaignId: z.string().regex(/^\d{1,19}$/),
    amountMinor: z.number().int().positive().max(1e12).optional(),
    key: z.string().trim().min(1).max(48).optional(),
  })
  .strict();
export type ManualBonusBody = z.infer<typeof ManualBonusBodySchema>;

/**
 * PUT /ops/api/bonuses/:id/expiry: when an active bonus ends (extended as goodwill, or brought
 * forward; a time already past ends it at once), and why (kept in the audit trail).
 */
export const OpsBonusExpiryBodySchema = z
  .object({
    expiresAt: z.iso.datetime({ offset: true }),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type OpsBonusExpiryBody = z.infer<typeof OpsBonusExpiryBodySchema>;

/** POST /ops/api/bonuses/:id/forfeit: why (kept in the audit trail). */
export const OpsForfeitBodySchema = z
  .object({ reason: z.string().trim().min(1).max(200).optional() })
  .strict();
