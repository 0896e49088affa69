/**
 * The player's chat calls: the CBS relay calls the spec names (model list, unread count, launch)
 * and our conversation calls under /wps/chat. All but the model list need a real member (a trial
 * account gets 403 member.trialForbidden) and the CBS3 flag (off: 403 feature.disabled).
 * The live hosts: the live model list (open to visitors, like the model list), the member's
 * focus list, follow and unfollow.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatModelListSchema,
  FocusAnswerSchema,
  FocusListQuerySchema,
  FocusListSchema,
  FocusParamsSchema,
  LIVE_MODEL_PATHS,
  LiveModelListQuerySchema,
  LiveModelListSchema,
  ChatModuleQuerySchema,
  ConversationAnswerSchema,
  ConversationQuerySchema,
  LaunchChatQuerySchema,
  LaunchChatSchema,
  MarkReadBodySchema,
  SendMessageAnswerSchema,
  SendMessageBodySchema,
  UnreadCountSchema,
} from '@khela/contract/chat';
import { LanguageQuerySchema } from '@khela/contract/system';
import { notFound } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { liveModelAvatarSvg } from './live-models';

const tags = ['chat'];
const member = [{ token: [] }];

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app.services;

  app.get(
    '/wps/relay/CBS_modelList',
    {
      schema: {
        tags,
        summary: 'Chat entries the client lists (our live chat); empty while CBS3 is off',
        description:
          'Never cached (`cache-control: no-store`). Open to visitors: an entry says whether it needs a member.',
        querystring: ChatModuleQuerySchema,
        response: okSchema(ChatModelListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: chat.models(request.language) });
    },
  );

  app.get(
    '/wps/relay/CBS_unreadCount',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Operator messages the member has not read (`value.unReadCount`, the true number)',
        description:
          'The client shows 99+ above 99. Trial accounts: 403; CBS3 off: 403 feature.disabled.',
        querystring: ChatModuleQuerySchema,
        response: okSchema(UnreadCountSchema),
      },
    },
    async (request) => ok({ unReadCount: await chat.unreadCount(request.auth!.memberId) }),
  );

  app.get(
    '/wps/relay/CBS_launchChat',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'The address of our chat page for this member (`value.chatUrl`)',
        description:
          '`backUrl` must be a path of this site (starting with one `/`); anything else is a 400, so the page never sends a player to another site. `headerColor`, `title` and `template` are accepted for the original client and not used.',
        querystring: LaunchChatQuerySchema,
        response: okSchema(LaunchChatSchema),
      },
    },
    async (request) => ok(chat.launch(request.query.backUrl, request.language)),
  );

  app.get(
    '/wps/chat/conversation',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: "The member's chat: latest conversation, a page of messages, unread count",
        description:
          "Without `after`/`before`: the newest `limit` messages (over all the member's conversations, oldest first). `after=ID`: newer messages only (the chat page polls this every 3 s while visible). `before=ID`: the page before, for earlier history. Reading does not mark anything read; see POST /wps/chat/read.",
        querystring: ConversationQuerySchema,
        response: okSchema(ConversationAnswerSchema),
      },
    },
    async (request) => ok(await chat.conversation(request.auth!.memberId, request.query)),
  );

  app.post(
    '/wps/chat/messages',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary:
          'Send a message to customer service (plain text, 1–1000 characters after trimming)',
        description:
          "Goes into the member's open conversation, or opens a new one. At most 15 messages a minute per member (429 rate.limited with Retry-After). The text is kept and shown as typed, never as HTML.",
        querystring: LanguageQuerySchema,
        body: SendMessageBodySchema,
        response: okSchema(SendMessageAnswerSchema),
      },
    },
    async (request) => ok(await chat.send(request.auth!.memberId, request.body.body)),
  );

  app.post(
    '/wps/chat/read',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Mark operator messages read up to the newest one the member has seen',
        querystring: LanguageQuerySchema,
        body: MarkReadBodySchema,
        response: okSchema(UnreadCountSchema),
      },
    },
    async (request) => ok(await chat.markRead(request.auth!.memberId, request.body.lastMessageId)),
  );

  app.get(
    LIVE_MODEL_PATHS.list,
    {
      schema: {
        tags,
        summary:
          'The live hosts (`active`: on duty, `streaming`: streaming now); empty while CBS3 is off',
        description:
          '`active=1|0` and `streaming=1|0` (or true/false) keep only the hosts who are or are not; absent means either. Streaming hosts come first, then those on duty. Never cached. Open to visitors. The hosts are made up and drawn by us (docs/decisions.md).',
        querystring: LiveModelListQuerySchema,
        response: okSchema(LiveModelListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: chat.liveModels(request.query, request.language) });
    },
  );

  app.get(
    LIVE_MODEL_PATHS.focusList,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'The focus list: the hosts the member follows, the most recently followed first',
        querystring: FocusListQuerySchema,
        response: okSchema(FocusListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await chat.focusList(request.auth!.memberId, request.language) });
    },
  );

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${LIVE_MODEL_PATHS.focus}/:modelId`,
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: on
          ? 'Follow a host (put it on the focus list); following again changes nothing'
          : 'Unfollow a host (take it off the focus list); unfollowing again changes nothing',
        description:
          "Answers the focus list's ids. A host not on the roster: 404 chat.modelNotFound.",
        params: FocusParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(FocusAnswerSchema),
      },
      handler: async (request) =>
        ok(await chat.setFocus(request.auth!.memberId, request.params.modelId, on)),
    });
  }

  app.get(
    `${LIVE_MODEL_PATHS.avatar}/:file`,
    {
      schema: {
        tags,
        summary: "A live host's picture (our own SVG drawing)",
        params: z.object({ file: z.string().regex(/^[A-Z0-9_]{2,32}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const svg = liveModelAvatarSvg(request.params.file.replace(/\.svg$/, ''));
      if (!svg) throw notFound();
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
};
