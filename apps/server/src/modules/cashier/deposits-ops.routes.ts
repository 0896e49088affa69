/**
 * The money desk's deposit list under /ops/api/wallet/deposits: every member's deposits with
 * their provider, the provider's reference and state.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OpsDepositListQuerySchema, OpsDepositListSchema } from '@khela/contract/backoffice/money';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const depositsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { deposits } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  app.get(
    `${OPS_PREFIX}/wallet/deposits`,
    {
      config: { permission: 'money.read' },
      schema: {
        tags: ['operator', 'wallet'],
        security: [{ operator: [] }],
        summary: 'Deposits, newest first, with provider, reference and state',
        description:
          "Filters: `state` (pending, paid, failed, expired: a pending one older than 30 minutes), `channel`, `username`, `from` (inclusive) and `to` (exclusive) ISO instants; `before` is the previous page's `nextCursor`.",
        querystring: OpsDepositListQuerySchema,
        response: okSchema(OpsDepositListSchema),
      },
    },
    async (request) => ok(await deposits.opsList(request.query)),
  );
};
