/**
 * The seamless wallet game vendors call (DESIGN.md, Providers): balance, bet (debit), win
 * (credit), rollback and adjust (a signed correction of a settled round) under /wps/vendor/…, and
 * wins: many `win` bodies under one signature, each answered on its own (a sportsbook settling a
 * match). The player's money stays with us; the vendor asks for every movement. Each call is signed: `x-signature` is the hex HMAC-SHA256 of the raw body
 * with the provider's secret, `x-provider` names the provider. Each `txId` is taken once per
 * provider: a retry answers what the first call answered and moves nothing.
 *
 * Amounts are integer minor units (paisa). Answers use the site's envelope: `{ success: true,
 * value }`, or `{ success: false, errorCode, message, data }` with the HTTP status of the code.
 */
import { z } from 'zod';

export const VENDOR_SIGNATURE_HEADER = 'x-signature';
export const VENDOR_PROVIDER_HEADER = 'x-provider';

/** A vendor's own ids: printable ASCII, as they arrive. */
const RefSchema = z
  .string()
  .min(1)
  .max(96)
  .regex(/^[\x21-\x7e]+$/, 'Printable ASCII only');
const TokenSchema = z.string().min(16).max(128);
const CurrencySchema = z.string().length(3);
/** Minor units; zero is allowed (a losing round settles with a zero win, free spins bet zero). */
const AmountSchema = z.number().int().min(0).max(100_000_000_000);

export const VendorBalanceBodySchema = z
  .object({ token: TokenSchema, currency: CurrencySchema.optional() })
  .strict();

export const VendorBetBodySchema = z
  .object({
    token: TokenSchema,
    txId: RefSchema,
    roundId: RefSchema,
    amount: AmountSchema,
    currency: CurrencySchema,
  })
  .strict();

export const VendorWinBodySchema = VendorBetBodySchema.extend({
  /** Closes the round (default). Games that pay several times per round send false until the last. */
  final: z.boolean().optional(),
}).strict();

export const VendorRollbackBodySchema = z
  .object({
    token: TokenSchema,
    txId: RefSchema,
    /** The bet to undo; it may not have arrived yet. */
    refTxId: RefSchema,
    roundId: RefSchema.optional(),
    currency: CurrencySchema,
  })
  .strict();

/**
 * A correction of a settled round (a sportsbook's result corrected after it paid): `amount` is
 * signed, positive pays the player more, negative takes back; never zero. Taken after the game
 * session ended. A negative amount takes at most the player's cash balance (never below zero).
 */
export const VendorAdjustBodySchema = z
  .object({
    token: TokenSchema,
    txId: RefSchema,
    roundId: RefSchema,
    amount: z
      .number()
      .int()
      .min(-100_000_000_000)
      .max(100_000_000_000)
      .refine((amount) => amount !== 0, 'Not zero'),
    currency: CurrencySchema,
    /** Why, in the vendor's words (shown to the operator with the round). */
    reason: z.string().max(200).optional(),
  })
  .strict();

/** The most wins one batch may carry (`POST /wps/vendor/wins`). */
export const VENDOR_WINS_MAX_ITEMS = 500;

/**
 * Many wins in one signed call (a sportsbook settling a match): each item exactly a `win` call's
 * body with its own token and txId, taken as if sent alone. txIds are distinct within a batch.
 */
export const VendorWinsBodySchema = z
  .object({
    items: z
      .array(VendorWinBodySchema)
      .min(1)
      .max(VENDOR_WINS_MAX_ITEMS)
      .refine(
        (items) => new Set(items.map((item) => item.txId)).size === items.length,
        'Each txId once per batch',
      ),
  })
  .strict();

export type VendorBalanceBody = z.infer<typeof VendorBalanceBodySchema>;
export type VendorBetBody = z.infer<typeof VendorBetBodySchema>;
export type VendorWinBody = z.infer<typeof VendorWinBodySchema>;
export type VendorRollbackBody = z.infer<typeof VendorRollbackBodySchema>;
export type VendorAdjustBody = z.infer<typeof VendorAdjustBodySchema>;

export const VendorBalanceSchema = z.object({
  balance: z.number().int(),
  currency: z.string(),
  /** The player's id at the vendor (stable, not the username). */
  playerId: z.string(),
  /** The game the session was opened for: the vendor's game code. */
  gameCode: z.string(),
  /** true: play money (trial account or free play); nothing real moves. */
  playMoney: z.boolean(),
});
export type VendorBalance = z.infer<typeof VendorBalanceSchema>;

export const VendorTransactionSchema = z.object({
  balance: z.number().int(),
  currency: z.string(),
  txId: z.string(),
  /** true when this txId was seen before: the first answer, nothing moved this time. */
  replayed: z.boolean(),
});
export type VendorTransaction = z.infer<typeof VendorTransactionSchema>;

/**
 * One item's answer in a batch, in the items' order: the `win` call's value, or the error it would
 * have answered alone with that call's HTTP status (5xx: not decided, send the same txId again).
 */
export const VendorWinsItemSchema = z.discriminatedUnion('success', [
  z.object({ txId: z.string(), success: z.literal(true), value: VendorTransactionSchema }),
  z.object({
    txId: z.string(),
    success: z.literal(false),
    status: z.number().int(),
    errorCode: z.string(),
    message: z.string(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
]);
export type VendorWinsItem = z.infer<typeof VendorWinsItemSchema>;
export const VendorWinsSchema = z.object({ items: z.array(VendorWinsItemSchema) });
export type VendorWins = z.infer<typeof VendorWinsSchema>;
export type VendorWinsBody = z.infer<typeof VendorWinsBodySchema>;

/** An adjustment's answer: what moved (the amount, or for a negative one what the cash held). */
export const VendorAdjustmentSchema = VendorTransactionSchema.extend({
  appliedAmount: z.number().int(),
});
export type VendorAdjustment = z.infer<typeof VendorAdjustmentSchema>;

// ── The operator's recall of a round (/ops/api/game/rounds/:provider/:roundId) ──────────────

export const OpsRoundParamsSchema = z
  .object({ provider: z.string().min(1).max(16), roundId: RefSchema })
  .strict();

export const OpsRoundSchema = z.object({
  id: z.string(),
  provider: z.string(),
  roundId: z.string(),
  username: z.string(),
  gameId: z.string(),
  accountKind: z.enum(['cash', 'play']),
  currency: z.string(),
  stakeMinor: z.number().int(),
  winMinor: z.number().int(),
  balanceBeforeMinor: z.number().int().nullable(),
  balanceAfterMinor: z.number().int().nullable(),
  status: z.enum(['open', 'settled', 'refunded']),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The vendor's calls on this round, oldest first, as the wallet answered them. */
  transactions: z.array(
    z.object({
      txId: z.string(),
      kind: z.enum(['bet', 'win', 'rollback', 'adjust']),
      amountMinor: z.number().int(),
      refTxId: z.string().nullable(),
      status: z.enum(['done', 'rolled_back', 'void']),
      ledgerTransactionId: z.string().nullable(),
      balanceAfterMinor: z.number().int().nullable(),
      at: z.string(),
    }),
  ),
});
export type OpsRound = z.infer<typeof OpsRoundSchema>;

// ── The game vendor registry (/ops/api/game/vendors) ─────────────────────────────────────────

/** The wallet contracts a vendor may speak; `seamless-v1` is the one above. */
export const WALLET_PROTOCOLS = ['seamless-v1'] as const;
export const VendorCodeSchema = z.string().regex(/^[A-Z0-9_]{2,16}$/);
/** Where a vendor's game page is: an absolute http(s) address (the launch adds the session). */
export const LaunchUrlSchema = z
  .string()
  .max(512)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'An absolute http(s) address');
/** A shared secret as a vendor is given it: long enough that it cannot be guessed. */
export const VendorSecretSchema = z
  .string()
  .regex(/^[\x21-\x7e]{32,128}$/, '32 to 128 printable ASCII characters, no spaces');

/** A registry row as the operator sees it: never the secret (it is shown once, when set). */
export const OpsGameVendorSchema = z.object({
  code: z.string(),
  name: z.string(),
  walletProtocol: z.string(),
  launchUrl: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpsGameVendor = z.infer<typeof OpsGameVendorSchema>;
export const OpsGameVendorListSchema = z.object({ list: z.array(OpsGameVendorSchema) });

export const OpsGameVendorCreateSchema = z
  .object({
    code: VendorCodeSchema,
    name: z.string().trim().min(1).max(64),
    walletProtocol: z.enum(WALLET_PROTOCOLS).default('seamless-v1'),
    launchUrl: LaunchUrlSchema,
    /** Omitted: a random one is made and answered once. */
    secret: VendorSecretSchema.optional(),
    enabled: z.boolean().default(true),
  })
  .strict();
export type OpsGameVendorCreate = z.input<typeof OpsGameVendorCreateSchema>;

export const OpsGameVendorUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(64).optional(),
    walletProtocol: z.enum(WALLET_PROTOCOLS).optional(),
    launchUrl: LaunchUrlSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type OpsGameVendorUpdate = z.infer<typeof OpsGameVendorUpdateSchema>;

export const OpsGameVendorSecretBodySchema = z
  .object({ secret: VendorSecretSchema.optional() })
  .strict();

/** The answer of an add or a rotation: the row and its secret, the only time it is shown. */
export const OpsGameVendorWithSecretSchema = OpsGameVendorSchema.extend({ secret: z.string() });
export type OpsGameVendorWithSecret = z.infer<typeof OpsGameVendorWithSecretSchema>;
