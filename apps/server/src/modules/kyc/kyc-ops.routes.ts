/**
 * The operator's identity checks under /ops/api/kyc: the queue, one submission, its images
 * (JPEG, operator only), approve and reject. Decisions are audited and reach the player's inbox.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OpsKycDecisionSchema,
  OpsKycImageParamsSchema,
  OpsKycListQuerySchema,
  OpsKycListSchema,
  OpsKycParamsSchema,
  OpsKycRejectBodySchema,
  OpsKycSubmissionSchema,
} from '@khela/contract/backoffice/kyc';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { auditContextOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const kycOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { kyc } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'kyc'];
  const security = [{ operator: [] }];
  const once =
    'Once only: a submission already decided is 409 kyc.notWaiting (`data.state` says how).';

  app.get(
    `${OPS_PREFIX}/kyc`,
    {
      config: { permission: 'kyc.read' },
      schema: {
        tags,
        security,
        summary:
          'Identity checks by state: waiting ones oldest first (the queue), others newest first',
        querystring: OpsKycListQuerySchema,
        response: okSchema(OpsKycListSchema),
      },
    },
    async (request) => ok(await kyc.opsList(request.query)),
  );

  app.get(
    `${OPS_PREFIX}/kyc/:id`,
    {
      config: { permission: 'kyc.read' },
      schema: {
        tags,
        security,
        summary: 'One identity check with its images',
        params: OpsKycParamsSchema,
        response: okSchema(OpsKycSubmissionSchema),
      },
    },
    async (request) => ok(await kyc.opsShow(request.params.id)),
  );

  app.get(
    `${OPS_PREFIX}/kyc/:id/images/:side`,
    {
      config: { permission: 'kyc.read' },
      schema: {
        tags,
        security,
        summary: 'One image (front, back or selfie) as image/jpeg, re-encoded without metadata',
        params: OpsKycImageParamsSchema,
      },
    },
    async (request, reply) => {
      const image = await kyc.opsImage(request.params.id, request.params.side);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(image);
    },
  );

  app.post(
    `${OPS_PREFIX}/kyc/:id/approve`,
    {
      config: { permission: 'kyc.decide' },
      schema: {
        tags,
        security,
        summary:
          'Approve: the player is told (inbox kyc.approved) and their withdrawals that waited for the check join the queue',
        description: once,
        params: OpsKycParamsSchema,
        response: okSchema(OpsKycDecisionSchema),
      },
    },
    async (request) => ok(await kyc.approve(request.params.id, auditContextOf(request))),
  );

  app.post(
    `${OPS_PREFIX}/kyc/:id/reject`,
    {
      config: { permission: 'kyc.decide' },
      schema: {
        tags,
        security,
        summary:
          'Reject with a reason: the player reads it in the inbox (kyc.rejected) and may send documents again',
        description: once,
        params: OpsKycParamsSchema,
        body: OpsKycRejectBodySchema,
        response: okSchema(OpsKycDecisionSchema),
      },
    },
    async (request) =>
      ok(await kyc.reject(request.params.id, request.body.reason, auditContextOf(request))),
  );
};
