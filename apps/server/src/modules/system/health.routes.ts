/**
 * Liveness and readiness probes for the load balancer; outside /wps, never rate-limited.
 * Liveness says only that the process answers (restart it if not); readiness says whether it can
 * serve (send it no traffic while its database or Redis is gone), naming what is down.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unreadyDependencies } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const down = await unreadyDependencies({ database: app.database, cache: app.cache });
    if (down.length === 0) return { status: 'ready' };
    request.log.warn({ down }, 'not ready');
    return reply
      .code(503)
      .send({ status: 'unavailable', down: down.map((item) => item.dependency) });
  });
};
