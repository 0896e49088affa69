/**
 * The operator's feedback calls (`npm run ops -- feedback list|show|answer`): read the players'
 * feedback and its images, answer it (the player is told in the inbox).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OpsFeedbackAnswerSchema,
  OpsFeedbackImageParamsSchema,
  OpsFeedbackListQuerySchema,
  OpsFeedbackParamsSchema,
  OpsFeedbackSchema,
} from '@khela/contract/feedback';
import { OPS_PREFIX } from '@khela/contract/ops';
import { auditTrailOf } from '../audit/audit.service';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const feedbackOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { feedback } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'feedback'];
  const security = [{ operator: [] }];

  app.get(
    `${OPS_PREFIX}/feedback`,
    {
      config: { permission: 'chat.read' },
      schema: {
        tags,
        security,
        summary: "Players' feedback, newest first (at most 200)",
        querystring: OpsFeedbackListQuerySchema,
        response: okSchema(z.array(OpsFeedbackSchema)),
      },
    },
    async (request) => ok(await feedback.opsList(request.query.status)),
  );

  app.get(
    `${OPS_PREFIX}/feedback/:id`,
    {
      config: { permission: 'chat.read' },
      schema: {
        tags,
        security,
        summary: 'One feedback with its image list',
        params: OpsFeedbackParamsSchema,
        response: okSchema(OpsFeedbackSchema),
      },
    },
    async (request) => ok(await feedback.opsShow(request.params.id)),
  );

  app.get(
    `${OPS_PREFIX}/feedback/:id/images/:index`,
    {
      config: { permission: 'chat.read' },
      schema: {
        tags,
        security,
        summary: 'One image of a feedback, as image/png or image/jpeg',
        params: OpsFeedbackImageParamsSchema,
      },
    },
    async (request, reply) => {
      const image = await feedback.opsImage(request.params.id, request.params.index);
      return reply
        .type(image.type === 'png' ? 'image/png' : 'image/jpeg')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );

  app.post(
    `${OPS_PREFIX}/feedback/:id/answer`,
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags,
        security,
        summary: 'Answer a feedback; the player gets an inbox message (feedback.answered)',
        description: 'Answering again replaces the answer and tells the player again.',
        params: OpsFeedbackParamsSchema,
        body: OpsFeedbackAnswerSchema,
        response: okSchema(OpsFeedbackSchema),
      },
    },
    async (request) =>
      ok(await feedback.opsAnswer(request.params.id, request.body.answer, auditTrailOf(request))),
  );
};
