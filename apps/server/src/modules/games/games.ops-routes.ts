/**
 * The operator's catalogue calls under /ops/api/games: add, change, hide and reorder vendors and
 * games. Every change reloads the catalogue in every process.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OpsGameCreateSchema,
  OpsGameListQuerySchema,
  OpsGameUpdateSchema,
  OpsReorderGamesSchema,
  OpsReorderVendorsSchema,
  OpsVendorCreateSchema,
  OpsVendorUpdateSchema,
} from '@khela/contract/games';
import { OPS_PREFIX } from '@khela/contract/ops';
import { auditTrailOf } from '../audit/audit.service';
import { ok } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';
import type { GameRow, VendorRow } from './games.service';

const tags = ['operator'];

const vendorOut = (row: VendorRow) => ({
  code: row.code,
  nameEn: row.nameEn,
  nameBn: row.nameBn,
  category: row.category,
  gameType: row.gameType,
  sortOrder: row.sortOrder,
  hidden: row.hidden,
});

const gameOut = (row: GameRow) => ({
  nodeId: row.id.toString(),
  vendorCode: row.vendorCode,
  gameCode: row.gameCode,
  nameEn: row.nameEn,
  nameBn: row.nameBn,
  gameType: row.gameType,
  classification: row.classification,
  isNew: row.isNew,
  hotRank: row.hotRank,
  sortOrder: row.sortOrder,
  hidden: row.hidden,
  minBetMinor: Number(row.minBetMinor),
  lines: row.lines,
  theme: row.theme,
});

const VendorParams = z.object({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) });
const GameParams = z.object({ nodeId: z.string().regex(/^\d{1,18}$/) });

export const gamesOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { games } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  app.get(
    `${OPS_PREFIX}/games/vendors`,
    {
      config: { permission: 'content.read' },
      schema: { tags, summary: 'Every vendor, hidden ones too, in menu order' },
    },
    async () => ok((await games.vendorList()).map(vendorOut)),
  );

  app.post(
    `${OPS_PREFIX}/games/vendors`,
    {
      config: { permission: 'content.write' },
      schema: { tags, summary: 'Adds a vendor', body: OpsVendorCreateSchema },
    },
    async (request, reply) => {
      const row = await games.addVendor(request.body, auditTrailOf(request));
      return reply.code(201).send(ok(vendorOut(row!)));
    },
  );

  app.patch(
    `${OPS_PREFIX}/games/vendors/:code`,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Changes a vendor: names, category, order, hidden',
        params: VendorParams,
        body: OpsVendorUpdateSchema,
      },
    },
    async (request) =>
      ok(
        vendorOut(
          await games.updateVendor(request.params.code, request.body, auditTrailOf(request)),
        ),
      ),
  );

  app.put(
    `${OPS_PREFIX}/games/vendor-order`,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Puts the listed vendors first, in this order (categories follow their vendors)',
        body: OpsReorderVendorsSchema,
      },
    },
    async (request) => {
      await games.reorderVendors(request.body.codes, auditTrailOf(request));
      return ok((await games.vendorList()).map(vendorOut));
    },
  );

  app.get(
    `${OPS_PREFIX}/games`,
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        summary: 'Games, hidden ones too; by vendor',
        querystring: OpsGameListQuerySchema,
      },
    },
    async (request) =>
      ok((await games.gameList(request.query.vendor, request.query.hidden)).map(gameOut)),
  );

  app.post(
    `${OPS_PREFIX}/games`,
    {
      config: { permission: 'content.write' },
      schema: { tags, summary: 'Adds a game to a vendor', body: OpsGameCreateSchema },
    },
    async (request, reply) =>
      reply.code(201).send(ok(gameOut(await games.addGame(request.body, auditTrailOf(request))))),
  );

  app.patch(
    `${OPS_PREFIX}/games/:nodeId`,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Changes a game: names, hot rank, new flag, order, hidden, …',
        params: GameParams,
        body: OpsGameUpdateSchema,
      },
    },
    async (request) =>
      ok(
        gameOut(await games.updateGame(request.params.nodeId, request.body, auditTrailOf(request))),
      ),
  );

  app.put(
    `${OPS_PREFIX}/games/game-order`,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Orders a vendor\u2019s listed games first, in this order',
        body: OpsReorderGamesSchema,
      },
    },
    async (request) => {
      await games.reorderGames(
        request.body.vendorCode,
        request.body.nodeIds,
        auditTrailOf(request),
      );
      return ok(null);
    },
  );
};
