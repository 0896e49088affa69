/**
 * Withdrawals: payee accounts bound through the security centre, withdrawal requests (funds held
 * while pending, cancelled by the player, approved or rejected by the operator), their records,
 * and the operator's wallet adjustments. Amounts travel as integer minor units (`amountMinor`,
 * paisa); ids as decimal strings; times as ISO 8601 (UTC).
 */
import { z } from 'zod';
import { WithdrawalRiskSchema } from './backoffice/money';
import { LanguageSchema } from './language';

export const WITHDRAW_LIMITS = {
  /** Active payee accounts a member may have bound at once. */
  maxPayees: 5,
  /** Wrong passwords (login password when binding, payment password when withdrawing) allowed
   * per member in `passwordWindowMinutes`; then 429 until the window ends. */
  passwordTries: 5,
  passwordWindowMinutes: 15,
  /** Records per page. */
  pageSize: 20,
  pageMax: 100,
  opsListMax: 200,
} as const;

export { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from './idempotency';

const IdSchema = z.string().regex(/^\d{1,19}$/);
const AmountMinorSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An account number as typed: spaces and dashes are dropped before the channel's pattern runs. */
export const normalizeAccountNumber = (value: string) => value.replace(/[\s-]/g, '');

/** The last 4 characters, for notices and masked numbers. */
export const last4 = (accountNumber: string) => accountNumber.slice(-4);

// ── Payee accounts (/wps/wallet/payees) ─────────────────────────────────────────────────────

export const PayeeAccountSchema = z.object({
  id: IdSchema,
  channelCode: z.string(),
  channelName: z.string(),
  accountName: z.string(),
  /** Masked for the player: every character but the last 4 shown as •. */
  accountNumber: z.string(),
  last4: z.string(),
  createdAt: z.string(),
});
export type PayeeAccount = z.infer<typeof PayeeAccountSchema>;

/** A channel a payee account can be bound to (withdrawals enabled). */
export const PayeeChannelSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The channel's account-number pattern (a regular expression, whole value). */
  accountPattern: z.string(),
});
export type PayeeChannel = z.infer<typeof PayeeChannelSchema>;

export const PayeeListSchema = z.object({
  payees: z.array(PayeeAccountSchema),
  channels: z.array(PayeeChannelSchema),
  maxPayees: z.number().int(),
});
export type PayeeList = z.infer<typeof PayeeListSchema>;

/** The login password again, for binding and unbinding. */
const ReauthPasswordSchema = z.string().min(1).max(128);

export const BindPayeeBodySchema = z
  .object({
    channelCode: z.string().min(1).max(16),
    accountName: z.string().trim().min(2).max(64),
    accountNumber: z.string().trim().min(1).max(40),
    password: ReauthPasswordSchema,
  })
  .strict();
export type BindPayeeBody = z.infer<typeof BindPayeeBodySchema>;

export const PayeeParamsSchema = z.object({ id: IdSchema }).strict();
export const UnbindPayeeBodySchema = z.object({ password: ReauthPasswordSchema }).strict();

// ── Withdrawals (/wps/wallet/withdrawals) ───────────────────────────────────────────────────

/**
 * processing: approved and on its way through the channel's payout gateway; it ends paid, or
 * failed with the amount back on the balance. waiting_kyc: held (the amount too) until the
 * player's identity is approved (settings kycWithdrawalSingle, kycWithdrawal30Days), then pending.
 */
export const WITHDRAWAL_STATUSES = [
  'waiting_kyc',
  'pending',
  'processing',
  'paid',
  'failed',
  'rejected',
  'cancelled',
] as const;
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

export const WithdrawalSchema = z.object({
  id: IdSchema,
  status: WithdrawalStatusSchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  accountName: z.string(),
  /** Masked as in the payee list. */
  accountNumber: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator's reason when rejected. */
  note: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** A withdraw channel as the withdraw page shows it. */
export const WithdrawChannelSchema = z.object({
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  minMinor: z.number().int(),
  maxMinor: z.number().int(),
});
export type WithdrawChannel = z.infer<typeof WithdrawChannelSchema>;

/** Everything the withdraw page needs in one call. */
export const WithdrawOptionsSchema = z.object({
  balanceMinor: z.number().int(),
  currency: z.string(),
  /** The member has a payment password: the withdraw form asks for it. */
  paymentPasswordSet: z.boolean(),
  channels: z.array(WithdrawChannelSchema),
  payees: z.array(PayeeAccountSchema),
  /** The member's requests not paid yet (pending, processing), newest first. */
  pending: z.array(WithdrawalSchema),
});
export type WithdrawOptions = z.infer<typeof WithdrawOptionsSchema>;

export const CreateWithdrawalBodySchema = z
  .object({
    payeeId: IdSchema,
    amountMinor: AmountMinorSchema,
    /** Required when the member has a payment password. */
    paymentPassword: z.string().min(1).max(128).optional(),
    /** The player confirmed that the active bonus is forfeited (else 409 bonus.forfeitRequired). */
    forfeitBonus: z.boolean().optional(),
  })
  .strict();
export type CreateWithdrawalBody = z.infer<typeof CreateWithdrawalBodySchema>;

/** The answer to a withdrawal request; a replay (same key, same body) answers the same withdrawal. */
export const CreateWithdrawalAnswerSchema = z.object({
  withdrawal: WithdrawalSchema,
  /** The cash balance after the hold. */
  balanceMinor: z.number().int(),
  replayed: z.boolean(),
});
export type CreateWithdrawalAnswer = z.infer<typeof CreateWithdrawalAnswerSchema>;

export const WithdrawalParamsSchema = z.object({ id: IdSchema }).strict();

export const WithdrawalListQuerySchema = z
  .object({
    status: WithdrawalStatusSchema.optional(),
    /** From this instant (inclusive), ISO 8601 with offset. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Before this instant (exclusive). */
    to: z.iso.datetime({ offset: true }).optional(),
    /** `nextCursor` of the previous page. */
    cursor: IdSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(WITHDRAW_LIMITS.pageMax)
      .default(WITHDRAW_LIMITS.pageSize),
    language: LanguageSchema.optional(),
  })
  .strict();
export type WithdrawalListQuery = z.output<typeof WithdrawalListQuerySchema>;

export const WithdrawalPageSchema = z.object({
  list: z.array(WithdrawalSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: IdSchema.nullable(),
});
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

// ── Operator (/ops/api/wallet) ───────────────────────────────────────────────────────────────

export const OpsWithdrawalListQuerySchema = z
  .object({
    status: z.enum([...WITHDRAWAL_STATUSES, 'all']).default('pending'),
    limit: z.coerce.number().int().min(1).max(WITHDRAW_LIMITS.opsListMax).default(50),
  })
  .strict();

export const PAYOUT_STATES = ['sending', 'processing', 'paid', 'failed'] as const;

/** A withdrawal's way through a payout gateway, as the operator follows it. */
export const OpsPayoutSchema = z.object({
  /** The gateway (sandbox, …). */
  provider: z.string(),
  /** The gateway's reference, once it gave one. */
  ref: z.string().nullable(),
  /** sending: asked, the answer not known yet (asked again, never paid twice). */
  state: z.enum(PAYOUT_STATES),
  /** Why it failed, or the last trouble reaching the gateway. */
  reason: z.string().nullable(),
  /** Calls made to the gateway for it. */
  attempts: z.number().int(),
});
export type OpsPayout = z.infer<typeof OpsPayoutSchema>;

export const OpsWithdrawalSchema = WithdrawalSchema.extend({
  username: z.string(),
  /** In full: the operator pays to it. */
  accountNumber: z.string(),
  decidedBy: z.string().nullable(),
  /** Null when paid by hand (the channel has no payout gateway) or not approved yet. */
  payout: OpsPayoutSchema.nullable(),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;
/** The queue's rows carry risk signals (backoffice/money.ts). */
export const OpsWithdrawalRowSchema = OpsWithdrawalSchema.extend({ risk: WithdrawalRiskSchema });
export type OpsWithdrawalRow = z.infer<typeof OpsWithdrawalRowSchema>;
export const OpsWithdrawalListSchema = z.array(OpsWithdrawalRowSchema);

export const OpsRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(256) }).strict();

/** Credits (positive) or debits (negative) a member's cash against the house account. */
export const OpsAdjustmentBodySchema = z
  .object({
    username: z.string().min(1).max(64),
    amountMinor: z
      .number()
      .int()
      .min(-Number.MAX_SAFE_INTEGER)
      .max(Number.MAX_SAFE_INTEGER)
      .refine((n) => n !== 0),
    reason: z.string().trim().min(1).max(256),
    /** Idempotency key: the same key again returns the first answer and moves nothing. */
    key: z.string().min(1).max(128),
  })
  .strict();
export type OpsAdjustmentBody = z.infer<typeof OpsAdjustmentBodySchema>;

export const OpsAdjustmentSchema = z.object({
  transactionId: IdSchema,
  username: z.string(),
  amountMinor: z.number().int(),
  balanceMinor: z.number().int(),
  replayed: z.boolean(),
});
