/**
 * Registration, login (password, remember-me device token, SMS code), trial and free play,
 * logout, recovery by e-mail or phone, password and username change, member info. Every auth event is written
 * to the audit trail; no password, code or token is ever logged.
 */
import { changedFields, type AuditTrail } from '../audit/audit.service';
import { randomBytes, randomInt } from 'node:crypto';
import {
  checkRegistrationField,
  PASSWORD_DEFAULTS,
  REGISTRATION_FIELDS,
  type ChangePasswordBodySchema,
  type ChangeUsernameBody,
  type ChangeUsernameResult,
  type ForgetPhoneBodySchema,
  type LoginBodySchema,
  type LoginResult,
  type RegisterBodySchema,
  type RegistrationSettings,
} from '@khela/contract/accounts';
import { canFreePlay, isAgent, isGuest, MemberType } from '@khela/contract/members';
import type { Language } from '@khela/contract/language';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { ok } from '../../lib/envelope';
import { type PreparedAnswer, VersionedAnswer } from '../../lib/prepared-answer';
import { hashToken, newToken } from '../../lib/tokens';
import { isUniqueViolation } from '../../db/unique-violation';
import type { CacheStore } from '../../providers/cache/cache-store';
import type { CaptchaService } from '../captcha/captcha.service';
import { passwordResetMail } from '../outbox/message-templates';
import type { OutboxService } from '../outbox/outbox.service';
import type { SettingsService } from '../settings/settings.service';
import { isValidPhone, normalizePhone, type Phone } from '@khela/contract/phone';
import type { VerificationService } from '../verification/verification.service';
import { accountsRepository as repo, type MemberRow } from './accounts.repository';
import { FieldErrorCollector } from './field-errors';
import { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password-hasher';
import { passwordProblems } from './password-policy';
import type { MemberProfiles } from './member-profiles';
import type { AuthSession, SessionsService } from './sessions.service';
import type { TakenUsernames } from './taken-usernames';
import { generateUsername } from './username-generator';
import type { Balances } from '../ledger/balances';
import type { Ledger } from '../ledger/ledger';
import type { ProtectionService } from '../protection/protection.service';
import { loginDevice, sentDeviceId } from './login-device';
import type { BonusesService } from '../bonuses/bonuses.service';
import type { StepUpDecision, StepUpService } from '../security/step-up.service';
import type { StepUpConfirmBody } from '@khela/contract/step-up';
import type { VipService } from '../vip/vip.service';

type LoginBody = z.output<typeof LoginBodySchema>;
type RegisterBody = z.output<typeof RegisterBodySchema>;

/** A login waiting for its step-up code: what finishes it after `confirmStepUp` (no secrets). */
interface PendingLogin {
  account: string;
  type: LoginBody['type'];
  portal: LoginBody['portal'];
  restricted?: boolean;
  rememberMe?: boolean;
  /** It came with a remember-me token (the client keeps it; no new one is made). */
  remembered: boolean;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The client's device id (`X-Device-Id`), when it sent a well-formed one. */
  deviceId?: string;
  language: Language;
}

/**
 * A sign-up through a social login provider (modules/social-login): the same rules as any
 * registration, but no password is asked (a random one is stored: the member logs in through the
 * provider, or sets a password through recovery), and `link` stores the provider's identity in
 * the registration's transaction.
 */
export interface ExternalSignUp {
  provider: string;
  link: (tx: DbOrTx, memberId: bigint) => Promise<void>;
}

const RESET_TTL_MS = 30 * 60_000;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CONTACT_FIELDS = [
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'recommenderId',
] as const;

function inviteCode() {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join(
    '',
  );
}

export interface AccountsDeps {
  db: Database;
  cache: CacheStore;
  config: Pick<Config, 'publicUrl'>;
  settings: SettingsService;
  sessions: SessionsService;
  captcha: CaptchaService;
  verification: VerificationService;
  outbox: OutboxService;
  profiles: MemberProfiles;
  balances: Balances;
  ledger: Ledger;
  usernames: TakenUsernames;
  /** Refuses login during a time-out or self-exclusion. */
  protection: Pick<ProtectionService, 'activeExclusion' | 'assertNotExcludedPerson'>;
  passwords: PasswordHasher;
  /** The bonus engine: a running registration campaign's bonus, given with the registration. */
  bonuses?: Pick<BonusesService, 'registered' | 'changed'>;
  /** Step-up on a new device (LOGINIPVERF3): asked on the way to every member login's session. */
  stepUp?: Pick<StepUpService, 'decide' | 'confirm' | 'resend' | 'loggedIn' | 'registered'>;
  /** The VIP level for member info's `clubLabel` (the header badge). */
  vip?: Pick<VipService, 'clubLabel'>;
}

export class AccountsService {
  readonly throttle: LoginThrottle;

  constructor(private readonly deps: AccountsDeps) {
    this.throttle = new LoginThrottle(deps.cache);
  }

  private readonly registrationSettingsAnswer = new VersionedAnswer(() =>
    JSON.stringify(ok(this.registrationSettings())),
  );

  /** The registration settings call's answer, made once per settings version. */
  preparedRegistrationSettings(): PreparedAnswer {
    return this.registrationSettingsAnswer.get(this.deps.settings.current().version);
  }

  registrationSettings(): RegistrationSettings {
    const rules = this.deps.settings.get('registrationRules');
    const flags = this.deps.settings.current().flags;
    const password = rules.fields.password;
    return {
      ...rules,
      methods: {
        username: this.deps.settings.get('usernameRegistration'),
        mobile: flags.MOBILENUMREG3,
      },
      smsVerification: flags.REGMOBVERF3,
      mobilePassword: flags.MOBILENUMREG3 && flags.MOBILENUMPASSREG3,
      passwordMin: password?.min ?? PASSWORD_DEFAULTS.min,
      passwordMax: password?.max ?? PASSWORD_DEFAULTS.max,
    };
  }

  async usernameAvailable(username: string) {
    if (this.usernameProblems(username).length) return false;
    return !(await this.deps.usernames.isTaken(username));
  }

  /** What the operator's username rule finds wrong with a name (none: it may be used). */
  private usernameProblems(username: string) {
    const rule = this.deps.settings.get('registrationRules').fields.username;
    if (!rule) return [{ key: 'format' as const }];
    return checkRegistrationField('username', username, { ...rule, enabled: true, required: true });
  }

  /**
   * A readable name for a mobile sign-up (luckytiger27) that fits the operator's username rule
   * and is not `taken`; the number-based name only if the rule turns every generated one down.
   */
  private async readableUsername(phone: Phone, taken: (name: string) => Promise<boolean>) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const name = generateUsername();
      if (!this.usernameProblems(name).length && !(await taken(name))) return name;
    }
    return `m${phone.countryDialingCode.slice(1)}${phone.mobileNum}`;
  }

  // ── Registration ────────────────────────────────────────────────────────────────────────

  async register(
    body: RegisterBody,
    method: 'username' | 'mobile',
    meta: RequestMeta,
    external?: ExternalSignUp,
  ): Promise<LoginResult> {
    const settings = this.registrationSettings();
    const rules = settings.fields;
    if (method === 'username' ? !settings.methods.username : !settings.methods.mobile) {
      throw new AppError('register.methodOff');
    }
    // Usernames are case-insensitive: checked and stored lower-cased.
    if (body.username) body.username = body.username.trim().toLowerCase();
    const errors = new FieldErrorCollector(meta.language);

    // Field rules from the operator's settings; the method decides which fields are required.
    for (const field of REGISTRATION_FIELDS) {
      const rule = rules[field];
      if (!rule || field === 'password' || field === 'mobileNum') continue;
      const forced = field === 'username' && method === 'username';
      if (field === 'username' && method === 'mobile') continue;
      errors.add(
        field,
        checkRegistrationField(
          field,
          body[field],
          forced ? { ...rule, enabled: true, required: true } : rule,
          new Date(),
          settings.minimumAge,
        ),
      );
    }

    let phone: Phone | undefined;
    if (method === 'mobile' || body.mobileNum) {
      phone = normalizePhone(body.countryDialingCode ?? '+880', body.mobileNum ?? '');
      if (!body.mobileNum) errors.add('mobileNum', [{ key: 'required' }]);
      else if (!isValidPhone(phone)) errors.add('mobileNum', [{ key: 'format' }]);
    }
    if (method === 'mobile' && settings.smsVerification && !body.verificationCode) {
      errors.add('verificationCode', [{ key: 'required' }]);
    }

    const needsPassword = !external && (method === 'username' || settings.mobilePassword);
    if (needsPassword) {
      const password = body.password ?? '';
      if (!password) errors.add('password', [{ key: 'required' }]);
      else {
        errors.add(
          'password',
          passwordProblems(
            password,
            rules.password ?? { ...PASSWORD_DEFAULTS, pattern: null },
            body.username,
          ),
        );
      }
      if (!body.confirmPassword) errors.add('confirmPassword', [{ key: 'confirmRequired' }]);
      else if (body.confirmPassword !== password)
        errors.add('confirmPassword', [{ key: 'confirmMismatch' }]);
    }
    // One captcha per sign-up attempt. On the mobile method with SMS verification it is the one
    // solved to have the code sent (sendSms): the code stands for it, good for a few guesses and
    // used up by the sign-up, so the form asks no second one. It is checked here, where the
    // captcha would be, so nothing below (a number or name taken) is told without one.
    const codeStandsForCaptcha = method === 'mobile' && settings.smsVerification;
    const captchaAsked = settings.captcha && !codeStandsForCaptcha;
    if (captchaAsked && !body.captcha) errors.add('captcha', [{ key: 'required' }]);
    errors.throwIfAny();

    if (captchaAsked && !(await this.deps.captcha.verify(body.captchaId, body.captcha))) {
      throw new AppError('captcha.invalid', { field: 'captcha' });
    }
    if (
      codeStandsForCaptcha &&
      !(await this.deps.verification.check('REGMOBVERF3', phone!, body.verificationCode!, false))
    ) {
      throw new AppError('verification.codeError', { field: 'verificationCode' });
    }

    let upline: MemberRow | undefined;
    if (body.affiliateCode) {
      upline = await repo.memberByInviteCode(this.deps.db, body.affiliateCode);
      if (!upline) throw new AppError('affiliate.invalid', { field: 'affiliateCode' });
    }
    // Nobody registers again as a person who excluded themselves (a neutral refusal, before the
    // checks below could tell that the mobile number is taken).
    await this.deps.protection.assertNotExcludedPerson(this.deps.db, {
      email: body.email,
      countryDialingCode: phone?.countryDialingCode,
      mobileNum: phone?.mobileNum,
      payeeName: body.payeeName?.trim(),
      birthday: body.birthday,
    });
    if (method === 'username' && (await repo.usernameTaken(this.deps.db, body.username!))) {
      throw new AppError('member.usernameTaken', { field: 'username' });
    }
    if (
      phone &&
      (await repo.memberByPhone(this.deps.db, phone.countryDialingCode, phone.mobileNum))
    ) {
      throw new AppError('member.mobileTaken', { field: 'mobileNum' });
    }
    if (method === 'mobile' && settings.smsVerification) {
      const verified = await this.deps.verification.check(
        'REGMOBVERF3',
        phone!,
        body.verificationCode!,
        true,
      );
      if (!verified) throw new AppError('verification.codeError', { field: 'verificationCode' });
    }

    // A mobile sign-up types no name: it gets a readable one, which it may change once.
    let username =
      method === 'username'
        ? body.username!.toLowerCase()
        : await this.readableUsername(phone!, (name) => this.deps.usernames.isTaken(name));
    // Without a password (mobile method, password step off) the member logs in by SMS code.
    const passwordHash = await this.deps.passwords.hash(
      needsPassword ? body.password! : randomBytes(32).toString('base64url'),
    );
    const contacts = Object.fromEntries(
      CONTACT_FIELDS.flatMap((field) => (body[field] ? [[field, body[field].trim()]] : [])),
    );

    const currency = this.deps.settings.get('merchant').currency;
    const result = await this.deps.db.transaction(async (tx) => {
      let member: MemberRow | undefined;
      for (let attempt = 0; attempt < 5 && !member; attempt += 1) {
        member = await repo.insertMember(
          tx,
          {
            username,
            type: MemberType.member,
            passwordHash,
            paymentPasswordHash: body.paymentPassword
              ? await this.deps.passwords.hash(body.paymentPassword)
              : null,
            nickname: body.nickname?.trim() || null,
            payeeName: body.payeeName?.trim() || null,
            email: body.email?.trim().toLowerCase() || null,
            countryDialingCode: phone?.countryDialingCode ?? null,
            mobileNum: phone?.mobileNum ?? null,
            birthday: body.birthday || null,
            contacts,
            inviteCode: inviteCode(),
            uplineId: upline?.id ?? null,
            registerMethod: body.registerMethod,
            registerIp: meta.ip,
            registerDomain: body.domain ?? null,
            lastLoginAt: new Date(),
          },
          currency,
        );
        // A taken username or number means another registration won the race; a generated
        // name someone just took is replaced by another.
        if (!member && (await repo.usernameTaken(tx, username))) {
          if (method === 'username') {
            throw new AppError('member.usernameTaken', { field: 'username' });
          }
          username = await this.readableUsername(phone!, (name) => repo.usernameTaken(tx, name));
        }
      }
      if (!member) throw new AppError('member.mobileTaken', { field: 'mobileNum' });
      await this.deps.ledger.open(tx, { kind: 'cash', ownerId: member.id }, currency);
      await external?.link(tx, member.id);
      const token = await this.deps.sessions.create(tx, member.id, 'member', meta);
      await repo.insertMemberLogin(tx, {
        memberId: member.id,
        kind: 'register',
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
        deviceId: loginDevice(meta.deviceId, meta.userAgent),
      });
      await repo.audit(tx, {
        memberId: member.id,
        event: 'register',
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: {
          method,
          registerMethod: body.registerMethod,
          ...(external && { provider: external.provider }),
        },
      });
      await this.deps.bonuses?.registered(tx, member.id, sentDeviceId(meta.deviceId));
      await this.deps.stepUp?.registered(tx, member.id, meta);
      return { member, token };
    });
    await this.deps.usernames.claimed(result.member.username);
    await this.deps.bonuses?.changed(result.member.id);

    return {
      token: result.token,
      userName: result.member.username,
      type: result.member.type,
      firstTimeLogin: true,
      merchantCode: this.deps.settings.get('merchant').code,
      lastLoginAt: null,
    };
  }

  // ── Login ───────────────────────────────────────────────────────────────────────────────

  /** The spec's `firebase` login, answered by the social-login module (docs/social-login.md). */
  private firebaseLogin?: (body: LoginBody, meta: RequestMeta) => Promise<LoginResult>;

  useFirebaseLogin(login: (body: LoginBody, meta: RequestMeta) => Promise<LoginResult>) {
    this.firebaseLogin = login;
  }

  async login(body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
    if (body.type === 'firebase') {
      if (!this.firebaseLogin) throw new AppError('social.notConfigured');
      return this.firebaseLogin(body, meta);
    }
    if (body.type === 'sms') return this.loginBySms(body, meta);

    const username = (body.username ?? '').trim().toLowerCase();
    if (!username || (!body.password && !body.deviceToken)) {
      const errors = new FieldErrorCollector(meta.language);
      if (!username) errors.add('username', [{ key: 'required' }]);
      if (!body.password && !body.deviceToken) errors.add('password', [{ key: 'required' }]);
      errors.throwIfAny();
    }
    const account = `u:${username}`;
    await this.passThrottle(account, body, meta);

    const member = await repo.memberByUsername(this.deps.db, username);
    let verified = false;
    let deviceToken: string | undefined;
    if (body.deviceToken) {
      const device = await repo.useDeviceToken(this.deps.db, hashToken(body.deviceToken));
      verified = Boolean(member && device && device.memberId === member.id);
      if (verified) deviceToken = body.deviceToken;
    } else {
      // Verify against a dummy hash when there is no such member, so timing reveals nothing.
      verified = await this.deps.passwords.verify(
        member?.passwordHash ?? (await this.deps.passwords.dummyHash()),
        body.password!,
      );
      verified &&= Boolean(member);
    }
    if (!verified || !member) {
      const type = body.deviceToken ? 'device' : 'password';
      const { captchaRequired } = await this.failedLogin(account, member, type, meta);
      throw new AppError('login.invalidCredentials', { captchaRequired });
    }
    if (!body.deviceToken && this.deps.passwords.needsRehash(member.passwordHash)) {
      await repo.rehashPassword(
        this.deps.db,
        member.id,
        await this.deps.passwords.hash(body.password!),
      );
    }
    return this.completeLogin(member, account, body, meta, deviceToken);
  }

  /**
   * Checks an account's password for linking a social login to it (modules/social-login): the
   * same throttle, captcha and audit as a password login, and the same answer for a wrong
   * password and an unknown name. Starts no session.
   */
  async verifyPassword(
    username: string,
    password: string,
    captcha: { captchaId?: string; captcha?: string },
    meta: RequestMeta,
  ): Promise<MemberRow> {
    const name = username.trim().toLowerCase();
    const account = `u:${name}`;
    await this.passThrottle(account, { type: 'username', portal: 'member', ...captcha }, meta);
    const member = await repo.memberByUsername(this.deps.db, name);
    const verified = await this.deps.passwords.verify(
      member?.passwordHash ?? (await this.deps.passwords.dummyHash()),
      password,
    );
    if (!verified || !member) {
      const { captchaRequired } = await this.failedLogin(account, member, 'social.link', meta);
      throw new AppError('login.invalidCredentials', { captchaRequired });
    }
    if (member.status !== 'active') throw new AppError('member.notFoundOrDisabled');
    if (isAgent(member.type) || isGuest(member.type)) throw new AppError('login.nonMember');
    return member;
  }

  /**
   * Logs in a member a social login provider vouched for, through the path every login takes
   * (status, portal, breaks, session, audit): `via` names the provider in the audit trail.
   */
  async loginVerified(memberId: bigint, via: string, meta: RequestMeta): Promise<LoginResult> {
    const member = await repo.memberById(this.deps.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const body: LoginBody = { type: 'firebase', portal: 'member' };
    return this.completeLogin(member, `s:${via}:${member.id}`, body, meta, undefined, { via });
  }

  private async loginBySms(body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
    if (!this.deps.settings.flag('MOBILEVERCODELOGIN3')) throw new AppError('permission.denied');
    const errors = new FieldErrorCollector(meta.language);
    if (!body.mobileNum) errors.add('mobileNum', [{ key: 'required' }]);
    if (!body.verificationCode) errors.add('verificationCode', [{ key: 'required' }]);
    errors.throwIfAny();
    const phone = normalizePhone(body.countryDialingCode ?? '+880', body.mobileNum!);
    const account = `p:${phone.countryDialingCode}${phone.mobileNum}`;
    await this.passThrottle(account, body, meta);
    const member = await repo.memberByPhone(
      this.deps.db,
      phone.countryDialingCode,
      phone.mobileNum,
    );
    const verified =
      member &&
      (await this.deps.verification.check(
        'MOBILEVERCODELOGIN3',
        phone,
        body.verificationCode!,
        true,
      ));
    if (!verified || !member) {
      const { captchaRequired } = await this.failedLogin(account, member, 'sms', meta);
      throw new AppError('verification.codeError', {
        captchaRequired,
        field: 'verificationCode',
      });
    }
    return this.completeLogin(member, account, body, meta);
  }

  /** Counts a failed login towards the captcha and delays, and writes it to the audit trail. */
  private async failedLogin(
    account: string,
    member: MemberRow | undefined,
    type: string,
    meta: RequestMeta,
  ) {
    const state = await this.throttle.recordFailure(account, meta.ip);
    await repo.audit(this.deps.db, {
      memberId: member?.id ?? null,
      event: 'login',
      outcome: 'fail',
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { type },
    });
    return state;
  }

  /** Refuses while the account waits out a delay, and asks for the captcha once required. */
  private async passThrottle(account: string, body: LoginBody, meta: RequestMeta) {
    const state = await this.throttle.state(account, meta.ip);
    if (state.retryAfterSeconds > 0) {
      throw new AppError('rate.limited', {
        retryAfterSeconds: state.retryAfterSeconds,
        captchaRequired: true,
      });
    }
    if (!state.captchaRequired) return;
    if (!body.captcha || !body.captchaId) {
      throw new AppError('validation.captchaRequired', { captchaRequired: true });
    }
    if (!(await this.deps.captcha.verify(body.captchaId, body.captcha))) {
      throw new AppError('captcha.invalid', { captchaRequired: true });
    }
  }

  /**
   * A login's new-device code (step-up): the code right, the login it held starts its session and
   * the device becomes trusted.
   */
  async confirmStepUp(body: StepUpConfirmBody, meta: RequestMeta): Promise<LoginResult> {
    if (!this.deps.stepUp) throw new AppError('login.stepUpExpired');
    const { memberId, resume } = await this.deps.stepUp.confirm(body.ticket, body.code, meta);
    const pending = resume as PendingLogin;
    const member = await repo.memberById(this.deps.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const login = {
      type: pending.type,
      portal: pending.portal,
      restricted: pending.restricted,
      rememberMe: pending.rememberMe && !pending.remembered,
    };
    return this.completeLogin(member, pending.account, login, meta, undefined, {
      stepUpPassed: true,
    });
  }

  /** Sends a new code for a login waiting for its step-up (after the cooldown). */
  async resendStepUp(ticket: string, meta: RequestMeta, channel?: 'sms' | 'email') {
    if (!this.deps.stepUp) throw new AppError('login.stepUpExpired');
    return this.deps.stepUp.resend(ticket, meta, channel);
  }

  /**
   * The one path on which a member login becomes a session: every login kind (password, device
   * token, SMS code, and any other way a member is identified) ends here. It refuses a disabled
   * member, the other portal's accounts and (but for a restricted session) a break, asks for the
   * new-device code (step-up, LOGINIPVERF3), then starts the session.
   */
  private async completeLogin(
    member: MemberRow,
    account: string,
    body: Pick<LoginBody, 'type' | 'portal' | 'restricted' | 'rememberMe'>,
    meta: RequestMeta,
    existingDeviceToken?: string,
    /** stepUpPassed: the new-device code was just checked. via: the audit's login type (social). */
    options: { stepUpPassed?: boolean; via?: string } = {},
  ): Promise<LoginResult> {
    if (member.status !== 'active') throw new AppError('member.notFoundOrDisabled');
    if (body.portal === 'member' && isAgent(member.type)) throw new AppError('login.nonMember');
    if (body.portal === 'agent' && !isAgent(member.type)) throw new AppError('login.nonAgent');
    await this.throttle.recordSuccess(account);
    // During a break the player may only log in to a restricted session (to withdraw).
    const exclusion = await this.deps.protection.activeExclusion(member.id);
    if (exclusion && !body.restricted) {
      throw new AppError('session.excluded', {
        kind: exclusion.kind,
        until: exclusion.until.toISOString(),
        restrictedLogin: true,
      });
    }
    // A new device and network: a code first (403 login.stepUpRequired, then confirmStepUp).
    const pending: PendingLogin = {
      account,
      type: body.type,
      portal: body.portal,
      restricted: body.restricted,
      rememberMe: body.rememberMe,
      remembered: Boolean(existingDeviceToken),
    };
    const stepUp: StepUpDecision = options.stepUpPassed
      ? { kind: 'confirmed' }
      : ((await this.deps.stepUp?.decide(member, meta, pending)) ?? { kind: 'off' });

    const session = this.deps.sessions.newSession(
      member.id,
      exclusion ? 'restricted' : 'member',
      meta,
    );
    // A device token stands in for a password, so only a password login can ask for one.
    const newDeviceToken =
      body.rememberMe && body.type === 'username' && !existingDeviceToken ? newToken() : undefined;
    const days = this.deps.settings.get('rememberMeDays');
    await repo.recordLogin(this.deps.db, {
      session: session.row,
      ...(newDeviceToken && {
        deviceToken: {
          tokenHash: hashToken(newDeviceToken),
          expiresAt: new Date(Date.now() + days * 86_400_000),
        },
      }),
      audit: {
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: {
          type: options.via ?? body.type,
          device: Boolean(existingDeviceToken),
          ...(stepUp.kind !== 'off' && { stepUp: stepUp.kind }),
        },
      },
      deviceId: loginDevice(meta.deviceId, meta.userAgent),
    });
    await this.deps.stepUp?.loggedIn(this.deps.db, member.id, meta, stepUp);
    const deviceToken = newDeviceToken ?? existingDeviceToken;
    const result: LoginResult = {
      token: session.token,
      userName: member.username,
      type: member.type,
      firstTimeLogin: member.lastLoginAt === null,
      merchantCode: this.deps.settings.get('merchant').code,
      ...(deviceToken ? { deviceToken } : {}),
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      ...(exclusion && {
        exclusion: {
          kind: exclusion.kind,
          startsAt: exclusion.startsAt.toISOString(),
          until: exclusion.until.toISOString(),
        },
      }),
    };
    // The member info call shows the last login time.
    await this.deps.profiles.changed(member.id);
    return result;
  }

  // ── Trial, free play, logout ────────────────────────────────────────────────────────────

  async createTrial(meta: RequestMeta) {
    const perIp = await this.deps.cache.incr(`trial:ip:${meta.ip}`, 3_600_000);
    if (perIp > 20) throw new AppError('rate.limited', { retryAfterSeconds: 3600 });
    const passwordHash = await this.deps.passwords.hash(randomBytes(32).toString('base64url'));
    const currency = this.deps.settings.get('merchant').currency;
    const trial = await this.deps.db.transaction(async (tx) => {
      let member: MemberRow | undefined;
      for (let attempt = 0; attempt < 5 && !member; attempt += 1) {
        member = await repo.insertMember(
          tx,
          {
            username: `guest${String(randomInt(10 ** 8)).padStart(8, '0')}`,
            type: MemberType.trial,
            passwordHash,
            inviteCode: inviteCode(),
            registerIp: meta.ip,
          },
          currency,
          true,
        );
      }
      if (!member) throw new Error('could not allocate a trial username');
      await this.deps.ledger.open(tx, { kind: 'play', ownerId: member.id }, currency);
      // Play money comes from its own issuer account, so it never mixes with real money.
      const grant = BigInt(this.deps.settings.get('trialBalanceMinor'));
      await this.deps.ledger.post(tx, {
        kind: 'play.grant',
        source: 'trial',
        key: String(member.id),
        request: { memberId: String(member.id), grant: String(grant) },
        currency,
        memberId: member.id,
        legs: [
          { account: { kind: 'play', ownerId: member.id }, amountMinor: grant },
          { account: { kind: 'play_issuer' }, amountMinor: -grant },
        ],
      });
      const token = await this.deps.sessions.create(tx, member.id, 'trial', meta);
      await repo.audit(tx, {
        memberId: member.id,
        event: 'trial',
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      return { token, userName: member.username, customerType: MemberType.trial };
    });
    await this.deps.usernames.claimed(trial.userName);
    return trial;
  }

  async freePlay(auth: AuthSession, meta: RequestMeta) {
    if (
      !this.deps.settings.flag('FREEPLAY3') ||
      auth.kind !== 'member' ||
      !canFreePlay(auth.type)
    ) {
      throw new AppError('free_reject');
    }
    const token = await this.deps.sessions.create(this.deps.db, auth.memberId, 'freeplay', meta);
    return { token, userName: auth.username, type: auth.type };
  }

  async logout(auth: AuthSession, meta: RequestMeta) {
    await this.deps.sessions.forget(
      await this.deps.sessions.revoke(this.deps.db, auth.sessionId, 'logout'),
    );
    await repo.audit(this.deps.db, {
      memberId: auth.memberId,
      event: 'logout',
      outcome: 'ok',
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  }

  // ── SMS codes ───────────────────────────────────────────────────────────────────────────

  async sendSms(
    module: 'MOBILEVERCODELOGIN3' | 'CHNGPASSVERIF3' | 'REGMOBVERF3',
    body: { mobileNum: string; countryDialingCode: string; captchaId: string; captcha: string },
    meta: RequestMeta,
  ) {
    const enabled =
      module === 'REGMOBVERF3'
        ? this.deps.settings.flag('MOBILENUMREG3') && this.deps.settings.flag('REGMOBVERF3')
        : this.deps.settings.flag(module);
    if (!enabled) throw new AppError('permission.denied');
    const phone = normalizePhone(body.countryDialingCode, body.mobileNum);
    if (!isValidPhone(phone))
      throw new AppError('validation.mobileInvalid', { field: 'mobileNum' });
    if (!(await this.deps.captcha.verify(body.captchaId, body.captcha))) {
      throw new AppError('captcha.invalid', { field: 'captcha' });
    }
    const member = await repo.memberByPhone(
      this.deps.db,
      phone.countryDialingCode,
      phone.mobileNum,
    );
    if (module === 'REGMOBVERF3' && member)
      throw new AppError('member.mobileTaken', { field: 'mobileNum' });
    // Login and reset codes go only to numbers with an account; the answer is the same either way.
    const deliver = module === 'REGMOBVERF3' || Boolean(member && member.status === 'active');
    return this.deps.verification.send(module, phone, meta.ip, meta.language, deliver);
  }

  // ── Recovery and password change ────────────────────────────────────────────────────────

  /** Always answers the same, whether or not the username and e-mail match an account. */
  async forgetByEmail(username: string, email: string, meta: RequestMeta) {
    if (!this.deps.settings.flag('CHNGPASSMAIL3')) throw new AppError('permission.denied');
    const perIp = await this.deps.cache.incr(`reset:ip:${meta.ip}`, 3_600_000);
    if (perIp > 10) throw new AppError('rate.limited', { retryAfterSeconds: 3600 });
    const member = await repo.memberByUsername(this.deps.db, username);
    const matches = Boolean(
      member?.email && member.email === email.toLowerCase() && member.status === 'active',
    );
    if (member && matches) {
      const token = newToken();
      await this.deps.cache.set(`reset:${hashToken(token)}`, member.id.toString(), RESET_TTL_MS);
      const link = `${this.deps.config.publicUrl ?? ''}/m/forget?resetToken=${token}`;
      const mail = passwordResetMail(meta.language, {
        username: member.username,
        link,
        minutes: RESET_TTL_MS / 60_000,
      });
      await this.deps.outbox.send({
        channel: 'email',
        to: member.email!,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
    }
    await repo.audit(this.deps.db, {
      memberId: member?.id ?? null,
      event: 'recovery.email',
      outcome: matches ? 'ok' : 'fail',
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  }

  async resetByEmailToken(resetToken: string, newPassword: string, meta: RequestMeta) {
    const key = `reset:${hashToken(resetToken)}`;
    const memberId = await this.deps.cache.get(key);
    const member = memberId ? await repo.memberById(this.deps.db, BigInt(memberId)) : undefined;
    if (!member) throw new AppError('reset.invalid');
    await this.assertNewPassword(member, newPassword, 'newPassword', meta.language);
    await this.deps.cache.del(key);
    await this.replacePassword(member, newPassword, 'recovery.email.reset', meta);
    return { userName: member.username };
  }

  async setPasswordByPhone(body: z.output<typeof ForgetPhoneBodySchema>, meta: RequestMeta) {
    if (!this.deps.settings.flag('CHNGPASSVERIF3')) throw new AppError('permission.denied');
    const phone = normalizePhone(body.countryDialingCode, body.mobileNum);
    const member = await repo.memberByPhone(
      this.deps.db,
      phone.countryDialingCode,
      phone.mobileNum,
    );
    const codeOk = await this.deps.verification.check(
      'CHNGPASSVERIF3',
      phone,
      body.verificationCode,
      false,
    );
    if (!member || !codeOk) {
      await repo.audit(this.deps.db, {
        memberId: member?.id ?? null,
        event: 'recovery.phone',
        outcome: 'fail',
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      throw new AppError('verification.codeError', { field: 'verificationCode' });
    }
    // Checked before the code is used up, so the player can pick another password with it.
    await this.assertNewPassword(member, body.newPassword, 'newPassword', meta.language);
    await this.deps.verification.consume('CHNGPASSVERIF3', phone);
    await this.replacePassword(member, body.newPassword, 'recovery.phone', meta);
    return { userName: member.username };
  }

  async changePassword(
    auth: AuthSession,
    body: z.output<typeof ChangePasswordBodySchema>,
    meta: RequestMeta,
  ) {
    const member = await repo.memberById(this.deps.db, auth.memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const errors = new FieldErrorCollector(meta.language);
    if (body.confirmNewPassword !== body.newPassword)
      errors.add('confirmNewPassword', [{ key: 'confirmMismatch' }]);
    errors.throwIfAny();
    const account = `u:${member.username}`;
    const state = await this.throttle.state(account, meta.ip);
    if (state.retryAfterSeconds > 0)
      throw new AppError('rate.limited', { retryAfterSeconds: state.retryAfterSeconds });
    if (!(await this.deps.passwords.verify(member.passwordHash, body.oldPassword))) {
      await this.throttle.recordFailure(account, meta.ip);
      await repo.audit(this.deps.db, {
        memberId: member.id,
        event: 'password.change',
        outcome: 'fail',
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      const wrong = new FieldErrorCollector(meta.language);
      wrong.add('oldPassword', [{ key: 'confirmRequired' }]);
      wrong.throwIfAny();
    }
    await this.assertNewPassword(member, body.newPassword, 'newPassword', meta.language);
    await this.replacePassword(member, body.newPassword, 'password.change', meta, auth.sessionId);
    if (!body.rememberMe) return { deviceToken: null };
    const deviceToken = newToken();
    await repo.insertDeviceToken(
      this.deps.db,
      member.id,
      hashToken(deviceToken),
      new Date(Date.now() + this.deps.settings.get('rememberMeDays') * 86_400_000),
    );
    return { deviceToken };
  }

  /**
   * A member's one change of username (a mobile sign-up's generated name, usually), checked by
   * the registration rule. `key` is the client's Idempotency-Key: a retry with the key of the
   * change made is answered with it again (`replayed`) and writes nothing; every other attempt
   * writes one audit row, made or refused. Sessions stay: they belong to the member, not the name.
   */
  async changeUsername(
    auth: AuthSession,
    key: string | undefined,
    body: ChangeUsernameBody,
    meta: RequestMeta,
  ): Promise<ChangeUsernameResult> {
    if (!key) throw new AppError('idempotency.keyRequired');
    const username = body.username.trim().toLowerCase();
    const member = await repo.memberById(this.deps.db, auth.memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    if (member.usernameChangeKey === key) return replayUsernameChange(member, username);
    const audit = {
      memberId: member.id,
      event: 'username.change',
      ip: meta.ip,
      userAgent: meta.userAgent,
    };
    const detail = { from: member.username, to: username };
    try {
      if (member.usernameChangedAt) throw new AppError('member.usernameChangeUsed');
      const errors = new FieldErrorCollector(meta.language);
      errors.add('username', this.usernameProblems(username));
      errors.throwIfAny();
      if (await repo.usernameTaken(this.deps.db, username)) {
        throw new AppError('member.usernameTaken', { field: 'username' });
      }
      const changed = await this.deps.db
        .transaction(async (tx) => {
          const row = await repo.changeUsername(tx, member.id, username, key);
          if (row) {
            await repo.audit(tx, { ...audit, outcome: 'ok', detail });
          }
          return row;
        })
        .catch((error: unknown) => {
          // Another member took the name between the check and the change.
          if (isUniqueViolation(error)) {
            throw new AppError('member.usernameTaken', { field: 'username' });
          }
          throw error;
        });
      if (!changed) {
        // A concurrent change won: this very request's retry, or another change.
        const now = await repo.memberById(this.deps.db, member.id);
        if (now?.usernameChangeKey === key) return replayUsernameChange(now, username);
        throw new AppError('member.usernameChangeUsed');
      }
    } catch (error) {
      if (error instanceof AppError) {
        const reason = error.errorCode;
        await repo.audit(this.deps.db, {
          ...audit,
          outcome: 'fail',
          detail: { ...detail, reason },
        });
      }
      throw error;
    }
    await Promise.all([
      this.deps.profiles.changed(member.id),
      this.deps.usernames.claimed(username),
      this.deps.usernames.claimed(member.username),
    ]);
    return { userName: username, replayed: false };
  }

  /** The password rule, then "not the same as the old one" (modify.new.old.same). */
  private async assertNewPassword(
    member: MemberRow,
    password: string,
    field: string,
    language: Language,
  ) {
    const errors = new FieldErrorCollector(language);
    const rule = this.deps.settings.get('registrationRules').fields.password ?? {
      ...PASSWORD_DEFAULTS,
      pattern: null,
    };
    errors.add(field, passwordProblems(password, rule, member.username));
    errors.throwIfAny();
    if (await this.deps.passwords.verify(member.passwordHash, password)) {
      throw new AppError('modify.new.old.same', { field });
    }
  }

  /** Stores the new hash and ends every session (but the one making the change) and device. */
  private async replacePassword(
    member: MemberRow,
    password: string,
    event: string,
    meta: RequestMeta,
    keepSessionId?: string,
  ) {
    const hash = await this.deps.passwords.hash(password);
    const revoked = await this.deps.db.transaction(async (tx) => {
      await repo.setPassword(tx, member.id, hash);
      const revokedSessions = await this.deps.sessions.revokeAll(
        tx,
        member.id,
        event,
        keepSessionId,
      );
      await repo.revokeDeviceTokens(tx, member.id);
      await repo.audit(tx, {
        memberId: member.id,
        event,
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      return revokedSessions;
    });
    await this.deps.sessions.forget(revoked);
  }

  // ── Operator tools ──────────────────────────────────────────────────────────────────────

  /** Changes a member's type or status; disabling ends every session at once. */
  async opsUpdateMember(
    username: string,
    change: { type?: number; status?: 'active' | 'disabled' },
    trail: AuditTrail,
  ) {
    const member = await repo.memberByUsername(this.deps.db, username);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const revoked = await this.deps.db.transaction(async (tx) => {
      if (change.type !== undefined || change.status !== undefined) {
        await repo.updateMember(tx, member.id, change);
      }
      const changed = changedFields({ type: member.type, status: member.status }, change);
      if (changed) {
        await trail.record(tx, {
          action: 'member.update',
          targetType: 'member',
          targetId: member.username,
          ...changed,
        });
      }
      return change.status === 'disabled'
        ? this.deps.sessions.revokeAll(tx, member.id, 'disabled')
        : [];
    });
    await Promise.all([this.deps.sessions.forget(revoked), this.deps.profiles.changed(member.id)]);
    const updated = (await repo.memberById(this.deps.db, member.id))!;
    return {
      username: updated.username,
      type: updated.type,
      status: updated.status,
      inviteCode: updated.inviteCode,
    };
  }

  /**
   * The back office's status change: the member row and, when disabling, the end of every
   * session, with the caller's audit row (`record`) in the same transaction. Unchanged status:
   * nothing is written and nothing recorded.
   */
  async opsSetStatus(
    memberId: bigint,
    status: 'active' | 'disabled',
    record: (tx: DbOrTx, before: { status: string }) => Promise<void>,
  ) {
    const revoked = await this.deps.db.transaction(async (tx) => {
      const [locked] = await repo.lockMember(tx, memberId);
      if (!locked) throw new AppError('member.notFoundOrDisabled');
      if (locked.status === status) return null;
      await repo.updateMember(tx, memberId, { status });
      const ended =
        status === 'disabled' ? await this.deps.sessions.revokeAll(tx, memberId, 'disabled') : [];
      await record(tx, { status: locked.status });
      return ended;
    });
    if (revoked) {
      await Promise.all([this.deps.sessions.forget(revoked), this.deps.profiles.changed(memberId)]);
    }
    return { changed: revoked !== null, sessionsEnded: revoked?.length ?? 0 };
  }

  /** Ends every live session of the member now (the back office), recorded by `record`. */
  async opsEndSessions(memberId: bigint, record: (tx: DbOrTx, ended: number) => Promise<void>) {
    const revoked = await this.deps.db.transaction(async (tx) => {
      const ended = await this.deps.sessions.revokeAll(tx, memberId, 'ended.operator');
      await record(tx, ended.length);
      return ended;
    });
    await this.deps.sessions.forget(revoked);
    return revoked.length;
  }

  /**
   * Sends the member a password reset through the player's own recovery paths: an e-mail with a
   * reset link (as "forgot password by e-mail" sends), or an SMS code for "set password by
   * phone". Where `channel` is not given: the e-mail when the member has one, else the mobile.
   * `record` writes the audit row in the transaction that queues an e-mail.
   */
  async opsSendPasswordReset(
    memberId: bigint,
    channel: 'sms' | 'email' | undefined,
    language: Language,
    record: (tx: DbOrTx, sent: { channel: 'sms' | 'email'; to: string }) => Promise<void>,
  ): Promise<{ channel: 'sms' | 'email'; to: string }> {
    const member = await repo.memberById(this.deps.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const useEmail = channel ? channel === 'email' : Boolean(member.email);
    if (useEmail) {
      if (!member.email) throw new AppError('member.noContact');
      const to = member.email;
      const token = newToken();
      await this.deps.cache.set(`reset:${hashToken(token)}`, member.id.toString(), RESET_TTL_MS);
      const mail = passwordResetMail(language, {
        username: member.username,
        link: `${this.deps.config.publicUrl ?? ''}/m/forget?resetToken=${token}`,
        minutes: RESET_TTL_MS / 60_000,
      });
      await this.deps.db.transaction(async (tx) => {
        await this.deps.outbox.enqueue(tx, {
          channel: 'email',
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        await record(tx, { channel: 'email', to });
      });
      void this.deps.outbox.kick();
      return { channel: 'email', to };
    }
    if (!member.mobileNum || !member.countryDialingCode) throw new AppError('member.noContact');
    const phone = { countryDialingCode: member.countryDialingCode, mobileNum: member.mobileNum };
    const to = `${phone.countryDialingCode} ${phone.mobileNum}`;
    await this.deps.verification.send('CHNGPASSVERIF3', phone, 'operator', language, true);
    await record(this.deps.db, { channel: 'sms', to });
    return { channel: 'sms', to };
  }

  async opsSetAffiliateDomain(domain: string, code: string, trail: AuditTrail) {
    await this.checkAffiliate(code);
    await this.deps.db.transaction(async (tx) => {
      const was = await repo.affiliateCodeForDomain(tx, domain);
      await repo.upsertAffiliateDomain(tx, domain, code.toUpperCase());
      await trail.record(tx, {
        action: 'affiliateDomain.set',
        targetType: 'affiliateDomain',
        targetId: domain.toLowerCase(),
        before: was === null ? null : { code: was },
        after: { code: code.toUpperCase() },
      });
    });
  }

  // ── Affiliates and member info ──────────────────────────────────────────────────────────

  async checkAffiliate(code: string) {
    const upline = code ? await repo.memberByInviteCode(this.deps.db, code) : undefined;
    if (!upline || upline.status !== 'active' || upline.type === MemberType.trial) {
      throw new AppError('affiliate.invalid', { field: 'affiliateCode', success: false });
    }
  }

  affiliateCodeForDomain(domain: string) {
    return repo.affiliateCodeForDomain(this.deps.db, domain);
  }

  async memberInfo(auth: AuthSession) {
    const member = await this.deps.profiles.get(auth.memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    // A trial account has no level; a member's is the level the ledger's totals reach.
    const label =
      isGuest(member.type) || !this.deps.vip ? null : await this.deps.vip.clubLabel(member.id);
    return {
      id: member.id.toString(),
      nickname: member.nickname,
      account: member.username,
      regDate: member.createdAt.toISOString(),
      toUpline: member.uplineUsername,
      type: member.type,
      clubLabel: label,
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      canChangeUsername: !member.usernameChanged && !isGuest(member.type),
    };
  }

  /**
   * The stored balances as the spec's numbers with 2 decimals; `fresh` reads past the cache.
   * `sumBalance` (what the header shows) is cash plus the bonus balance (docs/bonuses.md). Trial
   * and free-play sessions see their play money, with no bonus.
   */
  async walletSummary(auth: AuthSession, fresh = false) {
    if (auth.kind === 'trial' || auth.kind === 'freeplay') {
      const play = Number(await this.deps.balances.balanceMinor(auth.memberId, fresh, 'play'));
      return { sumBalance: play / 100, cashBalance: play / 100, bonusBalance: 0 };
    }
    const { cash, bonus } = await this.deps.balances.split(auth.memberId, fresh);
    return {
      sumBalance: Number(cash + bonus) / 100,
      cashBalance: Number(cash) / 100,
      bonusBalance: Number(bonus) / 100,
    };
  }
}

/** The answer to a retry of the change a key made; the same key with another name is a 422. */
function replayUsernameChange(member: MemberRow, username: string): ChangeUsernameResult {
  if (member.username !== username) throw new AppError('idempotency.mismatch');
  return { userName: member.username, replayed: true };
}
