/**
 * Player protection (issue 5; the spec has none): deposit and loss limits per rolling 24 h,
 * 7 days and 30 days, time-outs and self-exclusion, the reality check and the session's time and net
 * result. Amounts travel as integer minor units (`…Minor`, paisa); times as ISO 8601 UTC.
 */
import { z } from 'zod';
import { LanguageSchema } from './language';

// ── Deposit limits ───────────────────────────────────────────────────────────────────────────

/** Rolling windows: day = the last 24 h, week = the last 7 days, month = the last 30 days. */
export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const DepositLimitPeriodSchema = z.enum(DEPOSIT_LIMIT_PERIODS);
export type DepositLimitPeriod = z.infer<typeof DepositLimitPeriodSchema>;

export const DEPOSIT_LIMIT_WINDOW_HOURS: Record<DepositLimitPeriod, number> = {
  day: 24,
  week: 7 * 24,
  month: 30 * 24,
};

/** A raise or a removal waits this long; a cut (or a first limit) applies at once. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

/** 1 ৳ to 100 million ৳ (minor units). */
export const DEPOSIT_LIMIT_MIN_MINOR = 100;
export const DEPOSIT_LIMIT_MAX_MINOR = 10_000_000_000;

const LimitAmountSchema = z
  .number()
  .int()
  .min(DEPOSIT_LIMIT_MIN_MINOR)
  .max(DEPOSIT_LIMIT_MAX_MINOR)
  .nullable();

/**
 * PUT /wps/protection/deposit-limits. Per period: an amount in minor units, `null` for no
 * limit, absent to leave it as it is.
 */
export const DepositLimitsBodySchema = z
  .object({
    day: LimitAmountSchema.optional(),
    week: LimitAmountSchema.optional(),
    month: LimitAmountSchema.optional(),
  })
  .strict();
export type DepositLimitsBody = z.infer<typeof DepositLimitsBodySchema>;

export const DepositLimitSchema = z.object({
  period: DepositLimitPeriodSchema,
  /** The limit in force now; null: none. */
  amountMinor: z.number().int().nullable(),
  /** A raise or removal waiting out its 24 h: `amountMinor` null means "no limit" from `from`. */
  pending: z.object({ amountMinor: z.number().int().nullable(), from: z.string() }).nullable(),
  /** Deposits paid or still pending inside the window. */
  usedMinor: z.number().int(),
  /** What may still be deposited under this limit; null without a limit. */
  remainingMinor: z.number().int().nullable(),
});
export type DepositLimit = z.infer<typeof DepositLimitSchema>;

// ── Loss limits ──────────────────────────────────────────────────────────────────────────────

/**
 * Loss limits have the deposit limits' periods, amounts and rules (a cut or a first limit at
 * once, a raise or removal after LIMIT_RAISE_DELAY_HOURS). The net loss in a window is bets −
 * wins − rollbacks on the cash account; a bet that would take it past a limit is refused.
 */
export const LossLimitsBodySchema = DepositLimitsBodySchema;
export type LossLimitsBody = DepositLimitsBody;

export const LossLimitSchema = z.object({
  period: DepositLimitPeriodSchema,
  /** The limit in force now; null: none. */
  amountMinor: z.number().int().nullable(),
  pending: z.object({ amountMinor: z.number().int().nullable(), from: z.string() }).nullable(),
  /** Net loss inside the window (bets − wins − rollbacks); negative while the player is ahead. */
  usedMinor: z.number().int(),
  /** What may still be lost under this limit (limit − net loss, at least 0); null without one. */
  remainingMinor: z.number().int().nullable(),
});
export type LossLimit = z.infer<typeof LossLimitSchema>;

// ── Time-outs and self-exclusion ─────────────────────────────────────────────────────────────

export const EXCLUSION_KINDS = ['timeout', 'self_exclusion'] as const;
export const ExclusionKindSchema = z.enum(EXCLUSION_KINDS);
export type ExclusionKind = z.infer<typeof ExclusionKindSchema>;

/** How long a break lasts: days or calendar months. */
export const BREAK_DURATIONS = {
  '1d': { days: 1 },
  '7d': { days: 7 },
  '30d': { days: 30 },
  '3m': { months: 3 },
  '6m': { months: 6 },
  '1y': { months: 12 },
  '5y': { months: 60 },
} as const satisfies Record<string, { days: number } | { months: number }>;
export type BreakDuration = keyof typeof BREAK_DURATIONS;

export const TIMEOUT_DURATIONS = ['1d', '7d', '30d', '3m'] as const satisfies BreakDuration[];
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '5y'] as const satisfies BreakDuration[];

/** When a break taken at `from` ends. */
export function breakEnd(from: Date, duration: BreakDuration): Date {
  const spec: { days?: number; months?: number } = BREAK_DURATIONS[duration];
  const end = new Date(from.getTime());
  if (spec.days) end.setTime(end.getTime() + spec.days * 86_400_000);
  if (spec.months) end.setUTCMonth(end.getUTCMonth() + spec.months);
  return end;
}

/** The login password confirms a break: nobody else holding the phone can take one. */
const ConfirmPasswordSchema = z.string().min(1).max(64);

export const TimeoutBodySchema = z
  .object({ duration: z.enum(TIMEOUT_DURATIONS), password: ConfirmPasswordSchema })
  .strict();
export const SelfExclusionBodySchema = z
  .object({ duration: z.enum(SELF_EXCLUSION_DURATIONS), password: ConfirmPasswordSchema })
  .strict();
export type TimeoutBody = z.infer<typeof TimeoutBodySchema>;
export type SelfExclusionBody = z.infer<typeof SelfExclusionBodySchema>;

export const ExclusionSchema = z.object({
  kind: ExclusionKindSchema,
  startsAt: z.string(),
  until: z.string(),
});
export type Exclusion = z.infer<typeof ExclusionSchema>;

/** `data` of a login refused with `session.excluded` (403). */
export const ExcludedLoginDataSchema = z.object({
  kind: ExclusionKindSchema,
  until: z.string(),
  /** The player may log in again with `restricted: true` to withdraw (see the login body). */
  restrictedLogin: z.boolean(),
});

// ── Reality check ────────────────────────────────────────────────────────────────────────────

export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

export const RealityCheckBodySchema = z
  .object({
    minutes: z
      .number()
      .int()
      .refine((n) => (REALITY_CHECK_MINUTES as readonly number[]).includes(n), {
        message: `one of ${REALITY_CHECK_MINUTES.join(', ')}`,
      })
      .nullable(),
  })
  .strict();
export type RealityCheckBody = z.infer<typeof RealityCheckBodySchema>;

// ── GET /wps/protection ──────────────────────────────────────────────────────────────────────

export const ProtectionQuerySchema = z.object({ language: LanguageSchema.optional() }).strict();

export const ProtectionSchema = z.object({
  currency: z.string(),
  /** Always the three periods, in DEPOSIT_LIMIT_PERIODS order. */
  depositLimits: z.array(DepositLimitSchema),
  /** The lowest remaining allowance across the periods, and which period it is; null: no limit. */
  remaining: z
    .object({ amountMinor: z.number().int(), period: DepositLimitPeriodSchema })
    .nullable(),
  /** Always the three periods, in DEPOSIT_LIMIT_PERIODS order. */
  lossLimits: z.array(LossLimitSchema),
  /** The lowest remaining loss allowance and its period; null: no loss limit. */
  lossRemaining: z
    .object({ amountMinor: z.number().int(), period: DepositLimitPeriodSchema })
    .nullable(),
  exclusion: ExclusionSchema.nullable(),
  realityCheckMinutes: z.number().int().nullable(),
  /** This session: when it started (login), whether it is the excluded player's restricted
   * session, and the net result of play since it started (wins − bets, rollbacks, rebates…;
   * deposits, withdrawals and transfers are not play). */
  session: z.object({
    startedAt: z.string(),
    restricted: z.boolean(),
    netResultMinor: z.number().int(),
  }),
});
export type Protection = z.infer<typeof ProtectionSchema>;

/** The answer to a time-out or self-exclusion: every session has ended, this one too. */
export const ExclusionAnswerSchema = z.object({ exclusion: ExclusionSchema });
