/**
 * Launching and closing a game (spec games-and-content §2 and §7, GET /wps/game/launchGame).
 * Any session may launch (trial accounts and free play play with play money); no session is 401.
 */
import {
  CloseGameAnswerSchema,
  CloseGameBodySchema,
  LaunchAnswerSchema,
  LaunchQuerySchema,
} from '@khela/contract/launch';
import { LanguageQuerySchema } from '@khela/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { LaunchService } from './launch.service';

const tags = ['games'];
const member = [{ token: [] }];

export const launchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { games, gameWallet, gameVendors, protection, ledger, balances, settings } = app.services;
  const launch = new LaunchService({
    db: app.database.db,
    games,
    gameWallet,
    vendors: gameVendors,
    protection,
    ledger,
    balances,
    settings,
  });

  app.get(
    '/wps/game/launchGame',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security: member,
        summary: 'Opens a game: where it opens and the game session it plays in',
        description:
          'Routing (spec §2): vendors TCG_LOTTO_VN, TCG_SEA, LOTT and ELOTT open the lottery page (`mode: lottery`, `/m/lottery?nodeId=`); RNG games the vendor page (`mode: vendor`); any other game the generic launch (`mode: generic`). In-house (BGS) games open `/m/originals/<nodeId>`; other games the page of the registry vendor serving them, with `token`, `game`, `lang`, `category` and `classification` in its query. A vendor that is disabled or has no page: 409 game.launchUnavailable. A member session plays with cash; trial and free-play sessions with play money (`playMoney: true`); free play is for member types 0, 1, 2 only (403 free_reject), and a free-play balance below the trial grant is topped up once a day. Refused: no session (401 session.notLoggedIn), a hidden or unknown game (404 game.notFound), a player on a break (403 wallet.excluded). The game is recorded as recent.',
        querystring: LaunchQuerySchema,
        response: okSchema(LaunchAnswerSchema),
      },
    },
    async (request) =>
      ok(await launch.launch(request.auth!, request.query.nodeId, request.language)),
  );

  app.post(
    '/wps/game/closeGame',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security: member,
        summary: 'The player closed the game: its session takes no more bets',
        description:
          '`token` is the game session token the launch answered. Later bets on it are refused (vendor.sessionEnded); a round still open takes its win. Closing a session that ended already, or is not the player\u2019s, answers `ended: false`.',
        querystring: LanguageQuerySchema,
        body: CloseGameBodySchema,
        response: okSchema(CloseGameAnswerSchema),
      },
    },
    async (request) => ok(await launch.close(request.auth!, request.body.token)),
  );
};
