/**
 * The lottery calls under /lgw/lottery (spec games-and-content §7): the menu and list (the web
 * keeps them in storage, §4), recent draws, the current draw ("numero"), buying a ticket and the
 * member's tickets. Public lists are shared answers with a short Cache-Control.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LotteryBetAnswerSchema,
  LotteryBetBodySchema,
  LotteryBetHeadersSchema,
  LotteryListSchema,
  LotteryMenuSchema,
  LotteryNodeQuerySchema,
  LotteryNumeroSchema,
  LotteryRecentSchema,
  LotteryTicketsQuerySchema,
  LotteryTicketsSchema,
  lotteryUrls,
} from '@khela/contract/lottery';
import { IDEMPOTENCY_HEADER } from '@khela/contract/idempotency';
import { LanguageQuerySchema } from '@khela/contract/system';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['lottery'];
const security = [{ token: [] }];
/** The menu changes with the catalogue; draws move every few minutes. */
const MENU_CACHE = 'public, max-age=300';
const DRAW_CACHE = 'public, max-age=5';

export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lottery } = app.services;

  app.get(
    lotteryUrls.menu,
    {
      schema: {
        tags,
        summary: 'The lottery menu: lottery games grouped LOTT and ELOTT, and the prize mode',
        description:
          'Games of the lottery vendors (LOTT, TCG_LOTTO_VN, …) by category and vendor. `prizeMode` is ELOTT when the vendor mapping has ELOTT entries for TCG_LOTTO_VN or LOTT (spec §2), else LOTT. Cacheable (5 minutes); the web keeps it in storage and fetches it only when absent (spec §4).',
        querystring: LanguageQuerySchema,
        response: okSchema(LotteryMenuSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', MENU_CACHE);
      return ok(lottery.menu(request.language));
    },
  );

  app.get(
    lotteryUrls.list,
    {
      schema: {
        tags,
        summary: 'Lottery games with their format, schedule and the draw taking bets now',
        description:
          'Each game: its format (what is picked, what is drawn, the paytable as multipliers ×100, the return to player in basis points), its draw interval, and its current draw (number, closing and draw times, the SHA-256 of the server seed). Cacheable for 5 seconds.',
        querystring: LanguageQuerySchema,
        response: okSchema(LotteryListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', DRAW_CACHE);
      return ok(await lottery.list(request.language));
    },
  );

  app.get(
    lotteryUrls.recent,
    {
      schema: {
        tags,
        summary: "A lottery game's last draws with results and revealed server seeds",
        description:
          'The last 10 drawn draws, newest first. Anyone can check a result: SHA-256(serverSeed) is the hash published at opening, and the numbers come from HMAC-SHA256(serverSeed, drawId) as lottery-draw.ts describes. 404 game.notFound for a game that is not a lottery game.',
        querystring: LotteryNodeQuerySchema,
        response: okSchema(LotteryRecentSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', DRAW_CACHE);
      return ok(await lottery.recent(request.query.nodeId));
    },
  );

  app.get(
    lotteryUrls.numero,
    {
      schema: {
        tags,
        summary: 'The current and next draw of a lottery game (numero)',
        description:
          'The draw taking bets now and the one after it, with the server time so the client counts down against it. The seed itself stays hidden until the draw.',
        querystring: LotteryNodeQuerySchema,
        response: okSchema(LotteryNumeroSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', DRAW_CACHE);
      return ok(await lottery.numero(request.query.nodeId));
    },
  );

  app.post(
    lotteryUrls.bet,
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: 'Buy a lottery ticket on an open draw',
        description:
          'Needs an `Idempotency-Key` header (400 idempotency.keyRequired): the same key and body answer the first ticket with `replayed: true` and the stake is taken once; the same key with another body is 422 idempotency.mismatch. The stake is a game-wallet bet at provider LOTTERY (a game round per ticket): cash for members, play money for trial and free-play sessions. 409 lottery.drawClosed after the draw closed, 400 lottery.badPicks for picks the format does not take, 409 wallet.insufficientFunds, 403 wallet.excluded during a break.',
        headers: LotteryBetHeadersSchema,
        querystring: LanguageQuerySchema,
        body: LotteryBetBodySchema,
        response: okSchema(LotteryBetAnswerSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await lottery.bet(
          request.auth!,
          request.headers[IDEMPOTENCY_HEADER],
          request.body,
          request.language,
        ),
      );
    },
  );

  app.get(
    lotteryUrls.tickets,
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: "The member's lottery tickets, newest first, with status and win",
        description:
          'The last 50 tickets, optionally of one game (`nodeId`) or one draw (`drawId`). A ticket is open until its draw is drawn and settled, then won or lost with its win in minor units (void when its round was refunded).',
        querystring: LotteryTicketsQuerySchema,
        response: okSchema(LotteryTicketsSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { nodeId, drawId } = request.query;
      return ok(await lottery.tickets(request.auth!.memberId, { nodeId, drawId }));
    },
  );
};
