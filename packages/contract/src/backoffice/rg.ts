/**
 * Responsible gaming, the operator's side (/ops/api/rg; permissions rg.read and rg.write): who is
 * under a break now, one member's limits and breaks, and making a break longer. A break is never
 * made shorter (409 rg.breakShorter). Changes are written to the audit trail.
 */
import { z } from 'zod';
import { DepositLimitSchema, ExclusionKindSchema, LossLimitSchema } from '../protection';

const IdSchema = z.string().regex(/^\d{1,19}$/);

export const OPS_RG_LIMITS = { pageSize: 50, pageMax: 200, reasonChars: 256 } as const;

export const OpsBreakListQuerySchema = z
  .object({
    /** true (default): breaks in force now; false: every break, newest first. */
    active: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    kind: ExclusionKindSchema.optional(),
    /** `nextCursor` of the previous page. */
    before: IdSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(OPS_RG_LIMITS.pageMax)
      .default(OPS_RG_LIMITS.pageSize),
  })
  .strict();
export type OpsBreakListQuery = z.output<typeof OpsBreakListQuerySchema>;

export const OpsBreakSchema = z.object({
  id: IdSchema,
  username: z.string(),
  kind: ExclusionKindSchema,
  startsAt: z.string(),
  until: z.string(),
  /** In force now. */
  active: z.boolean(),
  /** An operator made it longer (the latest extension), null when never extended. */
  extendedBy: z.string().nullable(),
  extendedAt: z.string().nullable(),
});
export type OpsBreak = z.infer<typeof OpsBreakSchema>;

export const OpsBreakListSchema = z.object({
  list: z.array(OpsBreakSchema),
  nextCursor: IdSchema.nullable(),
});
export type OpsBreakList = z.infer<typeof OpsBreakListSchema>;

export const OpsRgMemberParamsSchema = z.object({ username: z.string().min(1).max(64) }).strict();

/** GET /ops/api/rg/members/:username */
export const OpsRgMemberSchema = z.object({
  username: z.string(),
  currency: z.string(),
  depositLimits: z.array(DepositLimitSchema),
  lossLimits: z.array(LossLimitSchema),
  realityCheckMinutes: z.number().int().nullable(),
  /** The break in force now, if any. */
  current: OpsBreakSchema.nullable(),
  /** Every break the member took, newest first. */
  breaks: z.array(OpsBreakSchema),
});
export type OpsRgMember = z.infer<typeof OpsRgMemberSchema>;

/** POST /ops/api/rg/members/:username/extend: the break in force now ends later. */
export const OpsExtendBreakBodySchema = z
  .object({
    /** The new end; must be later than the current one. */
    until: z.iso.datetime({ offset: true }),
    reason: z.string().trim().min(1).max(OPS_RG_LIMITS.reasonChars),
  })
  .strict();
export type OpsExtendBreakBody = z.infer<typeof OpsExtendBreakBodySchema>;
