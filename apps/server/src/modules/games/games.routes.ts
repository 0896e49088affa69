/**
 * The game calls (spec games-and-content §7, API.md "Games") and the icons they point at.
 * Catalogue answers are ready-made bytes with an ETag (304 for a caller holding it).
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FavouriteBodySchema,
  FavouriteIdsAnswerSchema,
  FavouriteListAnswerSchema,
  FavouriteListQuerySchema,
  GameListAnswerSchema,
  GameListQuerySchema,
  GameTypesAnswerSchema,
  GameTypesQuerySchema,
  HotGamesAnswerSchema,
  HotGamesQuerySchema,
  PopularGamesAnswerSchema,
  PopularGamesQuerySchema,
  RecentAddQuerySchema,
  RecentListAnswerSchema,
  RecentListQuerySchema,
  VendorsAnswerSchema,
  WinnersAnswerSchema,
  WinnersQuerySchema,
} from '@khela/contract/games';
import { LanguageQuerySchema } from '@khela/contract/system';
import { fieldErrors } from '@khela/contract/validation';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import type { PreparedAnswer } from '../../lib/prepared-answer';
import { gameArtSvg, legacyGameIconSvg, markOf, THEME_COUNT, vendorMarkSvg } from './game-icons';
import { MOTIFS } from './game-names';

const tags = ['games'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const EmptySchema = z.null();

export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { games } = app.services;

  /** Answers a repeated request from the answer it got before, skipping validation. */
  const answeredBefore = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) => {
    const answer = games.answerFor(request.url, request.language);
    // Answered here, the request goes no further (a callback hook: no promise to settle).
    if (answer) answer.send(request, reply);
    else done();
  };
  const shared = (request: FastifyRequest, answer: PreparedAnswer) =>
    games.remember(request.url, request.language, answer);

  app.get(
    '/wps/game/vendors',
    {
      onRequest: answeredBefore,
      schema: {
        tags,
        summary:
          'Vendors by category after the setup rules (esports and cockfight split out), the ' +
          'category order and the prize mode (ETag; 304 for If-None-Match)',
        querystring: LanguageQuerySchema.extend({ merchantCode: z.string().max(32).optional() }),
        response: okSchema(VendorsAnswerSchema),
      },
    },
    async (request, reply) => shared(request, games.vendors(request.language)).send(request, reply),
  );

  app.get(
    '/wps/game/types',
    {
      onRequest: answeredBefore,
      schema: {
        tags,
        summary: 'Game classifications and the vendors that have games of each (typeId 1)',
        querystring: GameTypesQuerySchema,
        response: okSchema(GameTypesAnswerSchema),
      },
    },
    async (request, reply) =>
      shared(request, games.types(request.query.typeId, request.language)).send(request, reply),
  );

  app.get(
    '/wps/game/list',
    {
      onRequest: answeredBefore,
      preHandler: app.optionalSession,
      schema: {
        tags,
        summary:
          'A page of games: search by English or Bengali name, category (gameType), vendor or ' +
          'sub-category (vassalage), classification, new, minimum bet and lines; dataType ALL, ' +
          'HOT, NEW, or the member\u2019s FAV and RECENT (these need a session). A page past the ' +
          'end is empty with the true totals.',
        querystring: GameListQuerySchema,
        response: okSchema(GameListAnswerSchema),
      },
    },
    async (request, reply) => {
      const { dataType } = request.query;
      const answer = await games.list(request.query, request.language, request.auth?.memberId);
      // A member's own pages (favourites, recent) are never kept.
      if (dataType !== 'FAV' && dataType !== 'RECENT') shared(request, answer);
      return answer.send(request, reply);
    },
  );

  app.get(
    '/wps/game/hot',
    {
      onRequest: answeredBefore,
      schema: {
        tags,
        summary: 'Hot games by rank (the home page shows the first 6, then all)',
        querystring: HotGamesQuerySchema,
        response: okSchema(HotGamesAnswerSchema),
      },
    },
    async (request, reply) => shared(request, games.hot(request.language)).send(request, reply),
  );

  app.get(
    '/wps/game/popular',
    {
      onRequest: answeredBefore,
      schema: {
        tags,
        summary: 'Popular games: the most players in the last 7 days, filled up from the hot list',
        description:
          'At most 12; `gameType` keeps one category (then filled from its catalogue). The same for every caller.',
        querystring: PopularGamesQuerySchema,
        response: okSchema(PopularGamesAnswerSchema),
      },
    },
    async (request, reply) =>
      shared(request, games.popular(request.query.gameType, request.language)).send(request, reply),
  );

  app.post(
    '/wps/game/favourite',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Adds a favourite game (one already there is left as it is)',
        body: FavouriteBodySchema,
        response: okSchema(EmptySchema),
      },
    },
    async (request) => {
      await games.addFavourite(request.auth!.memberId, request.body.nodeId);
      return ok(null);
    },
  );

  app.delete(
    '/wps/game/favourite',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Removes a favourite game (body or query nodeId)',
        // A DELETE may come without a body; the nodeId is then in the query string.
        body: FavouriteBodySchema.nullish(),
        querystring: FavouriteBodySchema.partial().extend(LanguageQuerySchema.shape),
        response: okSchema(EmptySchema),
      },
    },
    async (request) => {
      const nodeId = request.body?.nodeId ?? request.query.nodeId;
      if (nodeId === undefined) {
        throw new AppError('validation.invalid', {
          fields: fieldErrors(
            [{ code: 'invalid_type', path: ['nodeId'], input: undefined }],
            request.language,
          ),
        });
      }
      await games.removeFavourite(request.auth!.memberId, nodeId);
      return ok(null);
    },
  );

  app.get(
    '/wps/game/favourite/ids',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The member\u2019s favourite games\u2019 nodeIds, newest first',
        querystring: LanguageQuerySchema.extend({ token: z.string().max(200).optional() }),
        response: okSchema(FavouriteIdsAnswerSchema),
      },
    },
    async (request) => ok(await games.favouriteIds(request.auth!.memberId)),
  );

  app.get(
    '/wps/game/favourite/list',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The member\u2019s favourite games, newest first (page size 200; 100 on home)',
        querystring: FavouriteListQuerySchema,
        response: okSchema(FavouriteListAnswerSchema),
      },
    },
    async (request, reply) =>
      (await games.favouriteList(request.auth!.memberId, request.query, request.language)).send(
        request,
        reply,
      ),
  );

  app.get(
    '/wps/game/recent/add',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Records that the member opened a game (it moves to the front of recent games)',
        querystring: RecentAddQuerySchema,
        response: okSchema(EmptySchema),
      },
    },
    async (request) => {
      await games.addRecent(request.auth!.memberId, request.query.nodeId);
      return ok(null);
    },
  );

  app.get(
    '/wps/game/recent/list',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'The member\u2019s recent games, latest first (the last 100 kept)',
        querystring: RecentListQuerySchema,
        response: okSchema(RecentListAnswerSchema),
      },
    },
    async (request, reply) =>
      (await games.recentList(request.auth!.memberId, request.query, request.language)).send(
        request,
        reply,
      ),
  );

  app.get(
    '/wps/game/winners',
    {
      schema: {
        tags,
        summary:
          'The winner board: the largest of the latest big wins, largest first, names masked',
        querystring: WinnersQuerySchema,
        response: okSchema(WinnersAnswerSchema),
      },
    },
    async (request, reply) =>
      (await games.winners(request.query, request.language)).send(request, reply),
  );

  // ── Icons: drawn from their seed, so an address always names the same picture ──────────────

  const icons = new LRUCache<string, string>({ max: 5000 });
  const svg = (key: string, draw: () => string) => {
    let body = icons.get(key);
    if (body === undefined) icons.set(key, (body = draw()));
    return body;
  };

  const immutableSvg = (reply: FastifyReply, key: string, draw: () => string) =>
    reply.type('image/svg+xml').header('cache-control', IMMUTABLE).send(svg(key, draw));
  const theme = z.coerce
    .number()
    .int()
    .min(0)
    .max(THEME_COUNT - 1);
  const seedFile = z.string().regex(/^\d{1,10}\.svg$/);

  app.get(
    '/wps/img/game/:theme/:motif/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "A game's art (SVG): its motif in its colour family, cached for a year",
        params: z.object({ theme, motif: z.enum(MOTIFS), file: seedFile }),
      },
    },
    async (request, reply) => {
      const { theme: family, motif, file } = request.params;
      const seed = Number.parseInt(file, 10);
      return immutableSvg(reply, `g${family}/${motif}/${seed}`, () =>
        gameArtSvg(motif, family, seed),
      );
    },
  );

  // Addresses from before the motifs, still in answers cached by clients.
  app.get(
    '/wps/img/game/:theme/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: 'A game icon by its older address (SVG), cached for a year',
        params: z.object({ theme, file: seedFile }),
      },
    },
    async (request, reply) => {
      const { theme: family, file } = request.params;
      const seed = Number.parseInt(file, 10);
      return immutableSvg(reply, `g${family}/${seed}`, () => legacyGameIconSvg(family, seed));
    },
  );

  const vendorSeed = z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31);

  app.get(
    '/wps/img/vendor/:seed/:code/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "A vendor's mark (SVG): its monogram on an emblem, cached for a year",
        params: z.object({
          seed: vendorSeed,
          code: z.string().regex(/^[A-Z0-9_]{1,32}$/),
          file: z.string().regex(/^[A-Z0-9]{1,4}\.svg$/),
        }),
      },
    },
    async (request, reply) => {
      const { seed, file } = request.params;
      const mark = file.slice(0, -4);
      return immutableSvg(reply, `v${seed}/${mark}`, () => vendorMarkSvg(seed, mark));
    },
  );

  app.get(
    '/wps/img/vendor/:seed/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: 'A vendor mark by its older address (SVG), cached for a year',
        params: z.object({ seed: vendorSeed, file: z.string().regex(/^[A-Z0-9_]{1,32}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const { seed, file } = request.params;
      const mark = markOf(file.slice(0, -4), file.slice(0, -4));
      return immutableSvg(reply, `v${seed}/${mark}`, () => vendorMarkSvg(seed, mark));
    },
  );
};
