/** Liveness and readiness probes for the load balancer; outside /wps, never rate-limited. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await Promise.all([app.database.ping(), app.cache.get('readyz')]);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
