/**
 * Operators decide agents' contract payment requests under /ops/api/agents/contract-requests
 * (used by the console's Agent contracts screen and `npm run ops -- agent contract …`). Reading needs
 * `money.read`, deciding `agents.decide`; every decision writes an audit row.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPS_PREFIX } from '@khela/contract/ops';
import {
  OpsAgentContractDecisionSchema,
  OpsAgentContractListQuerySchema,
  OpsAgentContractListSchema,
  OpsAgentContractParamsSchema,
  OpsAgentContractRejectBodySchema,
} from '@khela/contract/rewards';
import { ok, okSchema } from '../../lib/envelope';
import { auditContextOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const agentsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { agents } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'agent'];
  const security = [{ operator: [] }];
  const base = `${OPS_PREFIX}/agents/contract-requests`;

  app.get(
    base,
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: "Agents' contract payment requests, newest first (status pending: the queue)",
        querystring: OpsAgentContractListQuerySchema,
        response: okSchema(OpsAgentContractListSchema),
      },
    },
    async (request) => ok(await agents.listRequests(request.query)),
  );

  app.post(
    `${base}/:id/approve`,
    {
      config: { permission: 'agents.decide' },
      schema: {
        tags,
        security,
        summary: "Approve a pending request: its amount is paid to the agent's balance",
        description:
          'Paid once through the ledger (key `contract-request:<id>`) in the same transaction as the decision and its audit row; an approved request is answered as it is with `replayed: true`. A rejected one is 409 agent.contractDecided; an unknown id 404 agent.contractRequestNotFound.',
        params: OpsAgentContractParamsSchema,
        response: okSchema(OpsAgentContractDecisionSchema),
      },
    },
    async (request) => ok(await agents.approve(auditContextOf(request), BigInt(request.params.id))),
  );

  app.post(
    `${base}/:id/reject`,
    {
      config: { permission: 'agents.decide' },
      schema: {
        tags,
        security,
        summary: 'Reject a pending request with a reason the agent sees; no money moves',
        description: 'An approved one is 409 agent.contractDecided.',
        params: OpsAgentContractParamsSchema,
        body: OpsAgentContractRejectBodySchema,
        response: okSchema(OpsAgentContractDecisionSchema),
      },
    },
    async (request) =>
      ok(
        await agents.reject(
          auditContextOf(request),
          BigInt(request.params.id),
          request.body.reason,
        ),
      ),
  );
};
