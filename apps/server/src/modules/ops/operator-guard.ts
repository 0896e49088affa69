/**
 * The operator API's guard. Either `Authorization: Bearer <OPS_TOKEN>` (the automation actor:
 * scripts and the CLI, every permission, no CSRF token since no browser sends it by itself) or
 * the console's session cookie (a named operator with a role): then every call but GET must send
 * the session's CSRF token in `x-csrf-token`, and until the one-time password is changed only the
 * console's own auth routes answer. The route's `config.permission` is checked against the actor.
 */
import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@khela/contract/backoffice/operators';
import { actorMay } from '@khela/contract/operators';
import { AppError } from '../../errors';
import '../operators/actor';
import { sessionCookieOf } from '../operators/ops-cookie';
import { actorOfOperator, sameSecret } from '../operators/operators.service';
import { tokenMatches } from './ops-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const operatorGuard = (opsToken: string) => async (request: FastifyRequest) => {
  const { permission, operatorAccess } = request.routeOptions.config;
  if (operatorAccess === 'public') return;
  const header = request.headers.authorization;
  if (header !== undefined) {
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !tokenMatches(given, opsToken)) throw new AppError('ops.unauthorized');
    // The console's own session routes are about a session: the token has none.
    if (operatorAccess === 'self') throw new AppError('ops.unauthorized');
    request.actor = { kind: 'automation' };
  } else {
    const token = sessionCookieOf(request);
    if (!token) throw new AppError('ops.unauthorized');
    const found = await request.server.services.operators.authenticate(token);
    if (!SAFE_METHODS.has(request.method)) {
      const csrf = request.headers[CSRF_HEADER];
      if (typeof csrf !== 'string' || !sameSecret(csrf, found.session.csrfToken)) {
        throw new AppError('ops.csrf');
      }
    }
    request.operatorSession = found;
    request.actor = actorOfOperator(found.operator);
    if (operatorAccess === 'self') return;
    if (found.operator.mustChangePassword) throw new AppError('ops.passwordChangeRequired');
  }
  if (!permission) throw new AppError('ops.forbidden');
  if (!actorMay(request.actor, permission)) throw new AppError('ops.forbidden');
};
