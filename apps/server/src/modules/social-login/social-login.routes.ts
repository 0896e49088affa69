/**
 * Social login: which providers show, OpenID start and return, Telegram, register or link; the
 * member's linked sign-ins and unlinking one (security centre).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { LoginResultSchema } from '@khela/contract/accounts';
import {
  LinkedIdentitiesSchema,
  OidcCallbackBodySchema,
  OidcProviderParamsSchema,
  SocialLinkBodySchema,
  SocialOutcomeSchema,
  SocialProvidersSchema,
  SocialRegisterBodySchema,
  SocialStartResultSchema,
  TelegramAuthBodySchema,
  UnlinkBodySchema,
  UnlinkParamsSchema,
} from '@khela/contract/social-login';
import { LanguageQuerySchema } from '@khela/contract/system';
import { ok, okSchema } from '../../lib/envelope';
import type { RequestMeta } from '../accounts/accounts.service';
import { DEVICE_ID_HEADER } from '../accounts/login-device';

const tags = ['social-login'];

const meta = (request: FastifyRequest): RequestMeta => {
  const deviceId = request.headers[DEVICE_ID_HEADER];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    ...(typeof deviceId === 'string' && { deviceId }),
    language: request.language,
  };
};

export const socialLoginRoutes: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (
  app,
  { authRateLimit },
) => {
  const social = app.services.socialLogin;
  const strict = { rateLimit: { max: authRateLimit, timeWindow: 60_000 } };

  app.get(
    '/wps/social/providers',
    {
      schema: {
        tags,
        summary: 'Social login buttons to show: flag on and provider configured',
        querystring: LanguageQuerySchema,
        response: okSchema(SocialProvidersSchema),
      },
    },
    async () => ok(social.providers()),
  );

  app.post(
    '/wps/social/:provider/start',
    {
      config: strict,
      schema: {
        tags,
        summary: "The provider's authorization URL (OpenID Connect, code + PKCE, state, nonce)",
        description: 'Not configured or flag off: 404 social.notConfigured.',
        params: OidcProviderParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(SocialStartResultSchema),
      },
    },
    async (request) =>
      ok(
        await social.start(
          request.params.provider,
          `${request.protocol}://${request.host}`,
          request.language,
        ),
      ),
  );

  app.post(
    '/wps/social/:provider/callback',
    {
      config: strict,
      schema: {
        tags,
        summary: "The provider's return (state, code or error): logs in, or a ticket to register",
        description:
          'A state is good once (social.failed after). error=access_denied: social.consentRefused. A wrong nonce, PKCE or signature: social.failed.',
        params: OidcProviderParamsSchema,
        querystring: LanguageQuerySchema,
        body: OidcCallbackBodySchema,
        response: okSchema(SocialOutcomeSchema),
      },
    },
    async (request) =>
      ok(await social.callback(request.params.provider, request.body, meta(request))),
  );

  app.post(
    '/wps/social/telegram',
    {
      config: strict,
      schema: {
        tags,
        summary: "Telegram login widget data (signed by the bot's token, auth_date fresh)",
        querystring: LanguageQuerySchema,
        body: TelegramAuthBodySchema,
        response: okSchema(SocialOutcomeSchema),
      },
    },
    async (request) => ok(await social.telegram(request.body, meta(request))),
  );

  app.put(
    '/wps/social/register',
    {
      config: { sealed: true, ...strict },
      schema: {
        tags,
        summary:
          "Register the ticket's identity (sealed or plain): every registration rule applies",
        querystring: LanguageQuerySchema,
        body: SocialRegisterBodySchema,
        response: okSchema(LoginResultSchema),
      },
    },
    async (request) => ok(await social.register(request.body, meta(request))),
  );

  app.post(
    '/wps/social/link',
    {
      config: { sealed: true, ...strict },
      schema: {
        tags,
        summary: "Link the ticket's identity to an existing account with its password; logs in",
        querystring: LanguageQuerySchema,
        body: SocialLinkBodySchema,
        response: okSchema(LoginResultSchema),
      },
    },
    async (request) => ok(await social.link(request.body, meta(request))),
  );

  app.get(
    '/wps/social/identities',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: [{ token: [] }],
        summary: "The member's linked sign-ins (e-mail masked) and whether a login password is set",
        querystring: LanguageQuerySchema,
        response: okSchema(LinkedIdentitiesSchema),
      },
    },
    async (request) => ok(await social.identities(request.auth!.memberId)),
  );

  app.delete(
    '/wps/social/identities/:provider',
    {
      onRequest: app.requireMember,
      config: strict,
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'Unlink one sign-in, re-entering the login password',
        description:
          'Wrong password: 403 wallet.reauthFailed with `data.triesLeft` (the re-entry counter every password confirmation shares; 429 when used up). Not linked: 404 social.identityNotFound. The last sign-in of a member who never set a password: 409 social.lastSignIn. Answers the identities left.',
        params: UnlinkParamsSchema,
        querystring: LanguageQuerySchema,
        body: UnlinkBodySchema,
        response: okSchema(LinkedIdentitiesSchema),
      },
    },
    async (request) =>
      ok(
        await social.unlink(
          request.auth!.memberId,
          request.params.provider,
          request.body.password,
          meta(request),
        ),
      ),
  );
};
