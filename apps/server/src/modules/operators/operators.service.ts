/**
 * Back office operators: accounts (argon2id password under the player rules, mandatory TOTP),
 * signing in (lock-out after repeated failures, a TOTP code good once), console sessions (ended
 * after idle time, on password change, lock, role change and reset) and their management with
 * the owner rules. Every change of an operator is written to the audit trail in its transaction.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  OPERATOR_LOCKOUT,
  type ChangeOperatorPasswordBody,
  type CreateOperatorBody,
  type Operator,
  type OperatorCredentials,
  type OperatorLoginBody,
  type OperatorSession,
  type UpdateOperatorBody,
} from '@khela/contract/backoffice/operators';
import { PASSWORD_DEFAULTS } from '@khela/contract/accounts';
import type { Language } from '@khela/contract/language';
import {
  actorName,
  ROLE_PERMISSIONS,
  type Actor,
  type OperatorRole,
} from '@khela/contract/operators';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import { FieldErrorCollector } from '../accounts/field-errors';
import type { PasswordHasher } from '../accounts/password-hasher';
import { passwordProblems } from '../accounts/password-policy';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { SettingsService } from '../settings/settings.service';
import {
  operatorsRepository as repo,
  type OperatorRow,
  type OperatorSessionRow,
} from './operators.repository';
import { acceptedStep, newTotpSecret, otpauthUri } from './totp';

export const OWNER_CREDENTIALS_FILE = 'owner-operator.json';
/** A session's last-seen time is written at most this often (idle time is counted in minutes). */
const TOUCH_EVERY_MS = 60_000;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthenticatedSession {
  operator: OperatorRow;
  session: OperatorSessionRow;
}

const oneTimePassword = () => randomBytes(15).toString('base64url');

export const actorOfOperator = (operator: OperatorRow): Actor => ({
  kind: 'operator',
  id: String(operator.id),
  username: operator.username,
  role: operator.role as OperatorRole,
});

function toOperator(row: OperatorRow, now: number): Operator {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role as OperatorRole,
    locked: row.locked,
    lockedOutUntil:
      row.lockedOutUntil && row.lockedOutUntil.getTime() > now
        ? row.lockedOutUntil.toISOString()
        : null,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class OperatorsService {
  constructor(
    private readonly deps: {
      db: Database;
      settings: SettingsService;
      passwords: PasswordHasher;
      audit: AuditService;
    },
  ) {}

  /**
   * First start: with no operator at all, makes `owner` with a one-time password and writes the
   * credentials to DATA_DIR/owner-operator.json (mode 0600). Answers the file's path when it made
   * one. Several processes starting at once: the username is unique, one insert wins.
   */
  async ensureFirstOwner(dataDir: string): Promise<string | null> {
    if (await repo.any(this.deps.db)) return null;
    const credentials = await this.newCredentials('owner');
    const row = await repo.insert(this.deps.db, {
      username: 'owner',
      role: 'owner',
      passwordHash: await this.deps.passwords.hash(credentials.password),
      totpSecret: credentials.totpSecret,
      mustChangePassword: true,
      createdBy: 'first-start',
    });
    if (!row) return null;
    const file = path.join(dataDir, OWNER_CREDENTIALS_FILE);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    return file;
  }

  private async newCredentials(username: string): Promise<OperatorCredentials> {
    const totpSecret = newTotpSecret();
    return {
      username,
      password: oneTimePassword(),
      totpSecret,
      otpauthUri: otpauthUri(totpSecret, username),
    };
  }

  // Signing in and sessions

  /**
   * Password and TOTP code together; which one was wrong is not said. While locked out no
   * password is tried. The lock-out's failure count is the operator's, from any address.
   */
  async login(
    body: OperatorLoginBody,
    meta: RequestMeta,
  ): Promise<{ token: string; session: OperatorSession }> {
    const { db, passwords } = this.deps;
    const now = Date.now();
    const userAgent = meta.userAgent?.slice(0, 256) ?? null;
    const event = { username: body.username, ip: meta.ip, userAgent };
    const operator = await repo.byUsername(db, body.username);
    if (!operator) {
      await passwords.verify(await passwords.dummyHash(), body.password);
      await repo.recordLogin(db, { ...event, outcome: 'failed', detail: 'unknownUser' });
      throw new AppError('ops.loginFailed');
    }
    const logged = { ...event, operatorId: operator.id };
    if (operator.lockedOutUntil && operator.lockedOutUntil.getTime() > now) {
      await repo.recordLogin(db, { ...logged, outcome: 'refusedLockedOut' });
      throw lockedOut(operator.lockedOutUntil, now);
    }
    const passwordOk = await passwords.verify(operator.passwordHash, body.password);
    const step = passwordOk
      ? acceptedStep(operator.totpSecret, body.totp, now, operator.totpLastStep)
      : null;
    const tookStep = step !== null && (await repo.takeTotpStep(db, operator.id, step));
    if (!passwordOk || !tookStep) {
      const replay =
        step !== null ||
        (passwordOk && acceptedStep(operator.totpSecret, body.totp, now, null) !== null);
      const detail = !passwordOk ? 'password' : replay ? 'replay' : 'totp';
      const failures = await repo.noteFailure(db, operator.id);
      if (failures >= OPERATOR_LOCKOUT.failures) {
        const until = new Date(now + OPERATOR_LOCKOUT.minutes * 60_000);
        await repo.update(db, operator.id, { failedLogins: 0, lockedOutUntil: until });
        await repo.recordLogin(db, { ...logged, outcome: 'lockedOut', detail });
        throw lockedOut(until, now);
      }
      await repo.recordLogin(db, { ...logged, outcome: 'failed', detail });
      throw new AppError('ops.loginFailed');
    }
    if (operator.locked) {
      await repo.recordLogin(db, { ...logged, outcome: 'refusedLocked' });
      throw new AppError('ops.locked');
    }
    const token = newToken();
    const upgraded = passwords.needsRehash(operator.passwordHash)
      ? await passwords.hash(body.password)
      : undefined;
    const session = await db.transaction(async (tx) => {
      const updated = await repo.update(tx, operator.id, {
        failedLogins: 0,
        lockedOutUntil: null,
        lastLoginAt: new Date(now),
        ...(upgraded ? { passwordHash: upgraded } : {}),
      });
      const row = await repo.createSession(tx, {
        operatorId: operator.id,
        tokenHash: hashToken(token),
        csrfToken: newToken(),
        lastSeenAt: new Date(now),
        ip: meta.ip,
        userAgent,
      });
      await repo.recordLogin(tx, { ...logged, outcome: 'ok' });
      return { operator: updated ?? operator, session: row };
    });
    return { token, session: this.sessionView(session) };
  }

  /** The session of a cookie's token: live, not idle too long, its operator not locked. */
  async authenticate(token: string): Promise<AuthenticatedSession> {
    const { db, settings } = this.deps;
    const found = await repo.sessionByTokenHash(db, hashToken(token));
    if (!found) throw new AppError('ops.unauthorized');
    const { session, operator } = found;
    if (session.endedAt) throw new AppError('ops.sessionExpired');
    const now = Date.now();
    const idleMs = settings.get('opsSessionIdleMinutes') * 60_000;
    if (session.lastSeenAt.getTime() + idleMs <= now) {
      await repo.endSession(db, session.id, 'idle', new Date(now));
      throw new AppError('ops.sessionExpired');
    }
    if (operator.locked) throw new AppError('ops.locked');
    if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await repo.touchSession(db, session.id, new Date(now));
    }
    return found;
  }

  sessionView({ operator, session }: AuthenticatedSession): OperatorSession {
    const role = operator.role as OperatorRole;
    return {
      operator: {
        id: String(operator.id),
        username: operator.username,
        role,
        permissions: [...ROLE_PERMISSIONS[role]],
      },
      csrfToken: session.csrfToken,
      mustChangePassword: operator.mustChangePassword,
    };
  }

  async logout(session: OperatorSessionRow) {
    await repo.endSession(this.deps.db, session.id, 'logout', new Date());
  }

  /**
   * The player password rules, not the username, not the current one. Ends every other session
   * of the operator; this one stays, out of the one-time password's restriction.
   */
  async changePassword(
    { operator, session }: AuthenticatedSession,
    body: ChangeOperatorPasswordBody,
    context: AuditContext,
    language: Language,
  ): Promise<OperatorSession> {
    const { db, passwords, settings, audit } = this.deps;
    if (!(await passwords.verify(operator.passwordHash, body.current))) {
      throw new AppError('ops.passwordWrong');
    }
    const errors = new FieldErrorCollector(language);
    const rule = settings.get('registrationRules').fields.password ?? {
      ...PASSWORD_DEFAULTS,
      pattern: null,
    };
    errors.add('next', passwordProblems(body.next, rule, operator.username));
    errors.throwIfAny();
    if (body.current === body.next) throw new AppError('ops.passwordSame');
    const hash = await passwords.hash(body.next);
    const now = new Date();
    const updated = await db.transaction(async (tx) => {
      const row = await repo.update(tx, operator.id, {
        passwordHash: hash,
        mustChangePassword: false,
        passwordChangedAt: now,
      });
      await repo.endSessionsOf(tx, operator.id, 'password', now, session.id);
      await audit.record(tx, context, {
        action: 'operator.passwordChange',
        targetType: 'operator',
        targetId: String(operator.id),
        ...(operator.mustChangePassword
          ? { before: { mustChangePassword: true }, after: { mustChangePassword: false } }
          : {}),
      });
      return row ?? operator;
    });
    return this.sessionView({ operator: updated, session });
  }

  // Management

  async list(): Promise<Operator[]> {
    const now = Date.now();
    return (await repo.list(this.deps.db)).map((row) => toOperator(row, now));
  }

  /** A new operator with a one-time password and a TOTP secret, shown once. */
  async create(context: AuditContext, body: CreateOperatorBody): Promise<OperatorCredentials> {
    if (body.role === 'owner') assertOwner(context.actor);
    const credentials = await this.newCredentials(body.username);
    const passwordHash = await this.deps.passwords.hash(credentials.password);
    await this.deps.db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        username: body.username,
        role: body.role,
        passwordHash,
        totpSecret: credentials.totpSecret,
        mustChangePassword: true,
        createdBy: actorName(context.actor),
      });
      if (!row) throw new AppError('operator.exists');
      await this.deps.audit.record(tx, context, {
        action: 'operator.create',
        targetType: 'operator',
        targetId: String(row.id),
        after: { username: row.username, role: row.role },
      });
    });
    return credentials;
  }

  /**
   * Role and lock. An owner (as it is or as it would become) is changed only by an owner; no one
   * locks themselves; no change leaves no unlocked owner. Locking or a new role ends the
   * operator's sessions; unlocking also clears a lock-out.
   */
  async update(context: AuditContext, id: bigint, body: UpdateOperatorBody): Promise<Operator> {
    const { actor } = context;
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.byId(tx, id, true);
      if (!row) throw new AppError('operator.unknown');
      if (row.role === 'owner' || body.role === 'owner') assertOwner(actor);
      if (body.locked && actor.kind === 'operator' && actor.id === String(row.id)) {
        throw new AppError('operator.self');
      }
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const changes: Partial<OperatorRow> = {};
      if (body.role !== undefined && body.role !== row.role) {
        before.role = row.role;
        after.role = changes.role = body.role;
      }
      if (body.locked !== undefined && body.locked !== row.locked) {
        before.locked = row.locked;
        after.locked = changes.locked = body.locked;
      }
      if (body.locked === false && row.lockedOutUntil) {
        before.lockedOutUntil = row.lockedOutUntil.toISOString();
        after.lockedOutUntil = changes.lockedOutUntil = null;
        changes.failedLogins = 0;
      }
      if (Object.keys(changes).length === 0) return toOperator(row, Date.now());
      const stillOwner = (changes.role ?? row.role) === 'owner' && !(changes.locked ?? row.locked);
      if (
        row.role === 'owner' &&
        !stillOwner &&
        (await repo.activeOwnersExcept(tx, row.id)) === 0
      ) {
        throw new AppError('operator.lastOwner');
      }
      const updated = await repo.update(tx, row.id, changes);
      if (changes.role !== undefined || changes.locked === true) {
        const reason = changes.locked ? 'locked' : 'role';
        await repo.endSessionsOf(tx, row.id, reason, new Date());
      }
      await this.deps.audit.record(tx, context, {
        action: 'operator.update',
        targetType: 'operator',
        targetId: String(row.id),
        before,
        after,
      });
      return toOperator(updated ?? row, Date.now());
    });
  }

  /** A new one-time password and TOTP secret; the operator's sessions end, a lock-out is cleared. */
  async reset(context: AuditContext, id: bigint): Promise<OperatorCredentials> {
    const row = await repo.byId(this.deps.db, id);
    if (!row) throw new AppError('operator.unknown');
    if (row.role === 'owner') assertOwner(context.actor);
    const credentials = await this.newCredentials(row.username);
    const passwordHash = await this.deps.passwords.hash(credentials.password);
    await this.deps.db.transaction(async (tx) => {
      await repo.update(tx, row.id, {
        passwordHash,
        totpSecret: credentials.totpSecret,
        totpLastStep: null,
        mustChangePassword: true,
        failedLogins: 0,
        lockedOutUntil: null,
      });
      await repo.endSessionsOf(tx, row.id, 'reset', new Date());
      await this.deps.audit.record(tx, context, {
        action: 'operator.reset',
        targetType: 'operator',
        targetId: String(row.id),
        after: { mustChangePassword: true, totpSecret: 'replaced' },
      });
    });
    return credentials;
  }
}

function lockedOut(until: Date, now: number) {
  return new AppError('ops.lockedOut', {
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now) / 1000)),
  });
}

/** The automation token holds every power, an owner's too (the CLI may make the first owners). */
function assertOwner(actor: Actor) {
  if (actor.kind === 'operator' && actor.role !== 'owner') throw new AppError('operator.ownerOnly');
}
