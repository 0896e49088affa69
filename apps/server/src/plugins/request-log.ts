/**
 * One line per request (id, method, route, status, time) in place of Fastify's two, and the log
 * written out when the app closes.
 *
 * The line names the route's pattern (`/wps/member/sessions/:id`), never the address a client
 * sent, so tokens in query strings (reset links) and ids in paths stay out of the log; a request
 * no route matched names its path without the query. Failures keep their own error-level line
 * with the error and its stack (the error handler's `unhandled error`).
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString, Logger } from 'pino';

/**
 * An incoming `x-request-id` is kept (a proxy's id ties our lines to its own) only when it is a
 * short token of safe characters: it is written in every line of the request and echoed back.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : undefined;
}

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
 * A request's logger (`request.log`), made only when the request writes a line: Fastify makes a
 * pino child for every request, and above info (the bench's level) most requests write none.
 * Until then a line's level is checked against the app's logger, whose level the child would
 * have; the child, once made, is pino's own, with the request id bound as Fastify binds it.
 */
export class RequestLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bound: Bindings,
  ) {}

  /** pino's child logger for this request, made on first need. */
  get logger(): Logger {
    return (this.made ??= this.parent.child(this.bound));
  }

  get level(): LevelWithSilentOrString {
    return (this.made ?? this.parent).level;
  }

  set level(level: LevelWithSilentOrString) {
    this.logger.level = level;
  }

  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  /**
   * Writes `line` at `level` through pino's child, made only when the level keeps the line. (The
   * app's logger writing the request id as a field costs more per line than the child does.)
   */
  write(level: Level, line: Record<string, unknown>, message: string): void {
    if (this.isLevelEnabled(level)) this.logger[level](line, message);
  }

  fatal(...args: unknown[]) {
    this.call('fatal', args);
  }

  error(...args: unknown[]) {
    this.call('error', args);
  }

  warn(...args: unknown[]) {
    this.call('warn', args);
  }

  info(...args: unknown[]) {
    this.call('info', args);
  }

  debug(...args: unknown[]) {
    this.call('debug', args);
  }

  trace(...args: unknown[]) {
    this.call('trace', args);
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger.child(bindings, options);
  }

  bindings(): Bindings {
    return this.logger.bindings();
  }

  flush(callback?: (error?: Error) => void): void {
    this.parent.flush(callback);
  }

  private call(level: Level, args: unknown[]) {
    if (this.isLevelEnabled(level)) Reflect.apply(this.logger[level], this.logger, args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a RequestLogger, or pino's child at once when the route sets its
 * own level or serializers (none does today).
 */
export function requestChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger as Logger, bindings);
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
    const log = reply.log as Logger | RequestLogger;
    if (!error && !log.isLevelEnabled('info')) return;
    const line: Record<string, unknown> = {
      method: request.method,
      ...routeOf(request),
      status: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) line.err = error;
    const level = error ? 'error' : 'info';
    const message = error ? 'request failed' : 'request';
    if (log instanceof RequestLogger) log.write(level, line, message);
    else log[level](line, message);
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
