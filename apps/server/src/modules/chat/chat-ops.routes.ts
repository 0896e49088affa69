/**
 * The operator's side of live chat under /ops/api/chat (used by `npm run ops -- chat …`): list
 * conversations (unread first), read one, answer one, close one. Same operator token as the rest
 * of the operator API.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OpsConversationListQuerySchema,
  OpsConversationListSchema,
  OpsConversationParamsSchema,
  OpsConversationSchema,
  OpsReplyBodySchema,
} from '@khela/contract/chat';
import { OPS_PREFIX } from '@khela/contract/ops';
import { auditTrailOf } from '../audit/audit.service';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const chatOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { chat } = app.services;

  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'chat'];
  const security = [{ operator: [] }];
  const ref = 'A conversation id, or a username (their open conversation, else their latest).';

  app.get(
    `${OPS_PREFIX}/chat/conversations`,
    {
      config: { permission: 'chat.read' },
      schema: {
        tags,
        security,
        summary: 'Chat conversations: unread player messages first, then the most recent',
        querystring: OpsConversationListQuerySchema,
        response: okSchema(OpsConversationListSchema),
      },
    },
    async (request) => ok(await chat.opsList(request.query)),
  );

  app.get(
    `${OPS_PREFIX}/chat/conversations/:ref`,
    {
      config: { permission: 'chat.read' },
      schema: {
        tags,
        security,
        summary: 'One conversation and its newest 200 messages (marks nothing read)',
        description: ref,
        params: OpsConversationParamsSchema,
        response: okSchema(OpsConversationSchema),
      },
    },
    async (request) => ok(await chat.opsShow(request.params.ref)),
  );

  app.put(
    `${OPS_PREFIX}/chat/conversations/:ref/read`,
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags,
        security,
        summary: "Mark a conversation's player messages read by the operator",
        description: ref,
        params: OpsConversationParamsSchema,
        response: okSchema(OpsConversationSchema),
      },
    },
    async (request) => ok(await chat.opsMarkRead(request.params.ref)),
  );

  app.post(
    `${OPS_PREFIX}/chat/conversations/:ref/messages`,
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags,
        security,
        summary: "Answer a conversation: the player's unread count rises at once",
        description: `${ref} A username without any conversation gets a new one. A closed conversation is reopened, unless the member has opened another since (409 chat.conversationClosed).`,
        params: OpsConversationParamsSchema,
        body: OpsReplyBodySchema,
        response: okSchema(OpsConversationSchema),
      },
    },
    async (request) =>
      ok(await chat.opsReply(request.params.ref, request.body.body, auditTrailOf(request))),
  );

  app.put(
    `${OPS_PREFIX}/chat/conversations/:ref/close`,
    {
      config: { permission: 'chat.answer' },
      schema: {
        tags,
        security,
        summary: "Close a conversation (the player's next message opens a new one)",
        description: ref,
        params: OpsConversationParamsSchema,
        response: okSchema(OpsConversationSchema),
      },
    },
    async (request) => ok(await chat.opsClose(request.params.ref, auditTrailOf(request))),
  );
};
