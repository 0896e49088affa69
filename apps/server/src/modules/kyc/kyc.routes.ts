/**
 * The player's identity check, in the security centre: GET and POST /wps/member/kyc (members
 * only; a trial account gets 403 member.trialForbidden). Uploading takes the three images as
 * base64 in JSON, so this one route has a body limit of its own. The images are never served
 * back on a player route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KYC_BODY_LIMIT,
  KYC_PATH,
  KycQuerySchema,
  KycStatusSchema,
  KycUploadBodySchema,
} from '@khela/contract/kyc';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['security'];
const security = [{ token: [] }];

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { kyc } = app.services;

  app.get(
    KYC_PATH,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          "The member's identity check: none, waiting, approved or rejected (with the reason)",
        querystring: KycQuerySchema,
        response: okSchema(KycStatusSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await kyc.status(request.auth!.memberId));
    },
  );

  app.route({
    method: 'POST',
    url: KYC_PATH,
    bodyLimit: KYC_BODY_LIMIT,
    onRequest: app.requireMember,
    schema: {
      tags,
      security,
      summary: 'Send identity documents: the front and back of an ID and a selfie',
      description:
        'Each image as base64 (a `data:` URL prefix is ignored), JPEG, PNG or WebP judged by its bytes, 5 MB at most: otherwise 400 kyc.imageType, kyc.imageTooLarge or kyc.imageUnreadable with `data.field` (front, back, selfie), and nothing is stored. The server re-encodes every image as JPEG without metadata (no EXIF, no location). Only in state none or rejected: otherwise 409 kyc.alreadySubmitted. Answers the new state (waiting).',
      querystring: KycQuerySchema,
      body: KycUploadBodySchema,
      response: okSchema(KycStatusSchema),
    },
    handler: async (request) =>
      ok(await kyc.upload(request.auth!.memberId, request.body, request.language)),
  });
};
