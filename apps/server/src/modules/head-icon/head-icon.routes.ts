/**
 * The head icon (avatar): GET and POST /wps/member/headIcon (members only; a trial account gets
 * 403 member.trialForbidden), and the pictures they name under /wps/headIcon/, public and cached
 * for good (an upload's address changes with each upload; a drawn one never changes). The POST
 * takes an upload as base64 in JSON (as KYC does), so it has a body limit of its own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEAD_ICON_BODY_LIMIT,
  HEAD_ICON_IMAGE_PATH,
  HEAD_ICON_PATH,
  HeadIconBodySchema,
  HeadIconQuerySchema,
  HeadIconSchema,
} from '@khela/contract/head-icon';
import { notFound } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { drawnAvatarSvg, isDrawnId } from './drawn-avatars';

const tags = ['member centre'];
const security = [{ token: [] }];
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const headIconRoutes: FastifyPluginAsyncZod = async (app) => {
  const { headIcon } = app.services;

  app.get(
    HEAD_ICON_PATH,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's head icon (avatar): none, a drawn one, or an upload",
        description:
          'The spec names "head icon GET and POST" without path or fields. `url` is the picture to show (drawn: an SVG; upload: a 256×256 WebP); `none` until the member chooses.',
        querystring: HeadIconQuerySchema,
        response: okSchema(HeadIconSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await headIcon.get(request.auth!.memberId));
    },
  );

  app.route({
    method: 'POST',
    url: HEAD_ICON_PATH,
    bodyLimit: HEAD_ICON_BODY_LIMIT,
    onRequest: app.requireMember,
    schema: {
      tags,
      security,
      summary: 'Choose a drawn avatar (`drawnId` 1–12) or upload a picture (`image`, base64)',
      description:
        'A picture is judged by decoding it, not by a name or declared type: PNG, JPEG or WebP, 2 MB at most (before base64). Otherwise 400 headIcon.imageType, headIcon.imageTooLarge or headIcon.imageUnreadable, and nothing changes. The server crops it to a square and re-encodes it as a 256×256 WebP without metadata. Answers the new head icon.',
      querystring: HeadIconQuerySchema,
      body: HeadIconBodySchema,
      response: okSchema(HeadIconSchema),
    },
    handler: async (request) => ok(await headIcon.set(request.auth!.memberId, request.body)),
  });

  app.get(
    `${HEAD_ICON_IMAGE_PATH}/drawn/:file`,
    {
      schema: {
        tags,
        summary: 'A drawn avatar (SVG), by its number',
        params: z.object({ file: z.string().regex(/^\d{1,2}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const n = Number(request.params.file.replace('.svg', ''));
      if (!isDrawnId(n)) throw notFound();
      return reply.type('image/svg+xml').header('cache-control', IMMUTABLE).send(drawnAvatarSvg(n));
    },
  );

  app.get(
    `${HEAD_ICON_IMAGE_PATH}/:file`,
    {
      schema: {
        tags,
        summary: "An uploaded head icon (256×256 WebP), by the key in the member's `url`",
        params: z.object({ file: z.string().regex(/^[0-9a-f]{32}\.webp$/) }),
      },
    },
    async (request, reply) => {
      const picture = await headIcon.picture(request.params.file.replace('.webp', ''));
      if (!picture) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .send(picture);
    },
  );
};
