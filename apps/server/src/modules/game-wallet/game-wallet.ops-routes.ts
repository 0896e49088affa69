/**
 * The operator's side of the game wallet (under /ops/api/game): the recall of a game round (what
 * a player disputes, with every call the vendor made on it and the ledger transaction each
 * moved), and the game vendor registry (who may call the wallet, with which secret, and where
 * their games open).
 */
import { OPS_PREFIX } from '@khela/contract/ops';
import {
  OpsGameVendorCreateSchema,
  OpsGameVendorListSchema,
  OpsGameVendorSchema,
  OpsGameVendorSecretBodySchema,
  OpsGameVendorUpdateSchema,
  OpsGameVendorWithSecretSchema,
  OpsRoundParamsSchema,
  OpsRoundSchema,
  VendorCodeSchema,
} from '@khela/contract/vendor-wallet';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { auditTrailOf } from '../audit/audit.service';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const gameWalletOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { gameWallet, gameVendors } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  app.get(
    `${OPS_PREFIX}/game/rounds/:provider/:roundId`,
    {
      config: { permission: 'money.read' },
      schema: {
        tags: ['operator', 'vendor wallet'],
        security: [{ operator: [] }],
        summary: 'One game round with every vendor call on it (bets, wins, rollbacks)',
        description:
          '`provider` is a registry vendor\u2019s code (BGS and LOTTERY are our own); `roundId` the vendor\u2019s round id (the reference a player sees in the transaction records). Unknown: 404 resource.notFound.',
        params: OpsRoundParamsSchema,
        response: okSchema(OpsRoundSchema),
      },
    },
    async (request) => {
      const round = await gameWallet.recall(request.params.provider, request.params.roundId);
      if (!round) throw notFound();
      return ok(round);
    },
  );

  const vendorTags = ['operator', 'game vendors'];
  const security = [{ operator: [] }];
  const CodeParamsSchema = z.object({ code: VendorCodeSchema }).strict();
  const VENDORS = `${OPS_PREFIX}/game/vendors`;

  app.get(
    VENDORS,
    {
      config: { permission: 'settings.read' },
      schema: {
        tags: vendorTags,
        security,
        summary: 'The game vendor registry: who may call the wallet and where their games open',
        description: 'Secrets are never listed: they are answered once, when added or rotated.',
        response: okSchema(OpsGameVendorListSchema),
      },
    },
    async () => ok({ list: await gameVendors.list() }),
  );

  app.post(
    VENDORS,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: vendorTags,
        security,
        summary: 'Adds a game vendor',
        description:
          'The vendor signs its wallet calls (/wps/vendor/…) with `secret` (given, or made here and answered once); a launch of a game of a catalogue vendor it serves (the catalogue vendor of the same code, or one whose `served_by` names it) opens `launchUrl` with `token`, `game`, `lang`, `category` and `classification` added to its query. A taken code: 409 game.vendorExists.',
        body: OpsGameVendorCreateSchema,
        response: okSchema(OpsGameVendorWithSecretSchema),
      },
    },
    async (request) => ok(await gameVendors.add(request.body, auditTrailOf(request))),
  );

  app.patch(
    `${VENDORS}/:code`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: vendorTags,
        security,
        summary: 'Changes a game vendor: name, protocol, launch address, enabled',
        description:
          'A disabled vendor\u2019s wallet calls are refused (401 vendor.badSignature) and its games do not launch (409 game.launchUnavailable), in every process at once. Unknown code: 404 game.vendorNotFound.',
        params: CodeParamsSchema,
        body: OpsGameVendorUpdateSchema,
        response: okSchema(OpsGameVendorSchema),
      },
    },
    async (request) =>
      ok(await gameVendors.update(request.params.code, request.body, auditTrailOf(request))),
  );

  app.post(
    `${VENDORS}/:code/secret`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags: vendorTags,
        security,
        summary: 'Rotates a game vendor\u2019s secret',
        description:
          'The new secret (given, or made here) is answered once; the old one stops verifying at once. Unknown code: 404 game.vendorNotFound.',
        params: CodeParamsSchema,
        body: OpsGameVendorSecretBodySchema,
        response: okSchema(OpsGameVendorWithSecretSchema),
      },
    },
    async (request) =>
      ok(
        await gameVendors.rotateSecret(
          request.params.code,
          request.body.secret,
          auditTrailOf(request),
        ),
      ),
  );
};
