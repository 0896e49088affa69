/**
 * One error shape for every failure: `{ success: false, errorCode, message, data? }` with an honest
 * status and the message in the player's language. Unexpected errors are logged and answered 500
 * with no detail.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, errorMessage, type ErrorCode } from '@khela/contract/errors';
import { SESSION_END_MESSAGES } from '@khela/contract/session-end-messages';
import { isSessionEndReason } from '@khela/contract/session-end';
import { DEFAULT_LANGUAGE, pickLanguage, type Language } from '@khela/contract/language';
import { fieldErrors, type IssueLike } from '@khela/contract/validation';
import { AppError } from '../errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.malformed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformed',
  FST_ERR_VALIDATION: 'validation.invalid',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  data?: Record<string, unknown>,
) {
  // The router's own errors come on a bare request, without the language decorator.
  const language =
    (request.language as Language | undefined) ??
    pickLanguage(undefined, request.headers['accept-language']);
  let message = errorMessage(code, language);
  // An ended session says why in the message too.
  if (code === 'session.expired' && isSessionEndReason(data?.reason)) {
    message = SESSION_END_MESSAGES[data.reason][language];
  }
  // A validation answer names the bad fields in its message too, for a toast.
  const fields = data?.fields;
  if (fields && typeof fields === 'object') message += `: ${Object.keys(fields).join(', ')}`;
  return reply.code(status).send({
    success: false,
    errorCode: code,
    message,
    ...(data ? { data } : {}),
  });
}

/**
 * The router's own refusals (`frameworkErrors`): a path that does not decode, a parameter over
 * the router's length limit. In the envelope like any other, and never echoing the URL.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(request, reply, 'request.urlTooLong', 414);
  } else {
    void sendError(request, reply, 'request.malformed', 400);
  }
}

/**
 * What Node's HTTP parser refuses before there is a request (an unknown method, a bad header,
 * headers too large, a timeout): the envelope in the default language, then the socket closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request.tooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request.malformed']
        : [400, 'request.malformed'];
  const body = JSON.stringify({
    success: false,
    errorCode: code,
    message: errorMessage(code, DEFAULT_LANGUAGE),
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods some route answers at this URL's path (none: no such address). */
export function methodsAt(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0] ?? '';
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/** An API address with no route for this method: 405 and `Allow` if it has others, else 404. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const allowed = methodsAt(request.server, request.url);
  if (allowed.length === 0) return sendError(request, reply, 'resource.notFound', 404);
  reply.header('allow', ['OPTIONS', ...allowed].join(', '));
  return sendError(request, reply, 'request.methodNotAllowed', 405);
}

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Any throttled call says when to try again, as the rate limiter does.
      const retry = error.data?.retryAfterSeconds;
      if (error.errorCode === 'rate.limited' && typeof retry === 'number') {
        reply.header('retry-after', String(retry));
      }
      return sendError(request, reply, error.errorCode, error.statusCode, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: IssueLike[] = error.validation.map((v) => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        ...('input' in v.params ? { input: v.params.input } : {}),
        keys: (v.params as { keys?: string[] }).keys,
        message: v.message ?? '',
      }));
      const prefix = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
      const fields = fieldErrors(issues, request.language, prefix === 'querystring' ? '' : prefix);
      return sendError(request, reply, 'validation.invalid', 400, { fields });
    }
    if (error.statusCode === 429) {
      return sendError(request, reply, 'rate.limited', 429);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped, ERRORS[mapped].status);
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode < 500)) {
      return sendError(request, reply, 'request.malformed', error.statusCode ?? 400);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'system.unknown', 500);
  });
});
