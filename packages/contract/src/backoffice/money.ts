/**
 * The money desk (/ops/api/wallet; permissions money.read and money.decide): risk signals on
 * each row of the withdrawal queue, reason templates for decisions, decisions on several
 * withdrawals at once (each one independent, each with its audit row) and the deposit list
 * with each deposit's provider, state and reference.
 */
import { z } from 'zod';
import { DepositStatusSchema } from '../cashier';
import type { Language } from '../language';

const IdSchema = z.string().regex(/^\d{1,19}$/);

// ── Risk signals ─────────────────────────────────────────────────────────────────────────────

export const RISK_SIGNALS = [
  /** The member has no earlier paid withdrawal. */
  'firstWithdrawal',
  /** The payee account was added less than 24 h before the request. */
  'newPayee',
  /** Bets since the last paid deposit are less than that deposit (not turned over once). */
  'depositNotTurnedOver',
  /** Other accounts signed in from the same device or address, or registered from it. */
  'sharedDeviceOrAddress',
  /** The member's identity is not approved. */
  'identityNotVerified',
  /** More than 3 × the median of the member's earlier paid withdrawals. */
  'aboveUsual',
] as const;
export const RiskSignalSchema = z.enum(RISK_SIGNALS);
export type RiskSignal = z.infer<typeof RiskSignalSchema>;

/** "Above usual" means more than this many times the median of earlier paid withdrawals. */
export const ABOVE_USUAL_FACTOR = 3;
export const NEW_PAYEE_HOURS = 24;

export const RISK_SIGNAL_LABELS: Record<RiskSignal, Record<Language, string>> = {
  firstWithdrawal: { EN: 'First withdrawal', BN: 'প্রথম উত্তোলন' },
  newPayee: { EN: 'Payee added in the last 24 h', BN: 'গত ২৪ ঘণ্টায় যোগ করা অ্যাকাউন্ট' },
  depositNotTurnedOver: {
    EN: 'Deposit not turned over once',
    BN: 'জমা একবারও খেলা হয়নি',
  },
  sharedDeviceOrAddress: {
    EN: 'Other accounts on the same device or address',
    BN: 'একই ডিভাইস বা ঠিকানায় অন্য অ্যাকাউন্ট',
  },
  identityNotVerified: { EN: 'Identity not verified', BN: 'পরিচয় যাচাই হয়নি' },
  aboveUsual: { EN: "Above the player's usual amount", BN: 'খেলোয়াড়ের স্বাভাবিকের চেয়ে বেশি' },
};

export const WithdrawalRiskSchema = z.object({
  signals: z.array(RiskSignalSchema),
  /** The figures behind the signals. */
  facts: z.object({
    paidWithdrawals: z.number().int(),
    payeeAddedAt: z.string().nullable(),
    /** The last paid deposit and the bets placed since it. */
    lastDepositMinor: z.number().int().nullable(),
    betsSinceDepositMinor: z.number().int(),
    /** Other accounts seen on the member's devices or addresses (usernames, at most 10). */
    otherAccounts: z.array(z.string()),
    kycState: z.enum(['none', 'waiting', 'approved', 'rejected']),
    /** Median of earlier paid withdrawals; null when there are none. */
    usualMinor: z.number().int().nullable(),
  }),
});
export type WithdrawalRisk = z.infer<typeof WithdrawalRiskSchema>;

// ── Reason templates ─────────────────────────────────────────────────────────────────────────

/** Setting `withdrawalReasonTemplates`: texts an operator picks when deciding. */
export const ReasonTemplateSchema = z.object({
  key: z.string().regex(/^[a-zA-Z0-9_.-]{1,40}$/),
  EN: z.string().min(1).max(256),
  BN: z.string().min(1).max(256),
});
export type ReasonTemplate = z.infer<typeof ReasonTemplateSchema>;
export const ReasonTemplateListSchema = z.array(ReasonTemplateSchema).max(50);

export const DEFAULT_REASON_TEMPLATES: ReasonTemplate[] = [
  {
    key: 'turnover',
    EN: 'Your deposit has not been played through yet. Please play it through once and ask again.',
    BN: 'আপনার জমা এখনও একবার খেলা হয়নি। একবার খেলে আবার অনুরোধ করুন।',
  },
  {
    key: 'payeeName',
    EN: 'The account name does not match your registered name.',
    BN: 'অ্যাকাউন্টের নাম আপনার নিবন্ধিত নামের সাথে মেলে না।',
  },
  {
    key: 'payeeInvalid',
    EN: 'The payee account could not receive the payment. Please check the number.',
    BN: 'প্রাপকের অ্যাকাউন্টে টাকা পাঠানো যায়নি। নম্বরটি যাচাই করুন।',
  },
  {
    key: 'identity',
    EN: 'Please verify your identity in the security centre before withdrawing.',
    BN: 'উত্তোলনের আগে নিরাপত্তা কেন্দ্রে আপনার পরিচয় যাচাই করুন।',
  },
  {
    key: 'duplicate',
    EN: 'More than one account belongs to you; only one account is allowed.',
    BN: 'আপনার একাধিক অ্যাকাউন্ট রয়েছে; একটিই অনুমোদিত।',
  },
  {
    key: 'bonusRules',
    EN: 'The promotion rules have not been met yet.',
    BN: 'প্রমোশনের শর্ত এখনও পূরণ হয়নি।',
  },
];

// ── Bulk decisions ───────────────────────────────────────────────────────────────────────────

export const OPS_BULK_MAX = 50;

export const OpsBulkDecisionBodySchema = z
  .object({
    ids: z.array(IdSchema).min(1).max(OPS_BULK_MAX),
    decision: z.enum(['approve', 'reject']),
    /** Required to reject. */
    reason: z.string().trim().min(1).max(256).optional(),
  })
  .strict()
  .refine((body) => body.decision === 'approve' || body.reason !== undefined, {
    message: 'a reason is required to reject',
    path: ['reason'],
  });
export type OpsBulkDecisionBody = z.infer<typeof OpsBulkDecisionBodySchema>;

/** One answer per id, in the order given: ok with the withdrawal's new status, or the error. */
export const OpsBulkDecisionResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: IdSchema, ok: z.literal(true), status: z.string() }),
  z.object({ id: IdSchema, ok: z.literal(false), errorCode: z.string(), message: z.string() }),
]);
export const OpsBulkDecisionAnswerSchema = z.object({
  results: z.array(OpsBulkDecisionResultSchema),
});
export type OpsBulkDecisionAnswer = z.infer<typeof OpsBulkDecisionAnswerSchema>;

// ── Deposits ─────────────────────────────────────────────────────────────────────────────────

export const OPS_DEPOSITS_LIMITS = { pageSize: 50, pageMax: 200 } as const;

export const OpsDepositListQuerySchema = z
  .object({
    state: DepositStatusSchema.optional(),
    channel: z
      .string()
      .regex(/^[A-Z0-9_]{2,16}$/)
      .optional(),
    username: z.string().min(1).max(64).optional(),
    /** ISO 8601 instants: `from` inclusive, `to` exclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** `nextCursor` of the previous page (older deposits). */
    before: IdSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(OPS_DEPOSITS_LIMITS.pageMax)
      .default(OPS_DEPOSITS_LIMITS.pageSize),
  })
  .strict();
export type OpsDepositListQuery = z.output<typeof OpsDepositListQuerySchema>;

export const OpsDepositSchema = z.object({
  id: IdSchema,
  username: z.string(),
  channelCode: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** pending, paid, failed, or expired (pending past its time). */
  state: DepositStatusSchema,
  /** The gateway the deposit went through (sandbox, bkash, sslcommerz). */
  provider: z.string(),
  /** The provider's payment id (its notices name the deposit by it). */
  providerRef: z.string(),
  /** Our own reference given to the provider (bKash merchantInvoiceNumber). */
  ourRef: z.string(),
  /** Why the provider declined it, when failed. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type OpsDeposit = z.infer<typeof OpsDepositSchema>;

export const OpsDepositListSchema = z.object({
  list: z.array(OpsDepositSchema),
  nextCursor: IdSchema.nullable(),
});
export type OpsDepositList = z.infer<typeof OpsDepositListSchema>;
