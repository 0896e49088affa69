/**
 * The operator side's request context: who is acting (`request.actor`, set by the operator guard)
 * and which permission each operator route needs (`config: { permission }` on the route).
 */
import type { FastifyRequest } from 'fastify';
import type { Actor, Permission } from '@khela/contract/operators';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator guard on every /ops/api call that passed it. */
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** What an operator route needs; the guard refuses an actor whose role lacks it. */
    permission?: Permission;
  }
}

/** The actor of a guarded operator route (the guard ran, so there is one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('operator route reached without the operator guard');
  return request.actor;
}
