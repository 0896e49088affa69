/**
 * The back office's members desk and balance adjustments (operator API under /ops/api): member
 * search, a member's page and its sub-lists, the operator's actions on a member, and adjustments
 * with four eyes above the `adjustmentApprovalThreshold` setting. docs/back-office.md explains
 * the search semantics and the approval rule.
 *
 * Lists page with a cursor: an answer's `nextBefore` (null on the last page) goes back as
 * `before` for the next, older page. Amounts are integer minor units; times are ISO strings.
 */
import { z } from 'zod';
import { LanguageSchema } from '../language';
import { TransactionTypeSchema } from '../records';
import { DeviceSchema } from '../security';
import { OpsAdjustmentSchema } from '../withdrawals';

const IdSchema = z.string().regex(/^\d{1,19}$/);
const Iso = z.string();
/** A list's cursor: the id of the last item of the page before. */
const Cursor = z.string().regex(/^\d{1,19}$/);

// ── Search ─────────────────────────────────────────────────────────────────────────────────

/**
 * What `q` is matched against: username, mobile and e-mail by prefix, case-insensitive; `id`
 * exactly; `ip` exactly, or by prefix when `q` ends with `.`, `:` or `*`; `device` exactly.
 * `ip` and `device` find members that registered or logged in from there.
 */
export const MEMBER_SEARCH_KEYS = ['username', 'mobile', 'email', 'id', 'ip', 'device'] as const;
export const MemberSearchKeySchema = z.enum(MEMBER_SEARCH_KEYS);
export type MemberSearchKey = z.infer<typeof MemberSearchKeySchema>;

export const MEMBER_SEARCH_LIMITS = { default: 20, max: 50 } as const;

export const MemberSearchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(254),
    /** Error messages' language (else Accept-Language), as on every call. */
    language: LanguageSchema.optional(),
    by: MemberSearchKeySchema.default('username'),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MEMBER_SEARCH_LIMITS.max)
      .default(MEMBER_SEARCH_LIMITS.default),
  })
  .strict();
export type MemberSearchQuery = z.infer<typeof MemberSearchQuerySchema>;

export const MemberStatusSchema = z.enum(['active', 'disabled']);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;

export const MemberHitSchema = z.object({
  id: IdSchema,
  username: z.string(),
  /** Country dialing code and number, `+880 1712345678`; operators see it in full. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  balanceMinor: z.number().int(),
  currency: z.string().nullable(),
  createdAt: Iso,
  lastLoginAt: Iso.nullable(),
});
export type MemberHit = z.infer<typeof MemberHitSchema>;
/** Ordered by username (id for `id`, newest activity for `ip` and `device`). */
export const MemberSearchResultSchema = z.object({ items: z.array(MemberHitSchema) });
export type MemberSearchResult = z.infer<typeof MemberSearchResultSchema>;

// ── A member's page ────────────────────────────────────────────────────────────────────────

export const MemberParamsSchema = z.object({ username: z.string().min(1).max(64) });

export const MemberSummarySchema = MemberHitSchema.extend({
  nickname: z.string().nullable(),
  /** Member type (contract members.ts MemberType): 0 member, agents, trial… */
  type: z.number().int(),
  vipLevel: z.number().int().nullable(),
  /** The member's own invitation code (agents hand it out). */
  inviteCode: z.string(),
  /** Who brought the member in; null when no one did. */
  upline: z.object({ username: z.string() }).nullable(),
  downlineCount: z.number().int(),
  registration: z.object({
    at: Iso,
    ip: z.string().nullable(),
    domain: z.string().nullable(),
    method: z.string(),
  }),
  tags: z.array(z.string()),
  counts: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    activeSessions: z.number().int(),
    notes: z.number().int(),
    /** Other accounts seen on one of this member's addresses or devices. */
    linked: z.number().int(),
  }),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

const pageQuery = {
  language: LanguageSchema.optional(),
  before: Cursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};
const rangeQuery = { from: z.iso.datetime().optional(), to: z.iso.datetime().optional() };
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextBefore: Cursor.nullable() });

export const MemberLedgerQuerySchema = z
  .object({ ...pageQuery, ...rangeQuery, kind: TransactionTypeSchema.optional() })
  .strict();
export type MemberLedgerQuery = z.infer<typeof MemberLedgerQuerySchema>;
export const MemberLedgerEntrySchema = z.object({
  id: IdSchema,
  transactionId: IdSchema,
  /** The ledger's own kind (`deposit`, `bet.slots`, `adjustment`, …). */
  ledgerKind: z.string(),
  kind: TransactionTypeSchema,
  amountMinor: z.number().int(),
  balanceAfterMinor: z.number().int().nullable(),
  reference: z.unknown(),
  at: Iso,
});
export const MemberLedgerPageSchema = page(MemberLedgerEntrySchema);

export const MemberListQuerySchema = z
  .object({ ...pageQuery, ...rangeQuery, status: z.string().max(24).optional() })
  .strict();
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;

export const MemberDepositSchema = z.object({
  id: IdSchema,
  channelCode: z.string(),
  provider: z.string().nullable(),
  amountMinor: z.number().int(),
  status: z.string(),
  /** The gateway's reference, where it gave one. */
  providerRef: z.string().nullable(),
  createdAt: Iso,
  completedAt: Iso.nullable(),
});
export const MemberDepositPageSchema = page(MemberDepositSchema);

export const MemberWithdrawalSchema = z.object({
  id: IdSchema,
  channelCode: z.string(),
  amountMinor: z.number().int(),
  status: z.string(),
  /** The payee account in full (operators see it). */
  accountNumber: z.string(),
  accountName: z.string(),
  reason: z.string().nullable(),
  createdAt: Iso,
  decidedAt: Iso.nullable(),
});
export const MemberWithdrawalPageSchema = page(MemberWithdrawalSchema);

export const MemberRoundQuerySchema = z.object({ ...pageQuery, ...rangeQuery }).strict();
export const MemberRoundSchema = z.object({
  id: IdSchema,
  vendor: z.string(),
  gameName: z.string().nullable(),
  roundRef: z.string(),
  /** cash or play (trial money). */
  accountKind: z.string(),
  betMinor: z.number().int(),
  winMinor: z.number().int(),
  status: z.string(),
  at: Iso,
});
export const MemberRoundPageSchema = page(MemberRoundSchema);

export const MemberLoginQuerySchema = z.object(pageQuery).strict();
export const MemberLoginSchema = z.object({
  /** `login` or `register`: successful ones only. */
  kind: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The device id the client sent (`X-Device-Id`), else a hash of the user agent (`ua:…`). */
  deviceId: z.string().nullable(),
  at: Iso,
});
export const MemberLoginPageSchema = page(MemberLoginSchema);

export const LinkedAccountSchema = z.object({
  username: z.string(),
  status: z.string(),
  /**
   * What the two accounts share: the same address, the same device, or both; for each, how many
   * of the other account's logins used it (counted among the newest 200 logins on it) and when
   * the other account was last seen on it.
   */
  via: z.array(
    z.object({
      kind: z.enum(['ip', 'device']),
      value: z.string(),
      logins: z.number().int(),
      lastSeenAt: Iso,
    }),
  ),
  lastSeenAt: Iso,
});
export const LinkedAccountsSchema = z.object({ items: z.array(LinkedAccountSchema) });

export const MemberSessionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: Iso,
  lastSeenAt: Iso,
});
export const MemberSessionsSchema = z.object({ items: z.array(MemberSessionSchema) });

/** A device the member trusted at a new-device login (step-up); removed ones are not listed. */
export const MemberTrustedDeviceSchema = z.object({
  id: z.string().uuid(),
  /** Browser and system from the User-Agent (null parts when not recognised). */
  device: DeviceSchema,
  userAgent: z.string().nullable(),
  /** The network it was last seen on (IPv4 /24, IPv6 /48), as stored. */
  network: z.string().nullable(),
  firstSeenAt: Iso,
  lastSeenAt: Iso,
});
export type MemberTrustedDevice = z.infer<typeof MemberTrustedDeviceSchema>;
export const MemberTrustedDevicesSchema = z.object({ items: z.array(MemberTrustedDeviceSchema) });
export const MemberTrustedDeviceParamsSchema = MemberParamsSchema.extend({
  id: z.string().uuid(),
});
export const TrustedDeviceRemovedSchema = z.object({ removed: z.literal(true) });

// ── Actions (members.write) ────────────────────────────────────────────────────────────────

export const MemberNoteSchema = z.object({
  id: IdSchema,
  text: z.string(),
  /** The operator's username, or `automation`. */
  author: z.string(),
  createdAt: Iso,
});
export const MemberNotesSchema = z.object({ items: z.array(MemberNoteSchema) });
export const MemberNoteBodySchema = z.object({ text: z.string().trim().min(1).max(2000) }).strict();

export const MEMBER_TAG_LIMITS = { count: 20, length: 32 } as const;
export const MemberTagsBodySchema = z
  .object({
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(MEMBER_TAG_LIMITS.length)
          .regex(/^[\p{L}\p{N} _.-]+$/u),
      )
      .max(MEMBER_TAG_LIMITS.count),
  })
  .strict();
export const MemberTagsSchema = z.object({ tags: z.array(z.string()) });

/** `reason` is required (400 member.reasonRequired in the operator's language when missing). */
export const MemberStatusBodySchema = z
  .object({ status: MemberStatusSchema, reason: z.string().max(500).optional() })
  .strict();
export const MemberStatusResultSchema = z.object({
  username: z.string(),
  status: MemberStatusSchema,
  /** Sessions ended by the change (disabling ends them all). */
  sessionsEnded: z.number().int(),
});

export const SessionsEndedSchema = z.object({ ended: z.number().int() });

export const PasswordResetBodySchema = z
  .object({ channel: z.enum(['sms', 'email']).optional() })
  .strict();
/** Where the reset went: the member's bound mobile (SMS code) or e-mail (reset link). */
export const PasswordResetResultSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
});

// ── Adjustments with four eyes ─────────────────────────────────────────────────────────────

export const ADJUSTMENT_STATES = ['waiting', 'approved', 'rejected'] as const;
export const AdjustmentStateSchema = z.enum(ADJUSTMENT_STATES);
export type AdjustmentState = z.infer<typeof AdjustmentStateSchema>;

/**
 * POST /ops/api/wallet/adjustments answers 200 with the movement (OpsAdjustmentSchema in
 * withdrawals.ts, `state: 'approved'`) when |amount| ≤ the threshold, or 202 with this when it
 * waits for a second operator.
 */
export const AdjustmentWaitingSchema = z.object({
  id: IdSchema,
  state: z.literal('waiting'),
  username: z.string(),
  amountMinor: z.number().int(),
  /** The setting at the time of the request. */
  thresholdMinor: z.number().int(),
});

/** The 200 answer: the money moved at once (or this key's earlier movement, `replayed`). */
export const AdjustmentPaidSchema = OpsAdjustmentSchema.extend({
  id: IdSchema,
  state: z.literal('approved'),
});

export const AdjustmentSchema = z.object({
  id: IdSchema,
  username: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  state: AdjustmentStateSchema,
  requestedBy: z.string(),
  requestedAt: Iso,
  decidedBy: z.string().nullable(),
  decidedAt: Iso.nullable(),
  decisionReason: z.string().nullable(),
  /** The ledger movement, once approved. */
  transactionId: IdSchema.nullable(),
  /** The member's balance right after the movement, once approved. */
  balanceMinor: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

export const AdjustmentListQuerySchema = z
  .object({ state: AdjustmentStateSchema.optional(), ...pageQuery })
  .strict();
export const AdjustmentPageSchema = page(AdjustmentSchema);
export const AdjustmentParamsSchema = z.object({ id: IdSchema });
export const AdjustmentRejectBodySchema = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .strict();
