/**
 * The player's inbox calls. A real member only (a trial account gets 403
 * member.trialForbidden: guests have no inbox) and MAILCEN on (off: 403 feature.disabled).
 * `GET /wps/member/inbox/unread` is the same count under the path API.md names.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InboxMessageParamsSchema,
  InboxPageSchema,
  InboxQuerySchema,
  InboxReadAnswerSchema,
  InboxUnreadSchema,
} from '@khela/contract/inbox';
import { LanguageQuerySchema } from '@khela/contract/system';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['inbox'];
const security = [{ token: [] }];

export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inbox } = app.services;

  app.get(
    '/wps/inbox',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "A page of the member's messages, newest first, with the unread count",
        description:
          "Cursor paging: pass `nextCursor` as `cursor` for older messages. System messages are drawn in the request's language from their topic. Reading the list marks nothing read.",
        querystring: InboxQuerySchema,
        response: okSchema(InboxPageSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await inbox.page(request.auth!.memberId, request.query, request.language));
    },
  );

  for (const path of ['/wps/inbox/unread-count', '/wps/member/inbox/unread']) {
    app.get(
      path,
      {
        onRequest: app.requireMember,
        schema: {
          tags,
          security,
          summary: 'How many messages the member has not read (`value`, the true number)',
          description:
            'The client shows 99+ above 99, asks at most every 250 ms and never for a trial account.',
          querystring: LanguageQuerySchema,
          response: okSchema(InboxUnreadSchema),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await inbox.unreadCount(request.auth!.memberId));
      },
    );
  }

  app.post(
    '/wps/inbox/:id/read',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Mark one message read; answers the new unread count',
        description:
          "Another member's message, or none: 404. Marking a read message again is fine.",
        params: InboxMessageParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(InboxReadAnswerSchema),
      },
    },
    async (request) => ok(await inbox.markRead(request.auth!.memberId, request.params.id)),
  );

  app.post(
    '/wps/inbox/read-all',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "Mark all the member's messages read",
        querystring: LanguageQuerySchema,
        response: okSchema(InboxReadAnswerSchema),
      },
    },
    async (request) => ok(await inbox.markAllRead(request.auth!.memberId)),
  );
};
