/**
 * Step-up on a new device (flag LOGINIPVERF3): a login from a device and a network the member has
 * not used before is answered 403 `login.stepUpRequired` with a ticket instead of a session; a
 * one-time code goes to the member's mobile (else e-mail), and `{ ticket, code }` sent to the
 * confirm call starts the session and trusts the device. The security centre lists the trusted
 * devices; removing one makes its next login ask again.
 *
 * A network is the IP prefix: an IPv4 address's /24, an IPv6 address's /48 (a home or office line
 * keeps its prefix while the last part changes).
 */
import { z } from 'zod';
import { DeviceSchema } from './security';

export const STEP_UP_FLAG = 'LOGINIPVERF3';

export const STEP_UP = {
  /** The code and the ticket are good for this long (the recovery-code rule). */
  codeMinutes: 10,
  /** Wrong codes before the code is burnt (then resend). */
  maxGuesses: 5,
  /** The resend button's cooldown. */
  resendSeconds: 60,
  /** Codes one ticket may have sent (the first included); then log in again. */
  maxSends: 3,
  /** Digits in a code. */
  codeLength: 6,
} as const;

export const StepUpChannelSchema = z.enum(['sms', 'email']);
export type StepUpChannel = z.infer<typeof StepUpChannelSchema>;

/** `data` of the 403 login.stepUpRequired answer. */
export const StepUpChallengeSchema = z.object({
  /** Opaque; send it back with the code. */
  ticket: z.string(),
  channel: z.enum(['sms', 'email']),
  /** Masked: +880 17••••5678 or r•••@example.com. */
  destination: z.string(),
  /** Epoch ms: when the resend button may be pressed. */
  resendAt: z.number().int(),
  /** Epoch ms: when the code and the ticket run out. */
  expiresAt: z.number().int(),
  /**
   * The member's other bound contact (mobile and e-mail both bound): the code may be sent there
   * instead (resend with `channel`). Null when there is one.
   */
  alternative: z
    .object({ channel: StepUpChannelSchema, destination: z.string() })
    .nullable()
    .default(null),
});
export type StepUpChallenge = z.infer<typeof StepUpChallengeSchema>;

const TicketSchema = z.string().min(16).max(128);

export const StepUpConfirmBodySchema = z
  .object({ ticket: TicketSchema, code: z.string().regex(/^\d{6}$/) })
  .strict();
export type StepUpConfirmBody = z.infer<typeof StepUpConfirmBodySchema>;

/**
 * `channel`: send the code to that contact instead (the member's choice when both are bound); a
 * switch needs no cooldown, but counts as one of the ticket's sends.
 */
export const StepUpResendBodySchema = z
  .object({ ticket: TicketSchema, channel: StepUpChannelSchema.optional() })
  .strict();

export const TrustedDeviceSchema = z.object({
  id: z.string().uuid(),
  /** Browser and system from the User-Agent (null parts when not recognised). */
  device: DeviceSchema,
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The network it was last seen on, masked: 203.0.113.• or 2001:db8:85a3:•. */
  network: z.string().nullable(),
  /** The device making this call. */
  current: z.boolean(),
});
export type TrustedDevice = z.infer<typeof TrustedDeviceSchema>;

export const TrustedDeviceListSchema = z.object({ list: z.array(TrustedDeviceSchema) });
export type TrustedDeviceList = z.infer<typeof TrustedDeviceListSchema>;

export const TrustedDeviceParamsSchema = z.object({ id: z.string().uuid() }).strict();
export const RemovedDeviceSchema = z.object({ removed: z.literal(true) });
