/** The operator API under /ops/api, used by `npm run ops` and the later operator console. */
import { z } from 'zod';
import { FlagNameSchema } from './flags';

export const OPS_PREFIX = '/ops/api';

export const FlagStateSchema = z.object({
  name: FlagNameSchema,
  enabled: z.boolean(),
  about: z.string(),
});
export const FlagListSchema = z.array(FlagStateSchema);
export const FlagParamsSchema = z.object({ name: FlagNameSchema });
export const SetFlagBodySchema = z.object({ enabled: z.boolean() }).strict();

export const SettingParamsSchema = z.object({ name: z.string().min(1).max(64) });
export const SettingValueSchema = z.object({ name: z.string(), value: z.unknown() });
export const SetSettingBodySchema = z.object({ value: z.unknown() }).strict();

export const OutboxStateSchema = z.enum(['queued', 'sent', 'failed']);
export const OutboxQuerySchema = z
  .object({
    to: z.string().max(254).optional(),
    state: OutboxStateSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
/** A message and its delivery: queued until a provider takes it (sent) or it is given up (failed). */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  state: OutboxStateSchema,
  /** Sends tried so far. */
  attempts: z.number().int(),
  /** When a queued message is tried next (after a failure, or held back by the rate limit). */
  nextAttemptAt: z.string().nullable(),
  /** `outbox` (no provider configured), `twilio`, `sms-http` or `smtp`. */
  provider: z.string().nullable(),
  /** The provider's id for it: Twilio's message SID, the SMTP Message-ID, a gateway's answer. */
  providerMessageId: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxParamsSchema = z.object({ id: z.uuid() });
export const OutboxListSchema = z.array(OutboxMessageSchema);
/** The delivery queue at a glance. */
export const OutboxStatsSchema = z.object({
  queued: z.number().int(),
  /** Age of the oldest queued message; null when none is queued. */
  oldestQueuedSeconds: z.number().int().nullable(),
  sentLastHour: z.number().int(),
  failedLastDay: z.number().int(),
});
export type OutboxStats = z.infer<typeof OutboxStatsSchema>;

export const CaptchaPeekSchema = z.object({ captchaId: z.string(), answer: z.string() });
export const UsernameParamsSchema = z.object({ username: z.string().min(1).max(64) });
export const UpdateMemberBodySchema = z
  .object({
    type: z.number().int().min(0).max(99).optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .strict();
export const OpsMemberSchema = z.object({
  username: z.string(),
  type: z.number().int(),
  status: z.string(),
  inviteCode: z.string(),
});
export const AffiliateDomainBodySchema = z
  .object({ domain: z.string().min(1).max(253), code: z.string().min(1).max(16) })
  .strict();
