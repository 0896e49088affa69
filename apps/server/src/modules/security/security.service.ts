/**
 * The security centre: the payment password (set, or changed with the old one), the bound
 * contacts masked, the login history and the active sessions, one or all others of which the
 * member can end.
 *
 * Wrong passwords count against the same per-member budget as the withdraw calls (the keys are
 * shared), so trying payment passwords here does not add tries to those there.
 */
import type { Language } from '@khela/contract/language';
import {
  paymentPasswordProblems,
  PAYMENT_PASSWORD_RULE,
  SECURITY_LIMITS,
  type EndedSessions,
  type PaymentPasswordBody,
  type SecuritySummary,
} from '@khela/contract/security';
import type { ErrorCode } from '@khela/contract/errors';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { FieldErrorCollector } from '../accounts/field-errors';
import { memberReads } from '../accounts/member-reads';
import { memberWrites } from '../accounts/member-writes';
import { ReauthGuard } from '../accounts/reauth-guard';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { AuthSession, SessionsService } from '../accounts/sessions.service';
import type { InboxService } from '../inbox/inbox.service';
import type { SettingsService } from '../settings/settings.service';
import { deviceOf, maskEmail, maskIp, maskMobile } from './masking';
import type { StepUpService } from './step-up.service';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The `X-Device-Id` header as sent (marks "this device" among the trusted ones). */
  deviceId?: string;
  language: Language;
}

export interface SecurityDeps {
  db: Database;
  cache: CacheStore;
  settings: SettingsService;
  sessions: SessionsService;
  inbox: Pick<InboxService, 'notify'>;
  passwords: PasswordHasher;
  /** Trusted devices (step-up on a new device). */
  stepUp: Pick<StepUpService, 'list' | 'remove'>;
}

const CHANGE_TEXT = {
  set: { changeEn: 'set', changeBn: 'সেট করা হয়েছে' },
  changed: { changeEn: 'changed', changeBn: 'পরিবর্তন করা হয়েছে' },
} as const;

export class SecurityService {
  /** Password re-entry, with the try counter every caller shares. */
  private readonly reauth: ReauthGuard;

  constructor(private readonly deps: SecurityDeps) {
    this.reauth = new ReauthGuard(deps.cache, deps.passwords);
  }

  private get db() {
    return this.deps.db;
  }

  private async passwords(memberId: bigint) {
    const member = await memberReads.passwords(this.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return member;
  }

  async summary(auth: AuthSession): Promise<SecuritySummary> {
    const [member, history, live] = await Promise.all([
      memberReads.securityFacts(this.db, auth.memberId),
      memberReads.loginHistory(this.db, auth.memberId, SECURITY_LIMITS.loginHistory),
      this.deps.sessions.liveOf(this.db, auth.memberId, new Date()),
    ]);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return {
      paymentPasswordSet: member.paymentPasswordSet,
      mobile: maskMobile(member.countryDialingCode, member.mobileNum),
      email: maskEmail(member.email),
      loginHistory: history.map((row) => ({
        at: row.createdAt.toISOString(),
        ip: maskIp(row.ip),
        device: deviceOf(row.userAgent),
        outcome: row.outcome === 'ok' ? 'ok' : 'fail',
      })),
      sessions: live.map((row) => ({
        id: row.id,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        ip: maskIp(row.ip),
        device: deviceOf(row.userAgent),
        current: row.id === auth.sessionId,
      })),
    };
  }

  /**
   * Sets the payment password, or changes it (the old one is required then). The login password
   * is asked again; the rule is the registration rule of the payment password. Writes an inbox
   * notice and an audit row in the same transaction as the change.
   */
  async setPaymentPassword(auth: AuthSession, body: PaymentPasswordBody, meta: RequestMeta) {
    const member = await this.passwords(auth.memberId);
    const changing = member.paymentPasswordHash !== null;
    const errors = new FieldErrorCollector(meta.language);
    const rule =
      this.deps.settings.get('registrationRules').fields.paymentPassword ?? PAYMENT_PASSWORD_RULE;
    if (body.password === '') errors.add('password', [{ key: 'required' }]);
    if (changing && !body.oldPaymentPassword) {
      errors.add('oldPaymentPassword', [{ key: 'required' }]);
    }
    errors.add('newPaymentPassword', paymentPasswordProblems(body.newPaymentPassword, rule));
    if (body.confirmPaymentPassword !== body.newPaymentPassword) {
      errors.add('confirmPaymentPassword', [{ key: 'confirmMismatch' }]);
    }
    errors.throwIfAny();

    const audit = (outcome: 'ok' | 'fail', detail: Record<string, unknown>) => ({
      memberId: auth.memberId,
      event: 'paymentPassword',
      outcome,
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail,
    });
    const check = async (
      purpose: 'login' | 'payment',
      hash: string,
      given: string,
      wrong: ErrorCode,
    ) => {
      try {
        await this.reauth.check(purpose, auth.memberId, hash, given, wrong);
      } catch (error) {
        await memberWrites.audit(this.db, audit('fail', { reason: purpose }));
        throw error;
      }
    };
    await check('login', member.passwordHash, body.password, 'wallet.reauthFailed');
    if (member.paymentPasswordHash !== null) {
      await check(
        'payment',
        member.paymentPasswordHash,
        body.oldPaymentPassword ?? '',
        'wallet.paymentPasswordWrong',
      );
      if (body.oldPaymentPassword === body.newPaymentPassword) {
        throw new AppError('modify.new.old.same', { field: 'newPaymentPassword' });
      }
    }

    const hash = await this.deps.passwords.hash(body.newPaymentPassword);
    await this.db.transaction(async (tx) => {
      await memberWrites.setPaymentPassword(tx, auth.memberId, hash);
      await memberWrites.audit(tx, audit('ok', { change: changing ? 'changed' : 'set' }));
      await this.deps.inbox.notify(
        tx,
        auth.memberId,
        'security.paymentPassword',
        CHANGE_TEXT[changing ? 'changed' : 'set'],
      );
    });
    return { paymentPasswordSet: true as const };
  }

  /** The devices the member trusted at a new-device login, "this device" marked. */
  trustedDevices(auth: AuthSession, meta: RequestMeta) {
    return this.deps.stepUp.list(auth.memberId, meta);
  }

  /** Removes a trusted device: its next login from a new network is asked for a code again. */
  removeTrustedDevice(auth: AuthSession, id: string, meta: RequestMeta) {
    return this.deps.stepUp.remove(auth.memberId, id, meta);
  }

  /** Ends one of the member's own live sessions (this one too); another's is not found. */
  async endSession(
    auth: AuthSession,
    sessionId: string,
    meta: RequestMeta,
  ): Promise<EndedSessions> {
    const revoked = await this.db.transaction(async (tx) => {
      // Only the member's own session: another's is as unknown as a made-up id.
      const hashes = await this.deps.sessions.revoke(tx, sessionId, 'ended.member', auth.memberId);
      if (hashes.length === 0) throw notFound();
      await memberWrites.audit(tx, {
        memberId: auth.memberId,
        event: 'session.end',
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { sessionId, current: sessionId === auth.sessionId },
      });
      return hashes;
    });
    await this.deps.sessions.forget(revoked);
    return { ended: revoked.length, currentEnded: sessionId === auth.sessionId };
  }

  /**
   * Ends every other session of the member and every remember-me token (they are not tied to a
   * session, so the one of the device that is gone cannot be picked out).
   */
  async endOtherSessions(auth: AuthSession, meta: RequestMeta): Promise<EndedSessions> {
    const revoked = await this.db.transaction(async (tx) => {
      const hashes = await this.deps.sessions.revokeAll(
        tx,
        auth.memberId,
        'ended.others',
        auth.sessionId,
      );
      await memberWrites.revokeDeviceTokens(tx, auth.memberId);
      await memberWrites.audit(tx, {
        memberId: auth.memberId,
        event: 'session.endOthers',
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { ended: hashes.length },
      });
      return hashes;
    });
    await this.deps.sessions.forget(revoked);
    return { ended: revoked.length, currentEnded: false };
  }
}
