/**
 * The operator's wallet calls under /ops/api/wallet (used by `npm run ops -- withdrawal …`):
 * the withdrawal queue with each payout's state, approve (paid by hand, or sent through the
 * channel's payout gateway) and reject. Balance adjustments are modules/adjustments'.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPS_PREFIX } from '@khela/contract/ops';
import {
  OpsRejectBodySchema,
  OpsWithdrawalListQuerySchema,
  OpsWithdrawalListSchema,
  OpsWithdrawalSchema,
  WithdrawalParamsSchema,
} from '@khela/contract/withdrawals';
import { ok, okSchema } from '../../lib/envelope';
import { auditTrailOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const withdrawalsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { withdrawals } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'wallet'];
  const security = [{ operator: [] }];
  const once =
    'Once only, however often it is sent at once: a withdrawal that is no longer pending is 409 wallet.notCancellable (`data.status` says what it is).';

  app.get(
    `${OPS_PREFIX}/wallet/withdrawals`,
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary:
          'Withdrawals by status: pending ones oldest first (the queue), others newest first',
        description: 'Each with the username and the payee account in full.',
        querystring: OpsWithdrawalListQuerySchema,
        response: okSchema(OpsWithdrawalListSchema),
      },
    },
    async (request) => ok(await withdrawals.opsList(request.query)),
  );

  app.post(
    `${OPS_PREFIX}/wallet/withdrawals/:id/approve`,
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary:
          "Approve a pending withdrawal: sent through its channel's payout gateway, or marked paid by hand",
        description: `${once} Where the channel has a payout gateway the withdrawal is sent (status processing, \`payout\` shows the gateway, its reference and state) and ends paid, or failed with the amount back on the balance (inbox topic withdrawal.failed), when the gateway answers or the payout pass asks it; a repeated approval sends nothing. Without one the held amount goes to the payouts account at once. The member gets an inbox notice (topic withdrawal.paid) when it is paid.`,
        params: WithdrawalParamsSchema,
        response: okSchema(OpsWithdrawalSchema),
      },
    },
    async (request) =>
      ok(await withdrawals.approve(BigInt(request.params.id), auditTrailOf(request))),
  );

  app.post(
    `${OPS_PREFIX}/wallet/withdrawals/:id/reject`,
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary: "Reject a pending withdrawal: the held amount returns to the member's balance",
        description: `${once} The member gets an inbox notice with the reason (topic withdrawal.rejected).`,
        params: WithdrawalParamsSchema,
        body: OpsRejectBodySchema,
        response: okSchema(OpsWithdrawalSchema),
      },
    },
    async (request) =>
      ok(
        await withdrawals.reject(
          BigInt(request.params.id),
          request.body.reason,
          auditTrailOf(request),
        ),
      ),
  );
};
