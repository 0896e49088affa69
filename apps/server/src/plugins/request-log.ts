/**
 * One line per request (id, method, route, status, time) in place of Fastify's two, and the log
 * written out when the app closes.
 *
 * The line names the route's pattern (`/wps/member/sessions/:id`), never the address a client
 * sent, so tokens in query strings (reset links) and ids in paths stay out of the log; a request
 * no route matched names its path without the query. Failures keep their own error-level line
 * with the error and its stack (the error handler's `unhandled error`).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';

/** Longest path written for a request no route matched (a scanner's URL can be kilobytes). */
const MAX_PATH_CHARS = 200;
/** How long closing waits for the last lines to be written (a stdout that is gone never says). */
const FLUSH_WAIT_MS = 1000;

function routeOf(request: FastifyRequest): { route: string } | { path: string } {
  const route = request.routeOptions.url;
  if (route !== undefined) return { route };
  const url = request.url;
  const end = url.indexOf('?');
  return { path: (end === -1 ? url : url.slice(0, end)).slice(0, MAX_PATH_CHARS) };
}

/**
 * Fastify's request lines, replaced: nothing when a request arrives, one line when its answer has
 * gone (an error-level line, with the error, when the response itself failed). Fastify's
 * "Route … not found" line, which carries the raw URL, is dropped: the request line covers it.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const log = reply.log as Logger;
    if (!error && !log.isLevelEnabled('info')) return;
    const line = {
      method: request.method,
      ...routeOf(request),
      status: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) log.error({ ...line, err: error }, 'request failed');
    else log.info(line, 'request');
  }
}

/** Writes out the lines the logger still holds when the app closes. */
export const requestLogPlugin = fp(async (app) => {
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      const giveUp = setTimeout(resolve, FLUSH_WAIT_MS);
      (app.log as Logger).flush(() => {
        clearTimeout(giveUp);
        resolve();
      });
    });
  });
});
