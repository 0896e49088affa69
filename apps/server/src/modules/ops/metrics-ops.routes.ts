/**
 * The metrics text (plugins/metrics.ts) beside the operator API, behind the operator token, for a
 * Prometheus that can reach only the public address (`authorization: Bearer <token>` in its
 * scrape config). The metrics listener (METRICS_PORT) serves the same without a token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorGuard } from './operator-guard';

/** Where the operator's Prometheus scrapes through the public address. */
export const OPS_METRICS_PATH = '/ops/metrics';

export const metricsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  app.addHook('onRequest', operatorGuard(opsToken));

  // Prometheus's text, not the API's JSON envelope: beside the operator API, not in its document.
  app.get(
    OPS_METRICS_PATH,
    { config: { permission: 'dashboard.read' }, schema: { hide: true } },
    async (_request, reply) => {
      const { contentType, text } = await app.metricsText();
      return reply.type(contentType).send(text);
    },
  );
};
