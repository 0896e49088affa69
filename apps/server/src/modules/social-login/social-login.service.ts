/**
 * Social login (docs/social-login.md). Google and Facebook through OpenID Connect: the start
 * call keeps state, nonce and PKCE verifier in the cache store (10 minutes, taken once), the
 * callback exchanges the code and verifies the ID token (issuer, audience, signature, nonce).
 * Telegram through its login widget's signed data. A known identity logs its member in through
 * the accounts service's login path; an unknown one gets a ticket to register (the accounts
 * service's registration, every rule included) or to link an existing account (its password).
 */
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { LoginResult } from '@khela/contract/accounts';
import type { FlagName } from '@khela/contract/flags';
import type {
  OidcCallbackBodySchema,
  OidcProvider,
  SocialLinkBody,
  SocialOutcome,
  SocialProvider,
  SocialProviders,
  SocialRegisterBodySchema,
  LinkedIdentities,
  TelegramAuthBody,
} from '@khela/contract/social-login';
import type { LoginBodySchema } from '@khela/contract/accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { CacheStore } from '../../providers/cache/cache-store';
import type { AccountsService, RequestMeta } from '../accounts/accounts.service';
import { memberReads } from '../accounts/member-reads';
import { memberWrites } from '../accounts/member-writes';
import type { PasswordHasher } from '../accounts/password-hasher';
import { ReauthGuard } from '../accounts/reauth-guard';
import type { SettingsService } from '../settings/settings.service';
import { OidcClients } from './oidc-clients';
import { socialLoginRepository as repo } from './social-login.repository';
import { checkTelegramAuth } from './telegram-auth';

/** How long a started sign-in may take at the provider. */
const STATE_TTL_MS = 10 * 60_000;
/** How long the player has to register or link after the provider's return. */
const TICKET_TTL_MS = 15 * 60_000;

const FLAGS: Record<SocialProvider, FlagName> = {
  google: 'GOOGLELOGIN3',
  facebook: 'FACEBOOKLOGIN3',
  telegram: 'TELEGRAMLOGIN3',
};

interface StartedSignIn {
  provider: OidcProvider;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

interface Ticket {
  provider: SocialProvider;
  subject: string;
  email?: string;
  nickname?: string;
}

type LoginBody = z.output<typeof LoginBodySchema>;

export interface SocialLoginDeps {
  db: Database;
  cache: CacheStore;
  /** Checks the password re-entered to unlink an identity. */
  passwords: PasswordHasher;
  settings: SettingsService;
  accounts: Pick<AccountsService, 'register' | 'verifyPassword' | 'loginVerified'>;
  config: Pick<Config, 'social' | 'publicUrl'>;
  log?: FastifyBaseLogger;
}

export class SocialLoginService {
  private readonly clients: OidcClients;
  private readonly jwks = new Map<OidcProvider, JWTVerifyGetKey>();
  private log: FastifyBaseLogger | undefined;
  private readonly reauth: ReauthGuard;

  constructor(private readonly deps: SocialLoginDeps) {
    this.clients = new OidcClients({
      google: deps.config.social.google,
      facebook: deps.config.social.facebook,
    });
    this.log = deps.log;
    this.reauth = new ReauthGuard(deps.cache, deps.passwords);
  }

  /** The member's linked sign-ins (e-mails masked) and whether they know a login password. */
  async identities(memberId: bigint): Promise<LinkedIdentities> {
    const [links, passwordSet] = await Promise.all([
      repo.linksOfMember(this.deps.db, memberId),
      memberReads.passwordKnown(this.deps.db, memberId),
    ]);
    return {
      list: links.map((link) => ({
        provider: link.provider as SocialProvider,
        email: link.email ? maskEmail(link.email) : null,
        linkedAt: link.createdAt.toISOString(),
        lastUsedAt: link.lastUsedAt?.toISOString() ?? null,
      })),
      passwordSet,
    };
  }

  /**
   * Unlinks one of the member's sign-ins after the login password is re-entered (the shared
   * re-entry counter). Refused (409 social.lastSignIn) when it is the member's last link and they
   * never set a password: they could no longer log in that way. Writes an auth event.
   */
  async unlink(
    memberId: bigint,
    provider: SocialProvider,
    password: string,
    meta: RequestMeta,
  ): Promise<LinkedIdentities> {
    const { db } = this.deps;
    const links = await repo.linksOfMember(db, memberId);
    if (!links.some((link) => link.provider === provider)) {
      throw new AppError('social.identityNotFound');
    }
    if (links.length === 1 && !(await memberReads.passwordKnown(db, memberId))) {
      throw new AppError('social.lastSignIn');
    }
    const hashes = await memberReads.passwords(db, memberId);
    if (!hashes) throw new AppError('session.notLoggedIn');
    await this.reauth.check(
      'login',
      memberId,
      hashes.passwordHash,
      password,
      'wallet.reauthFailed',
    );
    await db.transaction(async (tx) => {
      if (!(await repo.deleteLink(tx, memberId, provider))) return;
      await memberWrites.audit(tx, {
        memberId,
        event: 'social.unlink',
        outcome: 'ok',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { provider },
      });
    });
    return this.identities(memberId);
  }

  useLog(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** A provider's button shows when its flag is on and the server has its configuration. */
  available(provider: SocialProvider): boolean {
    if (!this.deps.settings.flag(FLAGS[provider])) return false;
    return provider === 'telegram'
      ? Boolean(this.deps.config.social.telegram)
      : Boolean(this.clients.configured(provider));
  }

  providers(): SocialProviders {
    const telegram = this.deps.config.social.telegram;
    return {
      google: this.available('google'),
      facebook: this.available('facebook'),
      telegram: telegram && this.available('telegram') ? { botName: telegram.botName } : null,
    };
  }

  private assertAvailable(provider: SocialProvider) {
    if (!this.available(provider)) throw new AppError('social.notConfigured');
  }

  private async oidc(provider: OidcProvider): Promise<client.Configuration> {
    this.assertAvailable(provider);
    try {
      const config = await this.clients.get(provider);
      if (config) return config;
    } catch (error) {
      this.log?.warn({ err: error, provider }, 'OpenID provider discovery failed');
      throw new AppError('social.failed');
    }
    throw new AppError('social.notConfigured');
  }

  /** Where the provider sends the player back: the player site's return page. */
  redirectUri(provider: OidcProvider, requestOrigin: string): string {
    const base = (this.deps.config.publicUrl ?? requestOrigin).replace(/\/+$/, '');
    return `${base}/m/social/${provider}`;
  }

  /** The provider's authorization URL; state, nonce and the PKCE verifier stay on the server. */
  async start(provider: OidcProvider, requestOrigin: string, language: string) {
    const config = await this.oidc(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const redirectUri = this.redirectUri(provider, requestOrigin);
    const saved: StartedSignIn = { provider, codeVerifier, nonce, redirectUri };
    await this.deps.cache.set(`social:state:${state}`, JSON.stringify(saved), STATE_TTL_MS);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ui_locales: language === 'BN' ? 'bn en' : 'en',
    });
    return { authorizationUrl: url.href };
  }

  /**
   * The provider's return: the state is taken (a second use is refused), a refusal is told as
   * such, the code is exchanged and the ID token verified, nonce included.
   */
  async callback(
    provider: OidcProvider,
    body: z.output<typeof OidcCallbackBodySchema>,
    meta: RequestMeta,
  ): Promise<SocialOutcome> {
    const config = await this.oidc(provider);
    const raw = await this.deps.cache.take(`social:state:${body.state}`);
    const saved = raw ? (JSON.parse(raw) as StartedSignIn) : undefined;
    if (!saved || saved.provider !== provider) throw new AppError('social.failed');
    if (body.error) {
      throw new AppError(
        body.error === 'access_denied' ? 'social.consentRefused' : 'social.failed',
      );
    }
    if (!body.code) throw new AppError('social.failed');
    const current = new URL(saved.redirectUri);
    current.searchParams.set('code', body.code);
    current.searchParams.set('state', body.state);
    if (body.iss) current.searchParams.set('iss', body.iss);
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: body.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      this.log?.warn({ err: error, provider }, 'OpenID sign-in refused');
      throw new AppError('social.failed');
    }
    if (!claims?.sub) throw new AppError('social.failed');
    return this.arrive(provider, claims.sub, profileOf(claims), meta);
  }

  /** Telegram's login widget data, its signature and age checked (telegram-auth.ts). */
  async telegram(body: TelegramAuthBody, meta: RequestMeta): Promise<SocialOutcome> {
    this.assertAvailable('telegram');
    const telegram = this.deps.config.social.telegram!;
    const check = checkTelegramAuth(body, telegram.botToken, telegram.maxAgeSeconds);
    if (!check.ok) {
      this.log?.info({ reason: check.reason }, 'Telegram login data refused');
      throw new AppError('social.telegramInvalid');
    }
    const nickname = [body.first_name, body.last_name].filter(Boolean).join(' ') || body.username;
    return this.arrive('telegram', String(body.id), { nickname }, meta);
  }

  /** A verified identity: its member logs in, or the player gets a ticket to register or link. */
  private async arrive(
    provider: SocialProvider,
    subject: string,
    profile: { email?: string; nickname?: string },
    meta: RequestMeta,
  ): Promise<SocialOutcome> {
    const link = await repo.linkOf(this.deps.db, provider, subject);
    if (link) {
      const login = await this.deps.accounts.loginVerified(link.memberId, provider, meta);
      await repo.touch(this.deps.db, provider, subject);
      return { status: 'signedIn', login };
    }
    const ticket = await this.issueTicket({ provider, subject, ...profile });
    return { status: 'needsAccount', ticket, provider, suggested: profile };
  }

  private async issueTicket(ticket: Ticket) {
    const token = newToken();
    await this.deps.cache.set(
      `social:ticket:${hashToken(token)}`,
      JSON.stringify(ticket),
      TICKET_TTL_MS,
    );
    return token;
  }

  /** The ticket's identity while it is valid and its provider still on. */
  private async readTicket(token: string): Promise<Ticket> {
    const raw = await this.deps.cache.get(`social:ticket:${hashToken(token)}`);
    if (!raw) throw new AppError('social.ticketExpired');
    const ticket = JSON.parse(raw) as Ticket;
    this.assertAvailable(ticket.provider);
    return ticket;
  }

  /**
   * A new member for the ticket's identity, through the registration every sign-up takes (field
   * rules, age, captcha, SMS code, affiliate code, self-exclusion): only the password is not
   * asked. The link is written in the registration's transaction.
   */
  async register(
    body: z.output<typeof SocialRegisterBodySchema>,
    meta: RequestMeta,
  ): Promise<LoginResult> {
    const ticket = await this.readTicket(body.ticket);
    const { ticket: token, method, ...registration } = body;
    let result: LoginResult;
    try {
      result = await this.deps.accounts.register(registration, method, meta, {
        provider: ticket.provider,
        link: (tx, memberId) =>
          repo.insertLink(tx, {
            provider: ticket.provider,
            subject: ticket.subject,
            memberId,
            email: ticket.email ?? null,
          }),
      });
    } catch (error) {
      // Another tab registered or linked this identity first.
      if (isUniqueViolation(error)) throw new AppError('social.failed');
      throw error;
    }
    await this.deps.cache.del(`social:ticket:${hashToken(token)}`);
    return result;
  }

  /** Links the ticket's identity to an existing account, whose password proves it is theirs. */
  async link(body: SocialLinkBody, meta: RequestMeta): Promise<LoginResult> {
    const ticket = await this.readTicket(body.ticket);
    const member = await this.deps.accounts.verifyPassword(body.username, body.password, {}, meta);
    if (await repo.linkOfMember(this.deps.db, member.id, ticket.provider)) {
      throw new AppError('social.alreadyLinked');
    }
    try {
      await repo.insertLink(this.deps.db, {
        provider: ticket.provider,
        subject: ticket.subject,
        memberId: member.id,
        email: ticket.email ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('social.alreadyLinked');
      throw error;
    }
    await this.deps.cache.del(`social:ticket:${hashToken(body.ticket)}`);
    return this.deps.accounts.loginVerified(member.id, ticket.provider, meta);
  }

  /**
   * The spec's `firebase` login (docs/social-login.md): `firebaseChannel` google or facebook with
   * an ID token the app got from that provider itself, verified against the configured issuer's
   * keys with our client id as audience. A linked identity logs in; an unknown one is refused
   * with `social.notLinked` and a ticket to register or link with. Other channels (phone) are
   * not configured.
   */
  async firebaseLogin(body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
    const channel = body.firebaseChannel?.toLowerCase();
    if (channel !== 'google' && channel !== 'facebook') throw new AppError('social.notConfigured');
    const config = await this.oidc(channel);
    if (!body.firebaseIdToken) {
      throw new AppError('validation.invalid', { fields: { firebaseIdToken: ['required'] } });
    }
    const metadata = config.serverMetadata();
    let sub: string | undefined;
    let profile: { email?: string; nickname?: string } = {};
    try {
      let keys = this.jwks.get(channel);
      if (!keys) {
        keys = createRemoteJWKSet(new URL(metadata.jwks_uri!));
        this.jwks.set(channel, keys);
      }
      const { payload } = await jwtVerify(body.firebaseIdToken, keys, {
        issuer: metadata.issuer,
        audience: this.clients.configured(channel)!.clientId,
      });
      sub = payload.sub;
      profile = profileOf(payload);
    } catch (error) {
      this.log?.info({ err: error, channel }, 'firebase ID token refused');
      throw new AppError('social.failed');
    }
    if (!sub) throw new AppError('social.failed');
    const outcome = await this.arrive(channel, sub, profile, meta);
    if (outcome.status === 'signedIn') return outcome.login;
    throw new AppError('social.notLinked', { ticket: outcome.ticket, provider: channel });
  }
}

/** What the provider says about the player, to fill the registration form (never trusted). */
function profileOf(claims: Record<string, unknown>): { email?: string; nickname?: string } {
  const email =
    typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : undefined;
  const nickname = typeof claims.name === 'string' ? claims.name.slice(0, 64) : undefined;
  return { ...(email && { email }), ...(nickname && { nickname }) };
}

/** `ab***@example.com`: enough for the member to recognise it, not to read it off a screen. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
