/**
 * The operator API's guard. Today: `Authorization: Bearer <operator token>`, the automation actor,
 * which holds every permission. A route's `config.permission` is checked against the actor.
 */
import type { FastifyRequest } from 'fastify';
import { actorMay } from '@khela/contract/operators';
import { AppError } from '../../errors';
import '../operators/actor';
import { tokenMatches } from './ops-token';

export const operatorGuard = (opsToken: string) => async (request: FastifyRequest) => {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!given || !tokenMatches(given, opsToken)) throw new AppError('ops.unauthorized');
  request.actor = { kind: 'automation' };
  const permission = request.routeOptions.config.permission;
  if (permission && !actorMay(request.actor, permission)) throw new AppError('ops.forbidden');
};
