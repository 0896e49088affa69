/**
 * Logging that production can keep on: the app's logger, writing off the event loop, and one line
 * per request (id, method, route, status, time) in place of Fastify's two.
 *
 * The line names the route's pattern (`/wps/member/:id`), never the address a client sent, so
 * tokens in query strings (reset links) and ids in paths stay out of the log; a request no route
 * matched names its path without the query. Failures keep their own error-level line with the
 * error and its stack (the error handler's `unhandled error`).
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import pino, { type DestinationStream, type Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Longest path written for a request no route matched (a scanner's URL can be kilobytes). */
const MAX_PATH_CHARS = 200;

/** Lines are held until this many bytes (a few dozen lines) and written together. */
const BUFFER_BYTES = 4096;
/** A quiet server's lines wait in the buffer at most this long. */
const FLUSH_EVERY_MS = 1000;

/**
 * The app's logger. Without a destination it writes to stdout asynchronously, a buffer of lines
 * at a time, so the event loop never waits on the pipe. Pino writes what is left synchronously
 * when the process exits (`process.exit`, an uncaught error); the plugin below flushes the buffer
 * every second and when the app closes.
 */
export function createLogger(level: Level, destination?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Reset links carry their token in the query string; keep it out of the logs.
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&](?:resetToken|token)=)[^&]+/g, '$1[redacted]'),
          id: req.id,
        }),
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES }),
  );
}

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

/** Writes out what the logger holds every second, and when the app closes. */
export const requestLogPlugin = fp(async (app) => {
  const log = app.log as Logger;
  const timer = setInterval(() => log.flush(), FLUSH_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Bounded: a stdout that has gone (EPIPE) never answers the flush.
    await new Promise<void>((resolve) => {
      const giveUp = setTimeout(resolve, FLUSH_EVERY_MS);
      log.flush(() => {
        clearTimeout(giveUp);
        resolve();
      });
    });
  });
});
