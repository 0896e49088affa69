/**
 * The back office's own accounts: signing in to the console (password + TOTP, a cookie session
 * with a CSRF token), managing operators, and searching the audit trail. Roles and permissions are
 * in ../operators.ts; docs/back-office.md explains the rules.
 */
import { z } from 'zod';
import { OperatorRoleSchema, PermissionSchema } from '../operators';

/** The console session cookie: HttpOnly, SameSite=Strict, Path=/ops (Secure behind HTTPS). */
export const OPS_SESSION_COOKIE = 'khela_ops';
/** Every non-GET /ops/api call made with the cookie sends the session's CSRF token here. */
export const CSRF_HEADER = 'x-csrf-token';

export const OPS_AUTH_PATHS = {
  login: '/ops/api/auth/login',
  me: '/ops/api/auth/me',
  logout: '/ops/api/auth/logout',
  password: '/ops/api/auth/password',
} as const;

/** Failed logins in a row that lock an operator out, and for how long. */
export const OPERATOR_LOCKOUT = { failures: 5, minutes: 15 } as const;
/** Console sessions end after this much idle time unless the `opsSessionIdleMinutes` setting says otherwise. */
export const OPS_SESSION_IDLE_MINUTES_DEFAULT = 30;

/** Lower-case letters, digits, `.`, `_`, `-`; 3 to 32 characters, starting with a letter or digit. */
export const OperatorUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/);
/** Any characters; the length and common-password rules are checked by the server. */
export const OperatorPasswordSchema = z.string().min(1).max(256);
/** The six digits the authenticator app shows (RFC 6238, 30-second steps, SHA-1). */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const OperatorLoginBodySchema = z
  .object({
    username: OperatorUsernameSchema,
    password: OperatorPasswordSchema,
    totp: TotpCodeSchema,
  })
  .strict();
export type OperatorLoginBody = z.infer<typeof OperatorLoginBodySchema>;

/** The signed-in operator as the console sees it: what to show and which actions to offer. */
export const OperatorSelfSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: OperatorRoleSchema,
  permissions: z.array(PermissionSchema),
});
export type OperatorSelf = z.infer<typeof OperatorSelfSchema>;

/**
 * The answer of login and of GET /auth/me. `csrfToken` goes in the `x-csrf-token` header of every
 * non-GET call. While `mustChangePassword` is true only the /auth routes answer (the one-time
 * password given at creation or reset must be replaced first).
 */
export const OperatorSessionSchema = z.object({
  operator: OperatorSelfSchema,
  csrfToken: z.string(),
  mustChangePassword: z.boolean(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

/** Changing one's own password ends every session of the operator but the one that changed it. */
export const ChangeOperatorPasswordBodySchema = z
  .object({ current: OperatorPasswordSchema, next: OperatorPasswordSchema })
  .strict();
export type ChangeOperatorPasswordBody = z.infer<typeof ChangeOperatorPasswordBodySchema>;

// Operators management (operators.read / operators.manage)

export const OperatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: OperatorRoleSchema,
  /** Locked by a manager: cannot sign in until unlocked. */
  locked: z.boolean(),
  /** Locked out after repeated failed logins, until then (null when not). */
  lockedOutUntil: z.string().nullable(),
  /** Still on the one-time password. */
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof OperatorSchema>;
export const OperatorListSchema = z.array(OperatorSchema);

export const OperatorParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Only an owner may create an owner. */
export const CreateOperatorBodySchema = z
  .object({ username: OperatorUsernameSchema, role: OperatorRoleSchema })
  .strict();
export type CreateOperatorBody = z.infer<typeof CreateOperatorBodySchema>;

/**
 * Changing a role or locking. Unlocking (`locked: false`) also clears a lock-out after failed
 * logins. Only an owner may change an owner or make one; no change may leave no unlocked owner.
 * Locking or changing the role ends the operator's sessions.
 */
export const UpdateOperatorBodySchema = z
  .object({ role: OperatorRoleSchema.optional(), locked: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.locked !== undefined, {
    message: 'role or locked',
  });
export type UpdateOperatorBody = z.infer<typeof UpdateOperatorBodySchema>;

/**
 * Shown once, at creation and at reset: the one-time password (to be changed at first login) and
 * the TOTP secret (base32) with its otpauth:// URI for the authenticator app's QR code.
 */
export const OperatorCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
  totpSecret: z.string(),
  otpauthUri: z.string(),
});
export type OperatorCredentials = z.infer<typeof OperatorCredentialsSchema>;

// The audit trail (audit.read)

export const AuditQuerySchema = z
  .object({
    /** The operator's username, or `automation`. */
    actor: z.string().trim().min(1).max(40).optional(),
    /** Exact action, or a prefix ending in `.` (`withdrawal.` for every withdrawal action). */
    action: z.string().trim().min(1).max(64).optional(),
    targetType: z.string().trim().min(1).max(32).optional(),
    targetId: z.string().trim().min(1).max(128).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Paging cursor: only events older than this id (the previous page's `nextBefore`). */
    before: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
/** The CSV export takes the same filters; it holds up to this many rows, newest first. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const AuditCsvQuerySchema = AuditQuerySchema.omit({ limit: true });

export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.enum(['operator', 'automation']),
  operatorId: z.string().nullable(),
  actorName: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** Newest first; `nextBefore` is the cursor of the next (older) page, null at the end. */
export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
