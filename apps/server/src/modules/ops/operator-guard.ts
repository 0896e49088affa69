/** The operator API's guard: every call needs `Authorization: Bearer <operator token>`. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { tokenMatches } from './ops-token';

export const operatorGuard = (opsToken: string) => async (request: FastifyRequest) => {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!given || !tokenMatches(given, opsToken)) throw new AppError('ops.unauthorized');
};
