/**
 * The security centre (/m/securityCenter, flag SECPRIV): the payment password, the bound mobile
 * and e-mail (masked), the login history and the active sessions that can be ended.
 */
import { z } from 'zod';
import {
  checkRegistrationField,
  defaultRegistrationRules,
  ruleMessage,
  type FieldRule,
  type RuleMessage,
} from './accounts';
import type { Language } from './language';

export const SECURITY_LIMITS = {
  /** Login events shown in the history. */
  loginHistory: 20,
} as const;

/** Where the browser and system are known from the User-Agent; null when not recognised. */
export const DeviceSchema = z.object({ browser: z.string().nullable(), os: z.string().nullable() });
export type Device = z.infer<typeof DeviceSchema>;

export const LoginEventSchema = z.object({
  at: z.string(),
  /** Partly hidden: 203.0.113.• or 2001:db8:85a3:•. */
  ip: z.string().nullable(),
  device: DeviceSchema,
  outcome: z.enum(['ok', 'fail']),
});
export type LoginEvent = z.infer<typeof LoginEventSchema>;

export const ActiveSessionSchema = z.object({
  id: z.string().uuid(),
  /** member; freeplay (a free-play session next to the member's); restricted (during a break). */
  kind: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  device: DeviceSchema,
  /** The session making this call ("This device"). */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const SecuritySummarySchema = z.object({
  paymentPasswordSet: z.boolean(),
  /** Masked: +880 17••••5678; null when none is bound. */
  mobile: z.string().nullable(),
  /** Masked: r•••@example.com; null when none is bound. */
  email: z.string().nullable(),
  loginHistory: z.array(LoginEventSchema),
  sessions: z.array(ActiveSessionSchema),
});
export type SecuritySummary = z.infer<typeof SecuritySummarySchema>;

export const SessionParamsSchema = z.object({ id: z.string().uuid() }).strict();
export const EndedSessionsSchema = z.object({
  ended: z.number().int(),
  /** True when the caller's own session was ended: the client logs out. */
  currentEnded: z.boolean(),
});
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;

/** The registration rule of the payment password (six digits unless the operator changes it). */
export const PAYMENT_PASSWORD_RULE: FieldRule = {
  ...defaultRegistrationRules().fields.paymentPassword,
  enabled: true,
  required: true,
};

/** The payment password rule's problems, the same in the form and on the server. */
export function paymentPasswordProblems(
  value: string,
  rule: FieldRule = PAYMENT_PASSWORD_RULE,
): Array<{ key: RuleMessage; arg?: number }> {
  // A payment password is taken whole: " 123456" is not "123456".
  if (value !== value.trim()) return [{ key: 'format' }];
  return checkRegistrationField('paymentPassword', value, {
    ...rule,
    enabled: true,
    required: true,
  });
}

const secret = z.string().max(64);

/**
 * Sets or changes the payment password. `password` is the login password (re-authentication);
 * `oldPaymentPassword` is required once a payment password is set.
 */
export const PaymentPasswordBodySchema = z
  .object({
    password: z.string().max(256),
    oldPaymentPassword: secret.optional(),
    newPaymentPassword: secret,
    confirmPaymentPassword: secret,
  })
  .strict();
export type PaymentPasswordBody = z.infer<typeof PaymentPasswordBodySchema>;
export const PaymentPasswordResultSchema = z.object({ paymentPasswordSet: z.literal(true) });

/** The form's check in the player's language: the same rule the server applies. */
export function paymentPasswordFormSchema(language: Language, changing: boolean) {
  const message = (key: RuleMessage, arg?: number) => ruleMessage(key, language, arg);
  return z
    .object({
      password: z.string(),
      oldPaymentPassword: z.string(),
      newPaymentPassword: z.string(),
      confirmPaymentPassword: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.password === '') {
        ctx.addIssue({ code: 'custom', path: ['password'], message: message('required') });
      }
      if (changing && values.oldPaymentPassword === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['oldPaymentPassword'],
          message: message('required'),
        });
      }
      for (const problem of paymentPasswordProblems(values.newPaymentPassword)) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPaymentPassword'],
          message: message(problem.key, problem.arg),
        });
      }
      if (values.confirmPaymentPassword !== values.newPaymentPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPaymentPassword'],
          message: message('confirmMismatch'),
        });
      }
    });
}
