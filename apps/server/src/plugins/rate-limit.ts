/**
 * The player API's per-client limit (@fastify/rate-limit), counted before anything else a route
 * does. The library hangs its check after a route's own onRequest hooks, which answer the cached
 * catalogue and announcement reads and look sessions up: a client over the limit was still
 * answered from the cache, and its token looked up, and those answers were never counted. So the
 * default limit runs as this scope's onRequest hook, before any route's. A route with limits of
 * its own (`config.rateLimit: {…}`, the sign-in calls) keeps the library's hook; `false` opts out.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { CacheStore } from '../providers/cache/cache-store';
import { RedisCache } from '../providers/cache/redis-cache';

export const rateLimitPlugin = fp<{ limits: Config['rateLimit']; cache: CacheStore }>(
  async (app, { limits, cache }) => {
    await app.register(rateLimit, {
      // The default limit is this plugin's hook below, not one per route.
      global: false,
      max: limits.max,
      timeWindow: limits.windowMs,
      ...(cache instanceof RedisCache
        ? { redis: cache.client, nameSpace: `${cache.prefix}rl:` }
        : {}),
      // Only a refused request is told when to retry; per-answer counters cost every call.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
      errorResponseBuilder: (_request, context) =>
        new AppError('rate.limited', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
    });

    const limit = app.rateLimit();
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        // Routes with a limit of their own, or none, are left to the library's route hook.
        if (request.routeOptions.config.rateLimit !== undefined) return done();
        limit.call(app, request, reply).then(() => done(), done);
      },
    );
  },
);
