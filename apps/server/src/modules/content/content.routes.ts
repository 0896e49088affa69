/**
 * The player's content calls: announcements with banners, notices, popups and promotions (one
 * call, lists per type), read marks, the promotions screen, applying for a promotion, and the
 * pictures we draw for banners and promotions.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnnouncementAnswerSchema,
  AnnouncementQuerySchema,
  ApplyBodySchema,
  MarkReadAnswerSchema,
  MarkReadBodySchema,
  MyApplicationsAnswerSchema,
  PromotionApplicationSchema,
  PromotionDetailQuerySchema,
  PromotionListAnswerSchema,
  PromotionListQuerySchema,
  PromotionSchema,
} from '@khela/contract/content';
import { LanguageQuerySchema } from '@khela/contract/system';
import { notFound } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { tokenOf } from '../../plugins/auth';
import { IMAGE_KINDS } from './content-images';

/** Content answers differ by session (popups, read marks): no shared cache may keep them. */
const PER_CALLER = 'private, no-cache';
const A_YEAR = 'public, max-age=31536000, immutable';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content, sessions } = app.services;
  const tags = ['content'];

  /** The session from the `token` header, else from the spec's `token` query parameter. */
  async function sessionOfCall(request: FastifyRequest, reply: FastifyReply) {
    await app.optionalSession(request, reply);
    const queryToken = (request.query as { token?: string }).token;
    if (request.auth || tokenOf(request) || !queryToken) return;
    const session = await sessions.resolve(queryToken);
    if (session && session !== 'expired') request.auth = session;
  }

  /**
   * A visitor's repeated request (no token in the header or the query) is answered from the
   * answer it got before, skipping validation: the home page's most frequent call.
   */
  const answeredBefore = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) => {
    if (tokenOf(request) || (request.query as { token?: string }).token !== undefined) {
      return done();
    }
    const answer = content.visitorAnswerFor(request.url, request.language);
    // Answered here, the request goes no further (a callback hook: no promise to settle).
    if (answer) answer.send(request, reply, PER_CALLER);
    else done();
  };

  app.get(
    '/wps/announcement',
    {
      onRequest: answeredBefore,
      schema: {
        tags,
        summary:
          'Banners (B, by groupName), notices (A, PL; read per member), popups (PU: execution A with a session, B without) and promotions (PR, H hot, Promotion with categories), lists per type. ETag; 304 for If-None-Match',
        querystring: AnnouncementQuerySchema,
        response: okSchema(AnnouncementAnswerSchema),
      },
      preHandler: sessionOfCall,
    },
    async (request, reply) =>
      (
        await content.announcements(request.query, request.language, request.auth, request.url)
      ).send(request, reply, PER_CALLER),
  );

  app.post(
    '/wps/announcement/read',
    {
      schema: {
        tags,
        summary:
          'Mark a notice read (or unread with read: false). Members only: trial accounts are answered 403 and never marked (their notices always count as read)',
        querystring: LanguageQuerySchema,
        body: MarkReadBodySchema,
        response: okSchema(MarkReadAnswerSchema),
      },
      preHandler: app.requireMember,
    },
    async (request) =>
      ok(
        await content.markRead(
          request.auth!.memberId,
          request.body.announcementId,
          request.body.read,
        ),
      ),
  );

  app.get(
    '/wps/promotion/list',
    {
      schema: {
        tags,
        summary:
          'Promotions screen: the categories and the running promotions (of categoryId when given). ETag; 304 for If-None-Match',
        querystring: PromotionListQuerySchema,
        response: okSchema(PromotionListAnswerSchema),
      },
    },
    async (request, reply) =>
      content
        .promotionList(request.language, request.query.categoryId)
        .send(request, reply, 'no-cache'),
  );

  app.get(
    '/wps/promotion/detail',
    {
      schema: {
        tags,
        summary: 'One running promotion by id (404 when unknown, hidden or over). ETag; 304',
        querystring: PromotionDetailQuerySchema,
        response: okSchema(PromotionSchema),
      },
    },
    async (request, reply) =>
      content.promotionDetail(request.language, request.query.id).send(request, reply, 'no-cache'),
  );

  app.post(
    '/wps/promotion/apply',
    {
      schema: {
        tags,
        summary:
          'Apply for a promotion that takes applications, with a remark of at most 140 characters. Members only; one application per promotion (a second answers 409 promotion.alreadyApplied)',
        querystring: LanguageQuerySchema,
        body: ApplyBodySchema,
        response: okSchema(PromotionApplicationSchema),
      },
      preHandler: app.requireMember,
    },
    async (request) =>
      ok(
        await content.apply(request.auth!.memberId, request.body.promotionId, request.body.remark),
      ),
  );

  app.get(
    '/wps/promotion/applications',
    {
      schema: {
        tags,
        summary: "The member's own promotion applications, newest first, with their status",
        querystring: LanguageQuerySchema,
        response: okSchema(MyApplicationsAnswerSchema),
      },
      preHandler: app.requireMember,
    },
    async (request) => ok(await content.myApplications(request.auth!.memberId)),
  );

  app.get(
    '/wps/img/:kind/:file',
    {
      // Pictures are static files: not counted by the per-IP limit, compressed (SVG is text).
      config: { rateLimit: false },
      compress: {},
      schema: {
        tags,
        summary:
          'A banner or promotion picture we draw (SVG). The address changes with the picture, so it is cached for a year',
        params: z.object({ kind: z.enum(IMAGE_KINDS), file: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const picture = content.picture(request.params.kind, request.params.file);
      if (!picture) throw notFound();
      return (
        reply
          .header('cache-control', picture.current ? A_YEAR : 'no-cache')
          // Served through image CDNs on other origins.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .type('image/svg+xml')
          .send(picture.svg)
      );
    },
  );
};
