/**
 * The console's sign-in (`/ops/api/auth/*`: login, me, logout, password) and operators
 * management (`/ops/api/operators`). Login is public; the other auth routes are about the
 * caller's own session; management needs operators.read / operators.manage.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeOperatorPasswordBodySchema,
  CreateOperatorBodySchema,
  OPS_AUTH_PATHS,
  OperatorCredentialsSchema,
  OperatorListSchema,
  OperatorLoginBodySchema,
  OperatorParamsSchema,
  OperatorSchema,
  OperatorSessionSchema,
  UpdateOperatorBodySchema,
} from '@khela/contract/backoffice/operators';
import { OPS_PREFIX } from '@khela/contract/ops';
import { z } from 'zod';
import { ok, okSchema } from '../../lib/envelope';
import { auditContextOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';
import { operatorSessionOf } from './actor';
import { clearSessionCookie, setSessionCookie } from './ops-cookie';

export const operatorsRoutes: FastifyPluginAsyncZod<{
  opsToken: string;
  /** Secure cookies even over plain HTTP to us (TLS ends at a proxy; PUBLIC_URL is https). */
  cookieSecure: boolean;
}> = async (app, { opsToken, cookieSecure }) => {
  const { operators } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));
  const tags = ['operator'];

  app.post(
    OPS_AUTH_PATHS.login,
    {
      config: { operatorAccess: 'public' },
      schema: {
        tags,
        summary: 'Sign in to the console: password and TOTP code; sets the session cookie',
        body: OperatorLoginBodySchema,
        response: okSchema(OperatorSessionSchema),
      },
    },
    async (request, reply) => {
      const { token, session } = await operators.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(request, reply, token, cookieSecure);
      return ok(session);
    },
  );

  app.get(
    OPS_AUTH_PATHS.me,
    {
      config: { operatorAccess: 'self' },
      schema: {
        tags,
        summary: 'The signed-in operator, permissions and CSRF token',
        response: okSchema(OperatorSessionSchema),
      },
    },
    async (request) => ok(operators.sessionView(operatorSessionOf(request))),
  );

  app.post(
    OPS_AUTH_PATHS.logout,
    {
      config: { operatorAccess: 'self' },
      schema: { tags, summary: 'Sign out of the console', response: okSchema(z.null()) },
    },
    async (request, reply) => {
      await operators.logout(operatorSessionOf(request).session);
      clearSessionCookie(request, reply, cookieSecure);
      return ok(null);
    },
  );

  app.post(
    OPS_AUTH_PATHS.password,
    {
      config: { operatorAccess: 'self' },
      schema: {
        tags,
        summary: "Change one's own password (ends one's other sessions)",
        body: ChangeOperatorPasswordBodySchema,
        response: okSchema(OperatorSessionSchema),
      },
    },
    async (request) =>
      ok(
        await operators.changePassword(
          operatorSessionOf(request),
          request.body,
          auditContextOf(request),
          request.language,
        ),
      ),
  );

  app.get(
    `${OPS_PREFIX}/operators`,
    {
      config: { permission: 'operators.read' },
      schema: { tags, summary: 'Every operator', response: okSchema(OperatorListSchema) },
    },
    async () => ok(await operators.list()),
  );

  app.post(
    `${OPS_PREFIX}/operators`,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: 'Add an operator: the one-time password and TOTP secret are shown once',
        body: CreateOperatorBodySchema,
        response: okSchema(OperatorCredentialsSchema),
      },
    },
    async (request) => ok(await operators.create(auditContextOf(request), request.body)),
  );

  app.patch(
    `${OPS_PREFIX}/operators/:id`,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: "Change an operator's role, lock or unlock",
        params: OperatorParamsSchema,
        body: UpdateOperatorBodySchema,
        response: okSchema(OperatorSchema),
      },
    },
    async (request) =>
      ok(await operators.update(auditContextOf(request), BigInt(request.params.id), request.body)),
  );

  app.post(
    `${OPS_PREFIX}/operators/:id/reset`,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: 'A new one-time password and TOTP secret (shown once); ends the sessions',
        params: OperatorParamsSchema,
        response: okSchema(OperatorCredentialsSchema),
      },
    },
    async (request) =>
      ok(await operators.reset(auditContextOf(request), BigInt(request.params.id))),
  );
};
