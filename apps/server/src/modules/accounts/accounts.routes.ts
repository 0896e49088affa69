/**
 * Login, registration, trial and free play, recovery, password and username change, member info,
 * wallet.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AffiliateCheckQuerySchema,
  AffiliateCodeQuerySchema,
  AffiliateCodeSchema,
  CaptchaImageSchema,
  ChangePasswordBodySchema,
  ChangePasswordResultSchema,
  ChangeUsernameBodySchema,
  ChangeUsernameResultSchema,
  ForgetEmailBodySchema,
  ForgetPhoneBodySchema,
  FreePlayBodySchema,
  FreePlaySessionSchema,
  LoginBodySchema,
  LoginResultSchema,
  MemberInfoSchema,
  PasswordResetResultSchema,
  RegisterBodySchema,
  RegistrationSettingsSchema,
  ResetByEmailTokenBodySchema,
  SmsNoLoginBodySchema,
  SmsRegisterBodySchema,
  SmsSentSchema,
  TrialUserSchema,
  UsernameAvailabilitySchema,
  UsernameCheckQuerySchema,
  WalletSummarySchema,
} from '@khela/contract/accounts';
import {
  STEP_UP,
  StepUpChallengeSchema,
  StepUpConfirmBodySchema,
  StepUpResendBodySchema,
} from '@khela/contract/step-up';
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from '@khela/contract/idempotency';
import { WalletQuerySchema } from '@khela/contract/records';
import { LanguageQuerySchema } from '@khela/contract/system';
import type { FastifyRequest } from 'fastify';
import { ok, okSchema, sendJson } from '../../lib/envelope';
import type { RequestMeta } from './accounts.service';
import { DEVICE_ID_HEADER } from './login-device';

const meta = (request: FastifyRequest): RequestMeta => {
  const deviceId = request.headers[DEVICE_ID_HEADER];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    ...(typeof deviceId === 'string' && { deviceId }),
    language: request.language,
  };
};

const EmptySchema = z.object({});
const AVAILABLE = JSON.stringify(ok({ available: true }));
const TAKEN = JSON.stringify(ok({ available: false }));
const tags = ['accounts'];
const member = [{ token: [] }];

export const accountsRoutes: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (
  app,
  { authRateLimit },
) => {
  const { accounts, captcha } = app.services;
  // Guesses and sends are expensive or abusable: a tighter limit than the rest of /wps.
  const strict = { rateLimit: { max: authRateLimit, timeWindow: 60_000 } };

  app.post(
    '/wps/session/login',
    {
      config: { sealed: true, ...strict },
      schema: {
        tags,
        summary:
          'Log in (sealed or plain): username and password or device token, or mobile and SMS code',
        description:
          'A failure that needs a captcha carries `data.captchaRequired: true`. Repeated failures wait growing delays (429 with `data.retryAfterSeconds`). With LOGINIPVERF3 on, a login from a device and a network the member has not used before is answered 403 `login.stepUpRequired` with `data` `{ ticket, channel, destination, resendAt, expiresAt }` (see /wps/session/login/step-up) instead of a session.',
        querystring: LanguageQuerySchema,
        body: LoginBodySchema,
        response: okSchema(LoginResultSchema),
      },
    },
    async (request) => ok(await accounts.login(request.body, meta(request))),
  );

  // The agent portal's own door (accounts spec §6): the same login, for agents only.
  app.post(
    '/wps/agent/login',
    {
      config: { sealed: true, ...strict },
      schema: {
        tags: [...tags, 'agent'],
        summary: 'Agent login (sealed or plain): the login payload, for agent accounts only',
        description:
          'The body and answer of POST /wps/session/login; `portal` is always `agent` here. A non-agent account (types 0, 4, 40) is refused with 403 login.nonAgent ("Non-agents cannot log in"); the member login refuses agents with 403 login.nonMember.',
        querystring: LanguageQuerySchema,
        body: LoginBodySchema,
        response: okSchema(LoginResultSchema),
      },
    },
    async (request) =>
      ok(await accounts.login({ ...request.body, portal: 'agent' }, meta(request))),
  );

  app.post(
    '/wps/session/login/step-up',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Finish a new-device login with its one-time code (LOGINIPVERF3)',
        description: `\`ticket\` from the login's 403 login.stepUpRequired, \`code\` from the SMS or e-mail (good for ${STEP_UP.codeMinutes} minutes, once). Right: the login's answer (a session) and the device is trusted; the inbox tells the member (topic security.newDevice). Wrong: 400 verification.codeError with \`data.triesLeft\` (${STEP_UP.maxGuesses} tries a code; at 0 the code is burnt: resend). Unknown, used or run-out ticket, or one made on another device (\`X-Device-Id\`): 400 login.stepUpExpired (log in again).`,
        querystring: LanguageQuerySchema,
        body: StepUpConfirmBodySchema,
        response: okSchema(LoginResultSchema),
      },
    },
    async (request) => ok(await accounts.confirmStepUp(request.body, meta(request))),
  );

  app.post(
    '/wps/session/login/step-up/resend',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Send a new one-time code for a new-device login',
        description: `Once \`resendAt\` has passed (every ${STEP_UP.resendSeconds} s; before: 429 rate.limited with \`data.retryAfterSeconds\`), at most ${STEP_UP.maxSends} codes a ticket (then 400 login.stepUpExpired). The ticket keeps its end. With \`channel\` (sms or email, the challenge's \`alternative\`): the code goes to that contact instead, at once (no cooldown; one of the sends); a contact the member does not have: 400 login.stepUpNoChannel. Answers the challenge with the new \`resendAt\`.`,
        querystring: LanguageQuerySchema,
        body: StepUpResendBodySchema,
        response: okSchema(StepUpChallengeSchema),
      },
    },
    async (request) =>
      ok(await accounts.resendStepUp(request.body.ticket, meta(request), request.body.channel)),
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security: member,
        summary: 'Free play session for member types 0, 1, 2 (else free_reject)',
        querystring: LanguageQuerySchema,
        body: FreePlayBodySchema,
        response: okSchema(FreePlaySessionSchema),
      },
    },
    async (request) => ok(await accounts.freePlay(request.auth!, meta(request))),
  );

  app.delete(
    '/wps/session/logout',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security: member,
        summary: 'Log out: the token is revoked',
        querystring: LanguageQuerySchema,
        response: okSchema(EmptySchema),
      },
    },
    async (request) => {
      await accounts.logout(request.auth!, meta(request));
      return ok({});
    },
  );

  app.get(
    '/wps/member/trialuser',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Create a trial (type 4) account with play money and its session',
        querystring: LanguageQuerySchema,
        response: okSchema(TrialUserSchema),
      },
    },
    async (request) => ok(await accounts.createTrial(meta(request))),
  );

  for (const [url, method] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const) {
    app.put(
      url,
      {
        config: { sealed: true, ...strict },
        schema: {
          tags,
          summary: `Register (${method} method, sealed or plain); logs in on success`,
          querystring: LanguageQuerySchema,
          body: RegisterBodySchema,
          response: okSchema(LoginResultSchema),
        },
      },
      async (request) => ok(await accounts.register(request.body, method, meta(request))),
    );
  }

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Registration methods, captcha and per-field rules (ETag; 304 for If-None-Match)',
        querystring: LanguageQuerySchema,
        response: okSchema(RegistrationSettingsSchema),
      },
      // Made and compressed once per settings version.
    },
    async (request, reply) => accounts.preparedRegistrationSettings().send(request, reply),
  );

  app.get(
    '/wps/captcha',
    {
      config: strict,
      schema: {
        tags,
        summary: 'A digits-only captcha image (SVG data URL), single-use, 2 minutes',
        querystring: LanguageQuerySchema,
        response: okSchema(CaptchaImageSchema),
      },
    },
    async () => ok(await captcha.create()),
  );

  app.post(
    '/wps/verification/sms/noLogin',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Send an SMS code for login or password reset (captcha first)',
        description: '`expirationTime` (epoch ms) is when the code may be sent again.',
        querystring: LanguageQuerySchema,
        body: SmsNoLoginBodySchema,
        response: okSchema(SmsSentSchema),
      },
    },
    async (request) =>
      ok(await accounts.sendSms(request.body.moduleId, request.body, meta(request))),
  );

  app.post(
    '/wps/verification/sms/register',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Send an SMS code for mobile registration (REGMOBVERF3)',
        querystring: LanguageQuerySchema,
        body: SmsRegisterBodySchema,
        response: okSchema(SmsSentSchema),
      },
    },
    async (request) => ok(await accounts.sendSms('REGMOBVERF3', request.body, meta(request))),
  );

  app.get(
    '/wps/check/username',
    {
      config: strict,
      schema: {
        tags,
        summary: 'Is this username free and valid?',
        querystring: UsernameCheckQuerySchema,
        response: okSchema(UsernameAvailabilitySchema),
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        (await accounts.usernameAvailable(request.query.username)) ? AVAILABLE : TAKEN,
      ),
  );

  app.post(
    '/wps/member/password/forget/email',
    {
      config: strict,
      schema: {
        tags,
        summary:
          'E-mail a reset link (form-encoded username, email); answers the same whether or not they match',
        querystring: LanguageQuerySchema,
        body: ForgetEmailBodySchema,
        response: okSchema(EmptySchema),
      },
    },
    async (request) => {
      await accounts.forgetByEmail(request.body.username, request.body.email, meta(request));
      return ok({});
    },
  );

  app.post(
    '/wps/member/password/reset',
    {
      config: { sealed: true, ...strict },
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset e-mail (sealed or plain)',
        querystring: LanguageQuerySchema,
        body: ResetByEmailTokenBodySchema,
        response: okSchema(PasswordResetResultSchema),
      },
    },
    async (request) =>
      ok(
        await accounts.resetByEmailToken(
          request.body.resetToken,
          request.body.newPassword,
          meta(request),
        ),
      ),
  );

  app.post(
    '/wps/member/password/forget/phone',
    {
      config: { sealed: true, ...strict },
      schema: {
        tags,
        summary: 'Set a new password with an SMS code (sealed or plain)',
        description:
          'Same as the old password: `modify.new.old.same` (the code stays valid). Other failures: `verification.codeError`.',
        querystring: LanguageQuerySchema,
        body: ForgetPhoneBodySchema,
        response: okSchema(PasswordResetResultSchema),
      },
    },
    async (request) => ok(await accounts.setPasswordByPhone(request.body, meta(request))),
  );

  app.put(
    '/wps/member/password',
    {
      onRequest: app.requireMember,
      config: strict,
      schema: {
        tags,
        security: member,
        summary: 'Change password; every other session and remembered device is signed out',
        querystring: LanguageQuerySchema,
        body: ChangePasswordBodySchema,
        response: okSchema(ChangePasswordResultSchema),
      },
    },
    async (request) =>
      ok(await accounts.changePassword(request.auth!, request.body, meta(request))),
  );

  app.put(
    '/wps/member/username',
    {
      onRequest: app.requireMember,
      config: strict,
      schema: {
        tags,
        security: member,
        summary: "Change the member's username, once (a mobile sign-up's generated name)",
        description:
          'Members only (a trial account: 403 member.trialForbidden). The name follows the registration rule for usernames (400 validation.invalid with `data.fields.username`); a name in use, the own one included: 409 member.usernameTaken; a second change: 409 member.usernameChangeUsed. Needs an `Idempotency-Key` header (400 idempotency.keyRequired): a retry with the key of the change made answers it again with `replayed: true`; that key with another name is 422 idempotency.mismatch. Every attempt but a replay writes one auth audit row (`username.change`). Sessions and remembered devices stay valid; a remembered login must use the new name.',
        headers: IdempotencyHeadersSchema,
        querystring: LanguageQuerySchema,
        body: ChangeUsernameBodySchema,
        response: okSchema(ChangeUsernameResultSchema),
      },
    },
    async (request) =>
      ok(
        await accounts.changeUsername(
          request.auth!,
          request.headers[IDEMPOTENCY_HEADER],
          request.body,
          meta(request),
        ),
      ),
  );

  app.get(
    '/wps/member/affiliate/check',
    {
      schema: {
        tags,
        summary: 'Is this invitation code valid?',
        querystring: AffiliateCheckQuerySchema,
        response: okSchema(z.object({ success: z.literal(true) })),
      },
    },
    async (request) => {
      await accounts.checkAffiliate(request.query.code);
      return ok({ success: true as const });
    },
  );

  app.get(
    '/wps/member/affiliate',
    {
      schema: {
        tags,
        summary: "The invitation code of an agent's entrance domain",
        querystring: AffiliateCodeQuerySchema,
        response: okSchema(AffiliateCodeSchema),
      },
    },
    async (request) => ok({ code: await accounts.affiliateCodeForDomain(request.query.domain) }),
  );

  app.get(
    '/wps/member/info',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security: member,
        summary: 'The logged-in member',
        querystring: LanguageQuerySchema,
        response: okSchema(MemberInfoSchema),
      },
    },
    async (request, reply) =>
      sendJson(reply, JSON.stringify(ok(await accounts.memberInfo(request.auth!)))),
  );

  app.get(
    '/wps/member/wallet',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security: member,
        summary: 'Balance (trial accounts: play money); refresh=1 reads past the cache',
        querystring: WalletQuerySchema,
        response: okSchema(WalletSummarySchema),
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        JSON.stringify(
          ok(await accounts.walletSummary(request.auth!, request.query.refresh === '1')),
        ),
      ),
  );
};
