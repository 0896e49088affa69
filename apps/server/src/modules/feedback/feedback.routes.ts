/**
 * The player's feedback calls. A real member only (trial: 403 member.trialForbidden) and
 * FEEDBACK3 on (off: 403 feature.disabled). Sending takes images as base64 in JSON, so this one
 * route has a body limit of its own (three 5 MB images and the text); every other call keeps the
 * app's small limit. The spec's client sends PUT; POST is the same call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEEDBACK_BODY_LIMIT,
  FeedbackCreateSchema,
  FeedbackListQuerySchema,
  FeedbackListSchema,
  FeedbackSchema,
} from '@khela/contract/feedback';
import { LanguageQuerySchema } from '@khela/contract/system';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['feedback'];
const security = [{ token: [] }];

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feedback } = app.services;

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/wps/feedback',
      bodyLimit: FEEDBACK_BODY_LIMIT,
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Send feedback: text within the word bounds, up to 3 PNG or JPG images of 5 MB',
        description:
          "`content` must hold between the settings feedbackMinWords and feedbackMaxWords words (white-space separated). `images[].data` is the file as base64 (a `data:` URL prefix is ignored); PNG or JPEG is judged by the bytes, not the name. Any bad part: 400 validation.invalid naming the field (`content`, `images`, `images.N`) in the player's language, and nothing is stored.",
        querystring: LanguageQuerySchema,
        body: FeedbackCreateSchema,
        response: okSchema(FeedbackSchema),
      },
      handler: async (request) =>
        ok(await feedback.create(request.auth!.memberId, request.body, request.language)),
    });
  }

  app.get(
    '/wps/feedback',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's feedback, newest first, with the operator's answers",
        description:
          'Cursor paging (20 a page): pass `nextCursor` as `cursor`. Also gives the word bounds for the form.',
        querystring: FeedbackListQuerySchema,
        response: okSchema(FeedbackListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await feedback.list(request.auth!.memberId, request.query.cursor));
    },
  );
};
