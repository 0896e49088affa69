/**
 * VIP levels (/m/member/benefits) and the member centre's progress bar
 * (GET /wps/relay/MCSFE_getPlayerRankProgress). The operator configures the levels (setting
 * `vipLevels`); each has conditions on deposits (paid deposits) and turnover (bets), both summed
 * from the ledger. A member's level is the highest whose conditions are all met. Amounts are
 * integer minor units (৳1.00 = 100) in every VIP answer.
 */
import { z } from 'zod';
import type { Language, Localized } from './language';

/** The flag of the VIP entry, the progress bar and the benefits page. */
export const VIP_FLAG = 'VIPBENEFIT3';

export const VIP_CONDITION_KINDS = ['deposits', 'turnover'] as const;
export type VipConditionKind = (typeof VIP_CONDITION_KINDS)[number];

const LocalizedCopySchema = z.object({ EN: z.string().max(500), BN: z.string().max(500) });

export const VipLevelSettingSchema = z.object({
  /** Stable id, also the rank label id (`playerRankProgress.labelId`). */
  id: z.number().int().min(0).max(999),
  name: z.string().trim().min(1).max(32),
  /** Minimum sum of paid deposits; 0: no deposit condition. */
  depositsMinor: z.number().int().min(0).max(1e15),
  /** Minimum sum of bets; 0: no turnover condition. */
  turnoverMinor: z.number().int().min(0).max(1e15),
  benefits: LocalizedCopySchema,
});
export type VipLevelSetting = z.infer<typeof VipLevelSettingSchema>;

/** Ordered lowest first; ids unique; each level asks at least what the one below asks. */
export const VipLevelsSettingSchema = z
  .array(VipLevelSettingSchema)
  .min(1)
  .max(20)
  .superRefine((levels, ctx) => {
    const ids = new Set<number>();
    levels.forEach((level, i) => {
      if (ids.has(level.id)) ctx.addIssue({ code: 'custom', message: 'Duplicate level id' });
      ids.add(level.id);
      const below = levels[i - 1];
      if (
        below &&
        (level.depositsMinor < below.depositsMinor || level.turnoverMinor < below.turnoverMinor)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `Level ${level.name} asks less than the level below it`,
        });
      }
    });
  });

const benefits = (EN: string, BN: string): Localized => ({ EN, BN });

/** Six levels; the first asks nothing, so every member starts at VIP0. */
export const DEFAULT_VIP_LEVELS: VipLevelSetting[] = [
  {
    id: 0,
    name: 'VIP0',
    depositsMinor: 0,
    turnoverMinor: 0,
    benefits: benefits(
      'Welcome rewards and weekly promotions.',
      'স্বাগত পুরস্কার এবং সাপ্তাহিক প্রচারণা।',
    ),
  },
  {
    id: 1,
    name: 'VIP1',
    depositsMinor: 100_000,
    turnoverMinor: 500_000,
    benefits: benefits('0.3% rebate, birthday bonus ৳77.', '০.৩% রিবেট, জন্মদিনের বোনাস ৳৭৭।'),
  },
  {
    id: 2,
    name: 'VIP2',
    depositsMinor: 1_000_000,
    turnoverMinor: 5_000_000,
    benefits: benefits(
      '0.5% rebate, birthday bonus ৳377, faster withdrawals.',
      '০.৫% রিবেট, জন্মদিনের বোনাস ৳৩৭৭, দ্রুত উত্তোলন।',
    ),
  },
  {
    id: 3,
    name: 'VIP3',
    depositsMinor: 5_000_000,
    turnoverMinor: 25_000_000,
    benefits: benefits(
      '0.7% rebate, birthday bonus ৳777, monthly gift.',
      '০.৭% রিবেট, জন্মদিনের বোনাস ৳৭৭৭, মাসিক উপহার।',
    ),
  },
  {
    id: 4,
    name: 'VIP4',
    depositsMinor: 20_000_000,
    turnoverMinor: 100_000_000,
    benefits: benefits(
      '0.9% rebate, birthday bonus ৳1,777, a personal account manager.',
      '০.৯% রিবেট, জন্মদিনের বোনাস ৳১,৭৭৭, ব্যক্তিগত অ্যাকাউন্ট ম্যানেজার।',
    ),
  },
  {
    id: 5,
    name: 'VIP5',
    depositsMinor: 100_000_000,
    turnoverMinor: 500_000_000,
    benefits: benefits(
      '1.2% rebate, birthday bonus ৳7,777, priority withdrawals and events.',
      '১.২% রিবেট, জন্মদিনের বোনাস ৳৭,৭৭৭, অগ্রাধিকার উত্তোলন ও ইভেন্ট।',
    ),
  },
];

// ── The spec's progress rule (§4) ────────────────────────────────────────────────────────────

export interface RankProgressInput {
  currentProgress?: { completedConditions?: number; totalExpectedConditions?: number } | null;
  playerRankProgress?: { labelId?: number | null } | null;
}

/**
 * Progress = completed conditions / expected conditions; 1 when there is no rank label (or no
 * condition to meet); the percentage is the floor of progress × 100.
 */
export function rankProgress(input: RankProgressInput): { progress: number; percentage: number } {
  const labelId = input.playerRankProgress?.labelId;
  const completed = input.currentProgress?.completedConditions ?? 0;
  const expected = input.currentProgress?.totalExpectedConditions ?? 0;
  const progress =
    labelId === undefined || labelId === null || expected <= 0
      ? 1
      : Math.min(1, Math.max(0, completed / expected));
  return { progress, percentage: Math.floor(progress * 100) };
}

// ── Wire ─────────────────────────────────────────────────────────────────────────────────────

/** GET /wps/relay/MCSFE_getPlayerRankProgress: progress toward the next level. */
export const RankProgressSchema = z.object({
  currentProgress: z.object({
    completedConditions: z.number().int().min(0),
    totalExpectedConditions: z.number().int().min(0),
  }),
  /** The level being worked toward; `labelId` null at the top level (the bar shows full). */
  playerRankProgress: z.object({
    labelId: z.number().int().nullable(),
    labelName: z.string().nullable(),
    /** The level the member holds now (null when the lowest level has conditions not yet met). */
    currentLabelId: z.number().int().nullable(),
    currentLabelName: z.string().nullable(),
  }),
});
export type RankProgress = z.infer<typeof RankProgressSchema>;

export const VipConditionSchema = z.object({
  kind: z.enum(VIP_CONDITION_KINDS),
  requiredMinor: z.number().int(),
  achievedMinor: z.number().int(),
  /** achieved / required, at most 1: for a bar per condition. */
  fraction: z.number().min(0).max(1),
  met: z.boolean(),
});
export type VipCondition = z.infer<typeof VipConditionSchema>;

export const VipLevelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  depositsMinor: z.number().int(),
  turnoverMinor: z.number().int(),
  /** In the request's language. */
  benefits: z.string(),
});
export type VipLevel = z.infer<typeof VipLevelSchema>;

/** GET /wps/member/vip: the levels, the member's level and the way to the next one. */
export const VipSummarySchema = z.object({
  levels: z.array(VipLevelSchema),
  currentLevelId: z.number().int().nullable(),
  nextLevelId: z.number().int().nullable(),
  depositsMinor: z.number().int(),
  turnoverMinor: z.number().int(),
  progress: RankProgressSchema.shape.currentProgress.extend({
    /** The spec's progress (0–1) and its floored percentage. */
    progress: z.number().min(0).max(1),
    percentage: z.number().int().min(0).max(100),
    /** The next level's conditions (those it sets), each with its own fraction. */
    conditions: z.array(VipConditionSchema),
  }),
});
export type VipSummary = z.infer<typeof VipSummarySchema>;

/**
 * POST /wps/member/vip/renewal (the spec's "VIP renewal", named without path or shape): the
 * member's level evaluated again from the ledger. The client sends the level it shows
 * (`knownLabelId`, null for none) and learns whether it changed and whether that is a step up.
 */
export const VipRenewalBodySchema = z
  .object({ knownLabelId: z.number().int().min(0).max(999).nullable().default(null) })
  .strict();
export const VipRenewalSchema = z.object({
  /** As member info's `clubLabel`: the level held now, null when none is met. */
  clubLabel: z.object({ labelName: z.string(), labelId: z.number().int() }).nullable(),
  labelId: z.number().int().nullable(),
  changed: z.boolean(),
  upgraded: z.boolean(),
});
export type VipRenewal = z.infer<typeof VipRenewalSchema>;

export const levelBenefits = (level: VipLevelSetting, language: Language) =>
  level.benefits[language];
