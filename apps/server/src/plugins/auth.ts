/**
 * Player sessions on /wps: the token comes in the `token` header (or `Authorization: Bearer`).
 * Routes pick a guard: `requireSession` lets trial accounts in, `requireMember` does not. An
 * excluded player's restricted session passes only where protection/restricted-session.ts allows.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isGuest } from '@khela/contract/members';
import { AppError } from '../errors';
import type { AuthSession, SessionsService } from '../modules/accounts/sessions.service';
import { restrictedSessionMay } from '../modules/protection/restricted-session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a guard; null on routes without one or for a visitor. */
    auth: AuthSession | null;
  }
  interface FastifyInstance {
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    optionalSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7);
  return undefined;
}

const routeUrl = (request: FastifyRequest) => request.routeOptions.url ?? request.url;

export const authPlugin = fp<{ sessions: SessionsService }>(async (app, { sessions }) => {
  app.decorateRequest('auth', null);

  async function load(request: FastifyRequest, required: boolean) {
    const token = tokenOf(request);
    if (!token) {
      if (required) throw new AppError('session.notLoggedIn');
      return;
    }
    const session = await sessions.resolve(token);
    if (session === null) {
      if (required) throw new AppError('session.notLoggedIn');
      return;
    }
    if (session === 'expired') {
      // Says why, so the player is not sent to login without a word (API.md).
      if (required)
        throw new AppError('session.expired', { reason: await sessions.endReason(token) });
      return;
    }
    // An excluded player's restricted session: withdrawals, reading and protection only.
    if (session.kind === 'restricted' && !restrictedSessionMay(request.method, routeUrl(request))) {
      if (required) throw new AppError('wallet.excluded');
      return;
    }
    request.auth = session;
  }

  app.decorate('optionalSession', async (request: FastifyRequest) => load(request, false));
  app.decorate('requireSession', async (request: FastifyRequest) => load(request, true));
  app.decorate('requireMember', async (request: FastifyRequest) => {
    await load(request, true);
    const kind = request.auth?.kind;
    if (
      request.auth &&
      ((kind !== 'member' && kind !== 'restricted') || isGuest(request.auth.type))
    ) {
      throw new AppError('member.trialForbidden');
    }
  });
});
