/**
 * One error shape for every failure: `{ success: false, errorCode, message, data? }` with an honest
 * status and the message in the player's language. Unexpected errors are logged and answered 500
 * with no detail.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, errorMessage, type ErrorCode } from '@khela/contract/errors';
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
  let message = errorMessage(code, request.language);
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
