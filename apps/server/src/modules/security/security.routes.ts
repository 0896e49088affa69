/**
 * The security centre's calls under /wps/member (members only; a trial account gets 403
 * member.trialForbidden): the summary, the payment password, and ending sessions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EndedSessionsSchema,
  PaymentPasswordBodySchema,
  PaymentPasswordResultSchema,
  SECURITY_LIMITS,
  SecuritySummarySchema,
  SessionParamsSchema,
} from '@khela/contract/security';
import { LanguageQuerySchema } from '@khela/contract/system';
import { WITHDRAW_LIMITS } from '@khela/contract/withdrawals';
import type { FastifyRequest } from 'fastify';
import { ok, okSchema } from '../../lib/envelope';
import type { RequestMeta } from './security.service';

const tags = ['security'];
const security = [{ token: [] }];
const tries = `At most ${WITHDRAW_LIMITS.passwordTries} wrong login passwords and ${WITHDRAW_LIMITS.passwordTries} wrong payment passwords in ${WITHDRAW_LIMITS.passwordWindowMinutes} minutes (counted together with the withdraw calls), then 429 rate.limited until the window ends.`;

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  language: request.language,
});

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { security: service } = app.services;

  app.get(
    '/wps/member/security',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Payment password set or not, bound mobile and e-mail (masked), logins, sessions',
        description: `The last ${SECURITY_LIMITS.loginHistory} login attempts (time, IP with its last part hidden, browser and system, ok or fail) and the live sessions (\`current\` marks the caller's).`,
        querystring: LanguageQuerySchema,
        response: okSchema(SecuritySummarySchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.summary(request.auth!));
    },
  );

  app.put(
    '/wps/member/payment-password',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Set or change the payment password (needs the login password again)',
        description: `The new one follows the registration rule of the payment password (six digits by default; 400 with \`data.fields\`). Once one is set, \`oldPaymentPassword\` is required. Wrong login password: 403 wallet.reauthFailed; wrong old payment password: 403 wallet.paymentPasswordWrong, both with \`data.triesLeft\`. ${tries} Writes an inbox notice (topic security.paymentPassword) and an audit row.`,
        querystring: LanguageQuerySchema,
        body: PaymentPasswordBodySchema,
        response: okSchema(PaymentPasswordResultSchema),
      },
    },
    async (request) =>
      ok(await service.setPaymentPassword(request.auth!, request.body, meta(request))),
  );

  app.delete(
    '/wps/member/sessions/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "End one of the member's sessions",
        description:
          "Its token answers 401 session.expired on its next call, on every server process. The caller's own session may be ended too (`currentEnded`: the client logs out). Another member's, an ended or an unknown session: 404.",
        params: SessionParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(EndedSessionsSchema),
      },
    },
    async (request) =>
      ok(await service.endSession(request.auth!, request.params.id, meta(request))),
  );

  app.post(
    '/wps/member/sessions/end-others',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'End every session but this one',
        description:
          'Also revokes every remember-me token of the member (they are not tied to one session), so no other device can log back in without the password.',
        querystring: LanguageQuerySchema,
        response: okSchema(EndedSessionsSchema),
      },
    },
    async (request) => ok(await service.endOtherSessions(request.auth!, meta(request))),
  );
};
