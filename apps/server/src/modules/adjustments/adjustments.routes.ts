/**
 * Balance adjustments under /ops/api/wallet/adjustments, with four eyes above the
 * `adjustmentApprovalThreshold` setting (used by `npm run ops -- adjust` and the console).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@khela/contract/envelope';
import {
  AdjustmentListQuerySchema,
  AdjustmentPageSchema,
  AdjustmentPaidSchema,
  AdjustmentParamsSchema,
  AdjustmentRejectBodySchema,
  AdjustmentSchema,
  AdjustmentWaitingSchema,
} from '@khela/contract/backoffice/members';
import { OPS_PREFIX } from '@khela/contract/ops';
import { OpsAdjustmentBodySchema } from '@khela/contract/withdrawals';
import { ok, okSchema } from '../../lib/envelope';
import { auditContextOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const adjustmentsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { adjustments } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'wallet'];
  const security = [{ operator: [] }];
  const base = `${OPS_PREFIX}/wallet/adjustments`;

  app.post(
    base,
    {
      config: { permission: 'members.adjust' },
      schema: {
        tags,
        security,
        summary: "Credit (positive) or debit (negative) a member's balance against the house",
        description:
          'A reason is required. At most `adjustmentApprovalThreshold` minor units either way (a setting), the money moves at once: 200 with the movement. Above it the adjustment waits for a second named operator (POST …/:id/approve): 202 `{ id, state: "waiting" }`. Idempotent by `key`: the same key and body again answer the first outcome (`replayed: true`); the same key with another body is 422. A debit below zero is 409 wallet.insufficientFunds.',
        body: OpsAdjustmentBodySchema,
        response: { 200: envelope(AdjustmentPaidSchema), 202: envelope(AdjustmentWaitingSchema) },
      },
    },
    async (request, reply) => {
      const answer = await app.services.adjustments.request(auditContextOf(request), request.body);
      return answer.status === 200
        ? reply.code(200).send(ok(answer.value))
        : reply.code(202).send(ok(answer.value));
    },
  );

  app.get(
    base,
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: 'Adjustments by state, newest first (the waiting ones are the approval queue)',
        querystring: AdjustmentListQuerySchema,
        response: okSchema(AdjustmentPageSchema),
      },
    },
    async (request) => ok(await adjustments.list(request.query)),
  );

  app.post(
    `${base}/:id/approve`,
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        tags,
        security,
        summary: 'Approve a waiting adjustment: the money moves now',
        description:
          'Only a named operator other than the one who asked (403 adjustment.fourEyes; the automation token never approves). Paid once however often it is sent: an approved one is answered as it is. A rejected one is 409 adjustment.decided.',
        params: AdjustmentParamsSchema,
        response: okSchema(AdjustmentSchema),
      },
    },
    async (request) =>
      ok(await adjustments.approve(auditContextOf(request), BigInt(request.params.id))),
  );

  app.post(
    `${base}/:id/reject`,
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        tags,
        security,
        summary: 'Reject a waiting adjustment with a reason; no money moves',
        description: 'An approved one is 409 adjustment.decided.',
        params: AdjustmentParamsSchema,
        body: AdjustmentRejectBodySchema,
        response: okSchema(AdjustmentSchema),
      },
    },
    async (request) =>
      ok(
        await adjustments.reject(
          auditContextOf(request),
          BigInt(request.params.id),
          request.body.reason,
        ),
      ),
  );
};
