/**
 * The cashier's payment channels and deposits (accounts spec §2: /m/voucherCenter, /m/vouReport;
 * the calls are ours, API.md "Wallet"). Amounts on these calls are integer minor units (paisa) in
 * fields named `…Minor`; the currency is named beside them. Withdrawals have their own file.
 */
import { z } from 'zod';
import { PromoCodeSchema } from './bonus';
import { IDEMPOTENCY_KEY_MAX } from './idempotency';
import { LanguageSchema } from './language';

/** Database ids travel as decimal strings (bigint). */
const IdSchema = z.string().regex(/^\d{1,19}$/);
const MinorSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** An amount a player may ask for: whole paisa, above zero, below a trillion taka. */
const AmountMinorSchema = z.number().int().min(1).max(100_000_000_000_000);

export const CASHIER_LIMITS = {
  /** Deposit records per page (default and most). */
  recordsPage: 20,
  recordsPageMax: 50,
  /** A deposit the provider has not settled within this long shows as expired. */
  depositExpiresMs: 30 * 60_000,
  /** Idempotency-Key: any printable ASCII of this length (the web app sends a UUID). */
  idempotencyKeyMax: IDEMPOTENCY_KEY_MAX,
} as const;

export { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from './idempotency';

// ── Channels ─────────────────────────────────────────────────────────────────────────────────

export const ChannelCodeSchema = z.string().regex(/^[A-Z0-9_]{2,16}$/);

/** A channel as the player sees it, named in the request's language. */
export const ChannelSchema = z.object({
  code: ChannelCodeSchema,
  name: z.string(),
  currency: z.string().length(3),
  deposit: z.object({
    enabled: z.boolean(),
    minMinor: MinorSchema,
    maxMinor: MinorSchema,
    /** The amount buttons, smallest first. */
    presetsMinor: z.array(MinorSchema),
  }),
  withdraw: z.object({ enabled: z.boolean(), minMinor: MinorSchema, maxMinor: MinorSchema }),
  /** A regular expression (JavaScript and Postgres alike) a payee account number must match. */
  accountPattern: z.string(),
  /**
   * Deposits here go through the sandbox gateway: play money, no real money moves. The deposit
   * page says so.
   */
  playMoney: z.boolean(),
});
export type Channel = z.infer<typeof ChannelSchema>;

/** The payment gateways a channel may name (PAYMENT_PROVIDERS says which exist on a server). */
export const PAYMENT_PROVIDERS = ['sandbox', 'bkash', 'sslcommerz'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export const ChannelListSchema = z.object({ list: z.array(ChannelSchema) });
export type ChannelList = z.infer<typeof ChannelListSchema>;

/** The operator's view: both names and every setting. */
export const OpsChannelSchema = z.object({
  code: ChannelCodeSchema,
  nameEn: z.string(),
  nameBn: z.string(),
  currency: z.string(),
  depositEnabled: z.boolean(),
  depositMinMinor: MinorSchema,
  depositMaxMinor: MinorSchema,
  presetsMinor: z.array(MinorSchema),
  withdrawEnabled: z.boolean(),
  withdrawMinMinor: MinorSchema,
  withdrawMaxMinor: MinorSchema,
  accountPattern: z.string(),
  sortOrder: z.number().int(),
  /** The gateway its deposits go through. */
  provider: z.string(),
  /** False when this server does not have that gateway (PAYMENT_PROVIDERS): no deposits. */
  providerAvailable: z.boolean(),
  updatedAt: z.string(),
});
export type OpsChannel = z.infer<typeof OpsChannelSchema>;
export const OpsChannelListSchema = z.array(OpsChannelSchema);
export const OpsChannelParamsSchema = z.object({ code: ChannelCodeSchema });
/** Any subset; the result must keep min ≤ max and every preset inside the deposit range. */
export const OpsChannelUpdateSchema = z
  .object({
    depositEnabled: z.boolean(),
    depositMinMinor: AmountMinorSchema,
    depositMaxMinor: AmountMinorSchema,
    presetsMinor: z.array(AmountMinorSchema).max(12),
    withdrawEnabled: z.boolean(),
    withdrawMinMinor: AmountMinorSchema,
    withdrawMaxMinor: AmountMinorSchema,
    sortOrder: z.number().int().min(0).max(1000),
    /** Must be one of the gateways this server has (400 wallet.channelInvalid otherwise). */
    provider: PaymentProviderSchema,
  })
  .partial()
  .strict();
export type OpsChannelUpdate = z.infer<typeof OpsChannelUpdateSchema>;

// ── Deposits ─────────────────────────────────────────────────────────────────────────────────

/**
 * pending: waiting for the provider; paid: credited; failed: declined by the player or provider;
 * expired: still pending 30 minutes after it was made (worked out when read; a late "paid" notice
 * is still credited, since the money was taken).
 */
export const DEPOSIT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export const DepositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

export const CreateDepositBodySchema = z
  .object({
    channelCode: ChannelCodeSchema,
    amountMinor: AmountMinorSchema,
    /** The bonus the player opted into before paying (an offer of GET /wps/bonus/offers). */
    bonusCampaignId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    /** A deposit promo code; it names its campaign. */
    promoCode: PromoCodeSchema.optional(),
  })
  .strict();
export type CreateDepositBody = z.infer<typeof CreateDepositBodySchema>;

export const DepositSchema = z.object({
  id: IdSchema,
  channelCode: z.string(),
  /** In the request's language. */
  channelName: z.string(),
  amountMinor: MinorSchema,
  currency: z.string(),
  status: DepositStatusSchema,
  /** The provider's payment reference, for the player to quote to customer service. */
  providerRef: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** When a pending deposit turns expired. */
  expiresAt: z.string(),
});
export type Deposit = z.infer<typeof DepositSchema>;

export const CreateDepositAnswerSchema = z.object({
  deposit: DepositSchema,
  /** The provider's pay page; the web app opens it in the same tab. */
  payUrl: z.string(),
});
export type CreateDepositAnswer = z.infer<typeof CreateDepositAnswerSchema>;

export const DepositListQuerySchema = z
  .object({
    /** The `nextCursor` of the previous page; records older than it. */
    cursor: IdSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CASHIER_LIMITS.recordsPageMax)
      .default(CASHIER_LIMITS.recordsPage),
    /** ISO 8601 instants (with an offset); `from` inclusive, `to` exclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    status: DepositStatusSchema.optional(),
    language: LanguageSchema.optional(),
  })
  .strict();
export type DepositListQuery = z.output<typeof DepositListQuerySchema>;

export const DepositListSchema = z.object({
  list: z.array(DepositSchema),
  /** Null on the last page. */
  nextCursor: IdSchema.nullable(),
});
export type DepositList = z.infer<typeof DepositListSchema>;

export const DepositParamsSchema = z.object({ id: IdSchema });

// ── The sandbox provider's webhook ───────────────────────────────────────────────────────────

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** Notices older (or further in the future) than this are refused as replays. */
export const SANDBOX_NOTICE_TOLERANCE_S = 300;

/**
 * Signed with HMAC-SHA256 over `${timestamp}.${raw body}`:
 * `x-sandbox-timestamp: <unix seconds>`, `x-sandbox-signature: sha256=<hex>`.
 */
export const SandboxNoticeSchema = z
  .object({
    /** The provider's payment reference (the deposit's `providerRef`). */
    ref: z.string().min(1).max(64),
    status: z.enum(['paid', 'failed']),
    amountMinor: AmountMinorSchema,
    currency: z.string().length(3),
  })
  .strict();
export type SandboxNotice = z.infer<typeof SandboxNoticeSchema>;

// ── The sandbox gateway's merchant API (apps/partners, a process of its own) ────────────────
// The merchant's calls are signed as its notices are, with the same secret and headers: a POST
// over `${timestamp}.${raw body}`, a GET over `${timestamp}.${path}` (it has no body).

/** Under the sandbox's base address (PAYMENT_SANDBOX_URL on the server). */
export const SANDBOX_API_PAYMENTS_PATH = '/sandbox/api/payments';
/** The sandbox's hosted pay page, on its public address: `${SANDBOX_PAY_PREFIX}/<ref>`. */
export const SANDBOX_PAY_PREFIX = '/sandbox-pay';
/** How long a sandbox payment takes a decision, as long as a deposit waits for one. */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60_000;

/** POST SANDBOX_API_PAYMENTS_PATH: the merchant opens a payment; the same ref again is the same payment. */
export const SandboxOpenPaymentSchema = z
  .object({
    /** The merchant's reference, the payment's name at the sandbox. */
    ref: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
    amountMinor: AmountMinorSchema,
    currency: z.string().regex(/^[A-Z]{3}$/),
    /** The method the player chose, as the pay page names it. */
    channelName: z.object({ EN: z.string().min(1).max(64), BN: z.string().min(1).max(64) }),
    /** Where the sandbox POSTs its signed notice. */
    notifyUrl: z.url({ protocol: /^https?$/ }).max(2048),
    /** Where the pay page sends the player back (with `ref` added to its query). */
    returnUrl: z.url({ protocol: /^https?$/ }).max(2048),
    language: LanguageSchema,
  })
  .strict();
export type SandboxOpenPayment = z.infer<typeof SandboxOpenPaymentSchema>;

export const SandboxOpenAnswerSchema = z.object({ payUrl: z.url() });

/** GET SANDBOX_API_PAYMENTS_PATH/<ref>: the sandbox's own word on a payment. */
export const SandboxPaymentStatusSchema = z.object({
  ref: z.string(),
  state: z.enum(['open', 'paid', 'failed', 'expired']),
  amountMinor: z.number().int(),
  currency: z.string(),
});
export type SandboxPaymentStatus = z.infer<typeof SandboxPaymentStatusSchema>;

/** Payouts (PAYOUT_PROVIDERS=sandbox): signed the same way, under the same base address. */
export const SANDBOX_API_PAYOUTS_PATH = '/sandbox/api/payouts';
/** Payee accounts ending in this fail at the sandbox ("no such wallet account"), for the demo. */
export const SANDBOX_FAILING_ACCOUNT_SUFFIX = '0000';

/** POST SANDBOX_API_PAYOUTS_PATH: pays a payee; the same ref again is the same payout. */
export const SandboxPayoutRequestSchema = z
  .object({
    ref: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
    amountMinor: AmountMinorSchema,
    currency: z.string().regex(/^[A-Z]{3}$/),
    account: z.string().min(1).max(64),
    accountName: z.string().max(128),
  })
  .strict();
export type SandboxPayoutRequest = z.infer<typeof SandboxPayoutRequestSchema>;

/** The answer of both payout calls (GET SANDBOX_API_PAYOUTS_PATH/<ref> too). */
export const SandboxPayoutStatusSchema = z.object({
  ref: z.string(),
  state: z.enum(['processing', 'paid', 'failed']),
  reason: z.string().nullable(),
});
export type SandboxPayoutStatus = z.infer<typeof SandboxPayoutStatusSchema>;

export const WebhookAnswerSchema = z.object({
  depositId: IdSchema,
  status: DepositStatusSchema,
  /** False when the notice changed nothing (a repeat, or the deposit was settled already). */
  applied: z.boolean(),
});

// ── Payment findings (operator) ──────────────────────────────────────────────────────────────

/**
 * A gateway answer that credited nothing (amountMismatch, referenceMismatch, unknownPayment) or
 * an outcome the reconciliation pass found (creditedLate, expired).
 */
export const PaymentFindingSchema = z.object({
  id: IdSchema,
  provider: z.string(),
  kind: z.string(),
  ref: z.string().nullable(),
  ourRef: z.string().nullable(),
  depositId: IdSchema.nullable(),
  /** What the gateway said and what the deposit expected. */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type PaymentFinding = z.infer<typeof PaymentFindingSchema>;
export const PaymentFindingListSchema = z.array(PaymentFindingSchema);
export const PaymentFindingQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(500).default(50) })
  .strict();
