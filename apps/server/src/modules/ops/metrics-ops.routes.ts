/**
 * The metrics text (plugins/metrics.ts) on the operator API, behind the operator token, for a
 * Prometheus that can reach only the public address (`authorization: Bearer <token>` in its
 * scrape config). The metrics listener (METRICS_PORT) serves the same without a token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPS_PREFIX } from '@khela/contract/ops';
import { operatorGuard } from './operator-guard';

export const metricsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  app.addHook('onRequest', operatorGuard(opsToken));

  app.get(
    `${OPS_PREFIX}/metrics`,
    {
      schema: {
        tags: ['operator'],
        summary: 'Prometheus metrics: requests, ledger, payments, outbox, vendors, pool, caches',
      },
    },
    async (_request, reply) => {
      const { contentType, text } = await app.metricsText();
      return reply.type(contentType).send(text);
    },
  );
};
