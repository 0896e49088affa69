/**
 * The money desk's additions under /ops/api/wallet: reason templates for decisions and decisions
 * on several withdrawals at once (each independent, each audited). The queue itself, with its
 * risk signals, is GET /ops/api/wallet/withdrawals (withdrawals-ops.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OpsBulkDecisionAnswerSchema,
  OpsBulkDecisionBodySchema,
  ReasonTemplateListSchema,
} from '@khela/contract/backoffice/money';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { auditTrailOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const moneyDeskOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { withdrawals } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'wallet'];
  const security = [{ operator: [] }];

  app.get(
    `${OPS_PREFIX}/wallet/reason-templates`,
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: 'Reason templates for withdrawal decisions, in English and Bengali',
        description: 'The setting withdrawalReasonTemplates (`npm run ops -- setting set …`).',
        response: okSchema(ReasonTemplateListSchema),
      },
    },
    async () => ok(withdrawals.reasonTemplates()),
  );

  app.post(
    `${OPS_PREFIX}/wallet/withdrawals/decisions`,
    {
      config: { permission: 'money.decide' },
      schema: {
        tags,
        security,
        summary: 'Approve or reject several withdrawals; each is decided on its own',
        description:
          'Answers one result per id in the order given: `ok: true` with the new status, or `ok: false` with the errorCode and message (one that is not pending, or unknown, never blocks the others). Each decision has its own audit row and inbox notice. `reason` is required to reject.',
        body: OpsBulkDecisionBodySchema,
        response: okSchema(OpsBulkDecisionAnswerSchema),
      },
    },
    async (request) =>
      ok(await withdrawals.decideMany(request.body, auditTrailOf(request), request.language)),
  );
};
