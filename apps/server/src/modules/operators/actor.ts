/**
 * The operator side's request context: who is acting (`request.actor`, set by the operator guard)
 * and which permission each operator route needs (`config: { permission }` on the route).
 */
import type { FastifyRequest } from 'fastify';
import type { Actor, Permission } from '@khela/contract/operators';
import type { AuthenticatedSession } from './operators.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator guard on every /ops/api call that passed it. */
    actor?: Actor;
    /** The console session, when the call came with the session cookie (not the token). */
    operatorSession?: AuthenticatedSession;
  }
  interface FastifyContextConfig {
    /** What an operator route needs; the guard refuses an actor whose role lacks it. */
    permission?: Permission;
    /**
     * The console's own auth routes instead of a permission: `public` (signing in: no actor
     * yet) or `self` (any signed-in operator about their own session, also while the one-time
     * password still has to be changed).
     */
    operatorAccess?: 'public' | 'self';
  }
}

/** The actor of a guarded operator route (the guard ran, so there is one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('operator route reached without the operator guard');
  return request.actor;
}

/** The console session of a `self` route (the guard ran with the cookie). */
export function operatorSessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.operatorSession) throw new Error('console route reached without a session');
  return request.operatorSession;
}
