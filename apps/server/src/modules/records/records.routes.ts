/**
 * The member's records and reports: transaction records, profit and loss, game records. Real
 * members only (no session: 401; trial accounts: 403). Never cached: a deposit shows at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GameRecordPageSchema,
  GameRecordsQuerySchema,
  ProfitLossQuerySchema,
  ProfitLossSchema,
  TransactionPageSchema,
  TransactionsQuerySchema,
} from '@khela/contract/records';
import { ok, okSchema, sendJson } from '../../lib/envelope';

const tags = ['records'];
const security = [{ token: [] }];
const RANGE =
  '`from` and `to` are days (YYYY-MM-DD, 2000–2030) in Asia/Dhaka, `to` included; default the last 7 days; at most 366 days (400 records.rangeTooLong; `from` after `to`: 400 records.badRange). Amounts are integer minor units (paisa).';

export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { records } = app.services;

  app.get(
    '/wps/wallet/transactions',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "Transaction records: the cash account's ledger entries, newest first",
        description: `${RANGE} Each row: time, type (deposit, withdrawal, bet, win, rebate, bonus, transfer, adjustment), signed amount, balance after, the ledger transaction id and the deposit/withdrawal/round id. \`type\` filters. Pages of \`pageSize\` (default 20, max 50); pass \`nextCursor\` as \`cursor\` for the next page (null on the last; an unreadable cursor: 400 records.badCursor). TRANSREC3 off: 403 feature.disabled.`,
        querystring: TransactionsQuerySchema,
        response: okSchema(TransactionPageSchema),
      },
    },
    // The busiest records call: sent as ready JSON (the schema documents it; tests check it).
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = await records.transactions(request.auth!.memberId, request.query);
      return sendJson(reply, JSON.stringify(ok(page)));
    },
  );

  app.get(
    '/wps/wallet/profit-loss',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Profit and loss for a period: deposits, paid withdrawals, bets, wins, rebates',
        description: `${RANGE} Computed from the member's ledger entries in the period: deposits, withdrawals paid out (pending ones are held, not counted), net deposits, bets, wins, game result (wins − bets), rebates and bonuses, adjustments, transfers and the net result (game result + rebates + adjustments). PERSREP off: 403 feature.disabled.`,
        querystring: ProfitLossQuerySchema,
        response: okSchema(ProfitLossSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await records.profitLoss(request.auth!.memberId, request.query));
    },
  );

  app.get(
    '/wps/wallet/game-records',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Game records: rounds with game, stake, win, balance before and after',
        description: `${RANGE} Cursor pages as transaction records, newest first; each round with its game and vendor (in the request's language), stake, win, balance before its first bet and after its latest movement, status (open, settled, refunded) and whether it was play money. TRANSBETREPMEM3 off: 403 contact_service.`,
        querystring: GameRecordsQuerySchema,
        response: okSchema(GameRecordPageSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await records.gameRecords(request.auth!.memberId, {
          ...request.query,
          language: request.language,
        }),
      );
    },
  );
};
