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
import {
  RemovedDeviceSchema,
  STEP_UP,
  TrustedDeviceListSchema,
  TrustedDeviceParamsSchema,
} from '@khela/contract/step-up';
import { LanguageQuerySchema } from '@khela/contract/system';
import { WITHDRAW_LIMITS } from '@khela/contract/withdrawals';
import type { FastifyRequest } from 'fastify';
import { ok, okSchema } from '../../lib/envelope';
import { DEVICE_ID_HEADER } from '../accounts/login-device';
import type { RequestMeta } from './security.service';

const tags = ['security'];
const security = [{ token: [] }];
const tries = `At most ${WITHDRAW_LIMITS.passwordTries} wrong login passwords and ${WITHDRAW_LIMITS.passwordTries} wrong payment passwords in ${WITHDRAW_LIMITS.passwordWindowMinutes} minutes (counted together with the withdraw calls), then 429 rate.limited until the window ends.`;

const meta = (request: FastifyRequest): RequestMeta => {
  const deviceId = request.headers[DEVICE_ID_HEADER];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    ...(typeof deviceId === 'string' && { deviceId }),
    language: request.language,
  };
};

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

  app.get(
    '/wps/member/trusted-devices',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'The devices trusted at a new-device login (step-up, LOGINIPVERF3)',
        description: `A device is trusted once it has passed the one-time code of a login from a new device and network (code by SMS, else e-mail, good for ${STEP_UP.codeMinutes} minutes), or registered the account while the flag was on. Each: browser and system from the User-Agent, first and last seen, the network it was last seen on masked (IPv4 /24: 203.0.113.•, IPv6 /48: 2001:db8:85a3:•), \`current\` for the device making the call (its \`X-Device-Id\`). Listed whether or not the flag is on.`,
        querystring: LanguageQuerySchema,
        response: okSchema(TrustedDeviceListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.trustedDevices(request.auth!, meta(request)));
    },
  );

  app.delete(
    '/wps/member/trusted-devices/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Remove a trusted device',
        description:
          "Its next login is asked for the one-time code again, even from a network another trusted device uses. Sessions it has stay (end them in the sessions list). Another member's, a removed or an unknown device: 404. Writes an audit row (trustedDevice.remove).",
        params: TrustedDeviceParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(RemovedDeviceSchema),
      },
    },
    async (request) =>
      ok(await service.removeTrustedDevice(request.auth!, request.params.id, meta(request))),
  );
};
