/**
 * The operator's inbox call (`npm run ops -- inbox send …`): a message to one member or to every
 * member (one INSERT … SELECT, not a loop).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OpsInboxSendSchema, OpsInboxSentSchema } from '@khela/contract/inbox';
import { OPS_PREFIX } from '@khela/contract/ops';
import { auditTrailOf } from '../audit/audit.service';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const inboxOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { inbox } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  app.post(
    `${OPS_PREFIX}/inbox`,
    {
      config: { permission: 'content.write' },
      schema: {
        tags: ['operator', 'inbox'],
        security: [{ operator: [] }],
        summary: 'Send an inbox message to a member (`username`) or to every member (`all: true`)',
        description:
          'Plain text title (1–128) and body (1–4000). `all` reaches every active member who is not a trial account. Answers how many messages were written.',
        body: OpsInboxSendSchema,
        response: okSchema(OpsInboxSentSchema),
      },
    },
    async (request) => ok(await inbox.opsSend(request.body, auditTrailOf(request))),
  );
};
