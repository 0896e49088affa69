/** The JSON envelope every /wps and /ops answer is wrapped in (DESIGN.md, API conventions). */
import { z } from 'zod';

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.literal(true), value });

export type Envelope<T> = { success: true; value: T } | ErrorEnvelope;

/** Paging fields shared by list answers (`pageNum` is 1-based). */
export const PageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
});
