/**
 * The operator's recall of a game round (under /ops/api/game): what a player disputes, with
 * every call the vendor made on it and the ledger transaction each moved.
 */
import { OPS_PREFIX } from '@khela/contract/ops';
import { OpsRoundParamsSchema, OpsRoundSchema } from '@khela/contract/vendor-wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const gameWalletOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { gameWallet } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  app.get(
    `${OPS_PREFIX}/game/rounds/:provider/:roundId`,
    {
      schema: {
        tags: ['operator', 'vendor wallet'],
        security: [{ operator: [] }],
        summary: 'One game round with every vendor call on it (bets, wins, rollbacks)',
        description:
          '`provider` is DEMO, BGS, LOTTERY or a vendor added by the operator; `roundId` the vendor\u2019s round id (the reference a player sees in the transaction records). Unknown: 404 resource.notFound.',
        params: OpsRoundParamsSchema,
        response: okSchema(OpsRoundSchema),
      },
    },
    async (request) => {
      const round = await gameWallet.recall(request.params.provider, request.params.roundId);
      if (!round) throw notFound();
      return ok(round);
    },
  );
};
