/**
 * The in-house provably fair games (/wps/originals/…): a logged-in session of any kind plays —
 * members with cash, trial and free-play sessions with play money. The game's kind and limits
 * and the verifier are public.
 */
import { FAIR_GAMES } from '@khela/contract/fair';
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from '@khela/contract/idempotency';
import {
  ClientSeedBodySchema,
  NodeIdParamsSchema,
  OriginalsBetBodySchema,
  OriginalsBetSchema,
  OriginalsGameSchema,
  RotationSchema,
  SeedHistorySchema,
  SeedsSchema,
  VerifyQuerySchema,
  VerifySchema,
} from '@khela/contract/originals';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import type { BetPlayer } from './originals.service';
import { verifyRound } from './originals.service';

const tags = ['in-house games'];
const security = [{ token: [] }];
const SESSION =
  'Any logged-in session (no session: 401 session.notLoggedIn); members play with cash, trial and free-play sessions with play money.';

const player = (request: FastifyRequest): BetPlayer => ({
  memberId: request.auth!.memberId,
  accountKind: request.auth!.kind === 'member' ? 'cash' : 'play',
});

export const originalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { originals } = app.services;

  app.get(
    '/wps/originals/game/:nodeId',
    {
      schema: {
        tags,
        summary: 'Which fair game a BGS catalogue game runs (dice, crash or slot) and its stakes',
        description:
          'By the number n in the game code: n mod 3 = 1 dice, 2 crash, 0 slot. Not a BGS game: 404 originals.unknownGame.',
        params: NodeIdParamsSchema,
        response: okSchema(OriginalsGameSchema),
      },
    },
    async (request) => ok(await originals.game(request.params.nodeId, request.language)),
  );

  app.get(
    '/wps/originals/seeds',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: "The active seed pair: the server seed's SHA-256, the client seed, the next nonce",
        description: `${SESSION} The first call makes a pair (32 random bytes as hex, a random client seed).`,
        response: okSchema(SeedsSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await originals.seeds(request.auth!.memberId));
    },
  );

  app.put(
    '/wps/originals/seeds/client',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: 'Sets a new client seed: a rotation (the old server seed revealed, nonce 0)',
        description: `${SESSION} Client seed: 1–64 printable ASCII characters.`,
        body: ClientSeedBodySchema,
        response: okSchema(RotationSchema),
      },
    },
    async (request) => ok(await originals.rotate(request.auth!.memberId, request.body.clientSeed)),
  );

  app.post(
    '/wps/originals/seeds/rotate',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: 'Reveals the active server seed and starts a new pair (same client seed, nonce 0)',
        description: SESSION,
        response: okSchema(RotationSchema),
      },
    },
    async (request) => ok(await originals.rotate(request.auth!.memberId)),
  );

  app.get(
    '/wps/originals/seeds/history',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: 'Revealed seed pairs, newest first (the last 50)',
        description: SESSION,
        response: okSchema(SeedHistorySchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await originals.history(request.auth!.memberId) });
    },
  );

  app.post(
    '/wps/originals/bet',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        security,
        summary: 'Plays one round: the next nonce, the result, the bet and the win',
        description: `${SESSION} Needs an \`Idempotency-Key\` header (400 idempotency.keyRequired): the same key and body again answer the first round with \`replayed: true\`; another body is 422 idempotency.mismatch. \`target\`: dice roll-under 2–98 (integer), crash cash-out 1.01–1000.00 (400 originals.badTarget); slot none. Stake outside the game's limits: 400 originals.stakeOutOfRange (\`data.minMinor\`, \`data.maxMinor\`); 409 wallet.insufficientFunds; 403 wallet.excluded during a break. The round (game records) keeps the seed hash, client seed, nonce, params and result.`,
        headers: IdempotencyHeadersSchema,
        body: OriginalsBetBodySchema,
        response: okSchema(OriginalsBetSchema),
      },
    },
    async (request) =>
      ok(
        await originals.bet(
          player(request),
          request.headers[IDEMPOTENCY_HEADER],
          request.body,
          request.language,
        ),
      ),
  );

  app.get(
    '/wps/originals/verify',
    {
      schema: {
        tags,
        summary: 'Recomputes any round from its server seed, client seed and nonce (public)',
        description: `Games: ${FAIR_GAMES.join(', ')}; \`target\` as for a bet. Answers the server seed's SHA-256 (compare it with the hash shown before play), the floats used and the result.`,
        querystring: VerifyQuerySchema,
        response: okSchema(VerifySchema),
      },
    },
    async (request) => ok(await verifyRound(request.query)),
  );
};
