/**
 * GET /wps/wallet/channels (players) and the operator's channel calls under
 * /ops/api/wallet/channels (`npm run ops -- channel …`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChannelListSchema,
  OpsChannelListSchema,
  OpsChannelParamsSchema,
  OpsChannelSchema,
  OpsChannelUpdateSchema,
} from '@khela/contract/cashier';
import { OPS_PREFIX } from '@khela/contract/ops';
import { LanguageQuerySchema } from '@khela/contract/system';
import { auditTrailOf } from '../audit/audit.service';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';

export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { channels } = app.services;
  app.get(
    '/wps/wallet/channels',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Payment channels with their deposit and withdraw limits (minor units)',
        description:
          "Every channel in the operator's order, disabled ones included (`deposit.enabled`, `withdraw.enabled` say which). Amounts are integer minor units (paisa): 20000 is ৳200.00. `presetsMinor` are the deposit page's amount buttons. `accountPattern` is the regular expression a payee account number of this channel must match. Open to visitors; kept in memory in each process and refreshed the moment the operator changes a channel.",
        querystring: LanguageQuerySchema,
        response: okSchema(ChannelListSchema),
      },
    },
    async (request) => ok({ list: await channels.list(request.language) }),
  );
};

export const channelsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { channels } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));
  const tags = ['operator', 'wallet'];
  const security = [{ operator: [] }];

  app.get(
    `${OPS_PREFIX}/wallet/channels`,
    {
      config: { permission: 'money.read' },
      schema: {
        tags,
        security,
        summary: 'Payment channels with every setting (amounts in minor units)',
        response: okSchema(OpsChannelListSchema),
      },
    },
    async () => ok(await channels.opsList()),
  );

  app.patch(
    `${OPS_PREFIX}/wallet/channels/:code`,
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        security,
        summary: 'Change a channel: enable or disable, limits, amount presets, order',
        description:
          'Any subset of the fields. The result must keep each minimum at or below its maximum and every preset inside the deposit range (400 wallet.channelInvalid, nothing changes). Players see the change at once in every process.',
        params: OpsChannelParamsSchema,
        body: OpsChannelUpdateSchema,
        response: okSchema(OpsChannelSchema),
      },
    },
    async (request) =>
      ok(await channels.update(request.params.code, request.body, auditTrailOf(request))),
  );
};
