/**
 * Identity checks, the operator's side (/ops/api/kyc; permissions kyc.read and kyc.decide):
 * the queue of submissions, one submission with its images (served only here, as JPEG), approve
 * and reject with a reason. A decision reaches the player's inbox and the audit trail; an
 * approval releases the player's withdrawals that waited for it (waiting_kyc → pending).
 */
import { z } from 'zod';
import { KycSideSchema, KycSubmissionStateSchema } from '../kyc';

const IdSchema = z.string().regex(/^\d{1,19}$/);

export const OPS_KYC_LIMITS = { pageSize: 50, pageMax: 200, reasonChars: 256 } as const;

export const OpsKycListQuerySchema = z
  .object({
    state: z.enum(['waiting', 'approved', 'rejected', 'all']).default('waiting'),
    /** Only this member's submissions. */
    username: z.string().min(1).max(64).optional(),
    /** `nextCursor` of the previous page. */
    before: IdSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(OPS_KYC_LIMITS.pageMax)
      .default(OPS_KYC_LIMITS.pageSize),
  })
  .strict();
export type OpsKycListQuery = z.output<typeof OpsKycListQuerySchema>;

export const OpsKycImageSchema = z.object({
  side: KycSideSchema,
  /** Size of the stored (re-encoded) JPEG. */
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** GET path of the image (operator only). */
  url: z.string(),
});
export type OpsKycImage = z.infer<typeof OpsKycImageSchema>;

export const OpsKycSubmissionSchema = z.object({
  id: IdSchema,
  memberId: IdSchema,
  username: z.string(),
  state: KycSubmissionStateSchema,
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator who decided (username, or `automation`). */
  decidedBy: z.string().nullable(),
  /** The rejection reason. */
  reason: z.string().nullable(),
  images: z.array(OpsKycImageSchema),
  /** The member's withdrawals waiting for this check (status waiting_kyc). */
  waitingWithdrawals: z.number().int(),
});
export type OpsKycSubmission = z.infer<typeof OpsKycSubmissionSchema>;

/** Waiting ones oldest first (the queue); decided ones newest first. */
export const OpsKycListSchema = z.object({
  list: z.array(OpsKycSubmissionSchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: IdSchema.nullable(),
  /** Submissions waiting now, whatever the filter (the console's counter). */
  waitingCount: z.number().int(),
});
export type OpsKycList = z.infer<typeof OpsKycListSchema>;

export const OpsKycParamsSchema = z.object({ id: IdSchema }).strict();
export const OpsKycImageParamsSchema = z.object({ id: IdSchema, side: KycSideSchema }).strict();

export const OpsKycRejectBodySchema = z
  .object({ reason: z.string().trim().min(1).max(OPS_KYC_LIMITS.reasonChars) })
  .strict();
export type OpsKycRejectBody = z.infer<typeof OpsKycRejectBodySchema>;

/** The answer to approve / reject. */
export const OpsKycDecisionSchema = z.object({
  submission: OpsKycSubmissionSchema,
  /** Ids of the withdrawals an approval released to the queue (waiting_kyc → pending). */
  releasedWithdrawals: z.array(IdSchema),
});
export type OpsKycDecision = z.infer<typeof OpsKycDecisionSchema>;
