/**
 * Back office operators, their console sessions and their sign-in attempts. Owned by
 * modules/operators.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower case (the contract's OperatorUsernameSchema). */
    username: varchar('username', { length: 32 }).notNull(),
    /** owner | admin | finance | support | content | viewer */
    role: varchar('role', { length: 16 }).notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** True while the operator still has the one-time password of creation or reset. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /**
     * The TOTP secret (base32), stored as given: there is no at-rest encryption key yet
     * (docs/decisions.md, "Secrets are stored as given").
     */
    totpSecret: varchar('totp_secret', { length: 64 }).notNull(),
    /** The last time-step whose code was accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Locked by a manager. */
    locked: boolean('locked').notNull().default(false),
    /** Failed sign-ins since the last success or lock-out. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedOutUntil: at('locked_out_until'),
    lastLoginAt: at('last_login_at'),
    passwordChangedAt: at('password_changed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Who created it: an operator's username, `automation`, or `first-start`. */
    createdBy: varchar('created_by', { length: 40 }).notNull(),
  },
  (t) => [uniqueIndex('operators_username').on(t.username)],
);

/** Console sessions: the cookie's token (hashed) and the CSRF token that goes with it. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull(),
    endedAt: at('ended_at'),
    /** logout | idle | password | locked | role | reset */
    endedReason: varchar('ended_reason', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash').on(t.tokenHash),
    index('operator_sessions_operator').on(t.operatorId, t.endedAt),
  ],
);

/** Every sign-in attempt, good or bad, with where it came from. */
export const operatorLogins = pgTable(
  'operator_logins',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    /** Null when no operator has the username tried. */
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    username: varchar('username', { length: 64 }).notNull(),
    /** ok | failed | lockedOut (this failure locked the account) | refusedLockedOut | refusedLocked */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    /** For a failure: password | totp | replay | unknownUser. */
    detail: varchar('detail', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [
    index('operator_logins_operator').on(t.operatorId, t.id),
    index('operator_logins_at').on(t.at),
  ],
);
