/**
 * The `Idempotency-Key` header every money-moving player call takes: a key the client makes once
 * per submit and sends again on a retry. The same key answers the first result; the same key with
 * another body is 422 `idempotency.mismatch`; a missing key is 400 `idempotency.keyRequired`.
 */
import { z } from 'zod';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 128;

/** Printable ASCII, as HTTP headers carry it. */
export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[\x21-\x7e]+$/);

/** The header as a route schema declares it (checked for presence by the handler). */
export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional(),
});
