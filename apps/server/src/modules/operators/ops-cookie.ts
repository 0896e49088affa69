/**
 * The console session cookie, read and written by hand (one cookie, no plugin needed): HttpOnly,
 * SameSite=Strict, Path=/ops, and Secure when the request came over HTTPS or the public address
 * is HTTPS.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPS_SESSION_COOKIE } from '@khela/contract/backoffice/operators';

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== OPS_SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    // Our tokens are base64url: anything else is not one of ours.
    return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
  }
  return undefined;
}

function attributes(request: FastifyRequest, secureByConfig: boolean) {
  const secure = secureByConfig || request.protocol === 'https';
  return `Path=/ops; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  secureByConfig: boolean,
) {
  reply.header(
    'set-cookie',
    `${OPS_SESSION_COOKIE}=${token}; ${attributes(request, secureByConfig)}`,
  );
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secureByConfig: boolean,
) {
  reply.header(
    'set-cookie',
    `${OPS_SESSION_COOKIE}=; Max-Age=0; ${attributes(request, secureByConfig)}`,
  );
}
