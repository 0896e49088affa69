/**
 * Rewards, upline transfer, referrals and agents: the wire shapes of /wps/rewards/*,
 * /wps/member/transfer-upline, /wps/member/referral and /wps/agent/*, and the operator settings
 * they read (rebate rates, transfer limits, agent contract terms). Amounts are integer minor units.
 *
 * Turnover contract for the game rounds (issue 6): a bet is a ledger movement of kind `bet` that
 * debits the member's `cash` account, with `reference.category` set to the game's category
 * (one of GAME_CATEGORIES). A bet that is voided is credited back by a movement of kind
 * `rollback` carrying the same `reference.category`. Turnover of a category in a period is the
 * bets' debits minus those rollbacks' credits on the member's cash account; a bet without a known
 * category earns no rebate.
 */
import { z } from 'zod';
import { SITE_TIME_ZONE } from './date';
import { GAME_CATEGORIES, type GameCategory } from './game-categories';

/** Rebate periods are calendar days in Bangladesh (date.ts: `siteDay`, `siteDayStart`). */
export const REBATE_TIME_ZONE = SITE_TIME_ZONE;
/** How many days back (today included) the rebate page shows and a period may be claimed. */
export const REBATE_WINDOW_DAYS = 7;
/** Ledger kinds that count as turnover (see the header). */
export const TURNOVER_KINDS = ['bet', 'rollback'] as const;

/** Rates in basis points of turnover (80 = 0.8 %), per game category; missing: no rebate. */
export const RebateRatesSchema = z
  .partialRecord(z.enum(GAME_CATEGORIES), z.number().int().min(0).max(1000))
  .refine((rates) => Object.keys(rates).length <= GAME_CATEGORIES.length);
export type RebateRates = z.infer<typeof RebateRatesSchema>;
export const DEFAULT_REBATE_RATES: RebateRates = {
  RNG: 80,
  FISH: 80,
  LIVE: 50,
  PVP: 50,
  SPORTS: 30,
  ESPORTS: 30,
  COCKFIGHT: 30,
  LOTT: 20,
  ELOTT: 20,
  BINGO: 50,
  INHOUSE: 60,
};

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const RebateCategorySchema = z.object({
  category: z.enum(GAME_CATEGORIES),
  turnoverMinor: z.number().int(),
  rateBp: z.number().int(),
  rebateMinor: z.number().int(),
});
export type RebateCategory = z.infer<typeof RebateCategorySchema>;

/**
 * One day: `accruing` while it lasts (today), `claimable` once it has ended with a rebate,
 * `claimed` once paid, `none` when it earned nothing.
 */
export const RebatePeriodSchema = z.object({
  periodStart: DaySchema,
  status: z.enum(['accruing', 'claimable', 'claimed', 'none']),
  totalMinor: z.number().int(),
  categories: z.array(RebateCategorySchema),
  claimedAt: z.string().nullable(),
});
export type RebatePeriod = z.infer<typeof RebatePeriodSchema>;

export const RebateClaimSchema = z.object({
  id: z.string(),
  periodStart: DaySchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type RebateClaim = z.infer<typeof RebateClaimSchema>;

export const RebateOverviewSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  rates: z.array(z.object({ category: z.enum(GAME_CATEGORIES), rateBp: z.number().int() })),
  /** Newest first: today and the days before it, `REBATE_WINDOW_DAYS` in all. */
  periods: z.array(RebatePeriodSchema),
  claimableMinor: z.number().int(),
  /** Claims, newest first (the last 50). */
  history: z.array(RebateClaimSchema),
});
export type RebateOverview = z.infer<typeof RebateOverviewSchema>;

export const ClaimRebateBodySchema = z.object({ periodStart: DaySchema }).strict();
export type ClaimRebateBody = z.infer<typeof ClaimRebateBodySchema>;

export const ClaimRebateAnswerSchema = z.object({
  claim: RebateClaimSchema,
  balanceMinor: z.number().int(),
  replayed: z.boolean(),
});
export type ClaimRebateAnswer = z.infer<typeof ClaimRebateAnswerSchema>;

/** A reward the member may claim now. Only rebates today (promotions carry no bonus amount). */
export const RewardItemSchema = z.object({
  kind: z.literal('rebate'),
  periodStart: DaySchema,
  amountMinor: z.number().int(),
});
export const RewardCentreSchema = z.object({
  currency: z.string(),
  rebateEnabled: z.boolean(),
  totalMinor: z.number().int(),
  items: z.array(RewardItemSchema),
});
export type RewardCentre = z.infer<typeof RewardCentreSchema>;

// ── Upline transfer ─────────────────────────────────────────────────────────────────────────

export const UplineTransferLimitsSchema = z
  .object({
    minMinor: z.number().int().min(1),
    maxMinor: z.number().int().min(1),
  })
  .refine((v) => v.minMinor <= v.maxMinor, { message: 'minMinor must not exceed maxMinor' });
export type UplineTransferLimits = z.infer<typeof UplineTransferLimitsSchema>;
export const DEFAULT_UPLINE_TRANSFER_LIMITS: UplineTransferLimits = {
  minMinor: 10_000,
  maxMinor: 5_000_000,
};

export const UplineTransferInfoSchema = z.object({
  allowed: z.boolean(),
  /** Why not: null when allowed. */
  reason: z.enum(['disabled', 'memberType', 'noUpline']).nullable(),
  upline: z.string().nullable(),
  balanceMinor: z.number().int(),
  currency: z.string(),
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
  paymentPasswordSet: z.boolean(),
});
export type UplineTransferInfo = z.infer<typeof UplineTransferInfoSchema>;

export const UplineTransferBodySchema = z
  .object({
    amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    paymentPassword: z.string().max(64).optional(),
  })
  .strict();
export type UplineTransferBody = z.infer<typeof UplineTransferBodySchema>;

export const UplineTransferAnswerSchema = z.object({
  transactionId: z.string(),
  amountMinor: z.number().int(),
  upline: z.string(),
  balanceMinor: z.number().int(),
  replayed: z.boolean(),
});
export type UplineTransferAnswer = z.infer<typeof UplineTransferAnswerSchema>;

// ── Referrals and agents ────────────────────────────────────────────────────────────────────

export const ReferralInfoSchema = z.object({
  inviteCode: z.string(),
  /** The registration page with the code: `${origin}/m/register?affiliateCode=CODE`. */
  invitePath: z.string(),
  currencySymbol: z.string(),
  upline: z.string().nullable(),
  isAgent: z.boolean(),
});
export type ReferralInfo = z.infer<typeof ReferralInfoSchema>;

export const AgentHomeQuerySchema = z.object({
  from: DaySchema.optional(),
  to: DaySchema.optional(),
});
export type AgentHomeQuery = z.infer<typeof AgentHomeQuerySchema>;

export const TeamMemberSchema = z.object({
  /** Masked: the first two and last character kept. */
  username: z.string(),
  joinedAt: z.string(),
});

export const AgentHomeSchema = z.object({
  currency: z.string(),
  inviteCode: z.string(),
  /** The period, Dhaka days, inclusive. */
  from: DaySchema,
  to: DaySchema,
  teamCount: z.number().int(),
  newMembers: z.number().int(),
  /** Team members with at least one bet in the period. */
  activeMembers: z.number().int(),
  depositsMinor: z.number().int(),
  turnoverMinor: z.number().int(),
  /** Newest first, the last 100. */
  members: z.array(TeamMemberSchema),
});
export type AgentHome = z.infer<typeof AgentHomeSchema>;

export const AGENT_CONTRACT_KINDS = ['salary', 'dividend', 'hourly'] as const;
export type AgentContractKind = (typeof AGENT_CONTRACT_KINDS)[number];

/** One rung of a contract: reach the team turnover (minor units), earn the amount or share. */
export const ContractTierSchema = z.object({
  turnoverMinor: z.number().int().min(0),
  /** Salary and hourly: a fixed amount in minor units. */
  amountMinor: z.number().int().min(0).optional(),
  /** Dividend: a share of the team's net loss in basis points. */
  shareBp: z.number().int().min(0).max(10_000).optional(),
  /** Also needed to reach the tier: the team's deposits in the period (minor units; default 0). */
  depositsMinor: z.number().int().min(0).optional(),
});
export const AgentContractTermsSchema = z.object({
  salary: z.array(ContractTierSchema).max(20),
  dividend: z.array(ContractTierSchema).max(20),
  hourly: z.array(ContractTierSchema).max(20),
});
export type AgentContractTerms = z.infer<typeof AgentContractTermsSchema>;
export const DEFAULT_AGENT_CONTRACT_TERMS: AgentContractTerms = {
  salary: [
    { turnoverMinor: 10_000_000, amountMinor: 50_000 },
    { turnoverMinor: 50_000_000, amountMinor: 300_000 },
  ],
  dividend: [
    { turnoverMinor: 100_000_000, shareBp: 1000 },
    { turnoverMinor: 500_000_000, shareBp: 2000 },
  ],
  hourly: [{ turnoverMinor: 1_000_000, amountMinor: 5_000 }],
};

export const AgentContractParamsSchema = z.object({ kind: z.enum(AGENT_CONTRACT_KINDS) });

export const AGENT_CONTRACT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AgentContractRequestStatus = (typeof AGENT_CONTRACT_REQUEST_STATUSES)[number];

/**
 * A contract's period: salary a Dhaka day (`periodStart`), hourly one hour of a Dhaka day
 * (`periodStart` and `periodHour` 0–23), dividend a Dhaka calendar month (`periodStart` is its
 * first day; any day of the month names the month).
 */
export const AgentContractPeriodSchema = z
  .object({
    periodStart: DaySchema,
    periodHour: z.coerce.number().int().min(0).max(23).optional(),
  })
  .strict();
export type AgentContractPeriod = z.infer<typeof AgentContractPeriodSchema>;

export const AgentContractRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(AGENT_CONTRACT_KINDS),
  status: z.enum(AGENT_CONTRACT_REQUEST_STATUSES),
  periodStart: DaySchema,
  /** Hourly contracts: the hour of the day (Dhaka), 0–23; null for the others. */
  periodHour: z.number().int().nullable(),
  amountMinor: z.number().int(),
  /** The team's figures the amount was computed from, when the agent asked. */
  turnoverMinor: z.number().int(),
  depositsMinor: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why an operator turned it down (rejected only). */
  reason: z.string().nullable(),
});
export type AgentContractRequest = z.infer<typeof AgentContractRequestSchema>;

export const AgentContractSchema = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS),
  currency: z.string(),
  tiers: z.array(ContractTierSchema),
  requests: z.array(AgentContractRequestSchema),
});
export type AgentContract = z.infer<typeof AgentContractSchema>;

/**
 * What a contract pays for a period, computed by the server from the team's figures (the direct
 * downline's deposits, turnover and net loss on their cash accounts): the highest tier whose
 * turnover and deposits the team reached. `state`: `open` (the period has not ended),
 * `nothingDue` (no tier reached), `requested` (see `request`), `requestable`.
 */
export const AgentContractQuoteSchema = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS),
  currency: z.string(),
  periodStart: DaySchema,
  periodHour: z.number().int().nullable(),
  /** The period's bounds, ISO instants: [from, to). */
  from: z.string(),
  to: z.string(),
  turnoverMinor: z.number().int(),
  depositsMinor: z.number().int(),
  /** Bets less wins and rollbacks (dividend's base); may be negative. */
  netLossMinor: z.number().int(),
  /** The index of the tier reached in `tiers`, or null. */
  tierIndex: z.number().int().nullable(),
  amountMinor: z.number().int(),
  state: z.enum(['open', 'nothingDue', 'requested', 'requestable']),
  request: AgentContractRequestSchema.nullable(),
});
export type AgentContractQuote = z.infer<typeof AgentContractQuoteSchema>;

/** The answer to a payment request: the request (a repeat answers the first, `replayed`). */
export const AgentContractRequestAnswerSchema = z.object({
  request: AgentContractRequestSchema,
  replayed: z.boolean(),
});
export type AgentContractRequestAnswer = z.infer<typeof AgentContractRequestAnswerSchema>;

/**
 * The contract-request check (accounts spec §6): payments the agent may ask for now (yesterday's
 * salary, last month's dividend, the last hour's hourly pay) and has not asked for. Member types
 * 4, 40, 41 and 42 skip it: `skipped` true and nothing listed.
 */
export const AgentContractCheckSchema = z.object({
  skipped: z.boolean(),
  due: z.array(
    z.object({
      kind: z.enum(AGENT_CONTRACT_KINDS),
      periodStart: DaySchema,
      periodHour: z.number().int().nullable(),
      amountMinor: z.number().int(),
    }),
  ),
});
export type AgentContractCheck = z.infer<typeof AgentContractCheckSchema>;

// ── Operators: agents' contract requests ──────────────────────────────────────────────────────

export const OpsAgentContractListQuerySchema = z.object({
  status: z.enum(AGENT_CONTRACT_REQUEST_STATUSES).optional(),
  /** The previous page's `nextBefore`: only requests older (smaller id) than this one. */
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const OpsAgentContractRequestSchema = AgentContractRequestSchema.extend({
  username: z.string(),
  currency: z.string(),
  decidedBy: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type OpsAgentContractRequest = z.infer<typeof OpsAgentContractRequestSchema>;
/** Newest first; `nextBefore` is the cursor of the next (older) page, null on the last. */
export const OpsAgentContractListSchema = z.object({
  items: z.array(OpsAgentContractRequestSchema),
  nextBefore: z.string().nullable(),
});
export const OpsAgentContractParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const OpsAgentContractRejectBodySchema = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .strict();
/** An approval's answer: the request, and whether it was already paid (nothing moved now). */
export const OpsAgentContractDecisionSchema = z.object({
  request: OpsAgentContractRequestSchema,
  replayed: z.boolean(),
});

export const isGameCategory = (value: unknown): value is GameCategory =>
  typeof value === 'string' && (GAME_CATEGORIES as readonly string[]).includes(value);
