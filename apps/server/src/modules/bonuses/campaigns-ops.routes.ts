/**
 * Bonus campaigns under /ops/api/bonuses (used by `npm run ops -- bonus campaign …` and the
 * console): the list with uptake and cost, one campaign, create, edit, pause, resume, and the
 * abuse flags. Changes are audited (docs/bonuses.md "Campaigns for operators").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CampaignBodySchema,
  OpsBonusFlagPageSchema,
  OpsBonusFlagQuerySchema,
  OpsCampaignListQuerySchema,
  OpsCampaignListSchema,
  OpsCampaignParamsSchema,
  OpsCampaignSchema,
} from '@khela/contract/backoffice/bonuses';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { auditTrailOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const campaignsOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { campaignAdmin } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'bonuses'];
  const security = [{ operator: [] }];
  const base = `${OPS_PREFIX}/bonuses/campaigns`;
  const rules =
    'Matches (first_deposit, reload) need percentBp, capMinor and minDepositMinor; registration and application need amountMinor (manual: a default amount); promo_code needs promoCode and either amountMinor (no deposit) or the match fields. A missing or misplaced field is 400 with `data.fields`. A code another campaign holds is 409 bonus.promoCodeTaken.';

  app.get(
    base,
    {
      config: { permission: 'bonuses.read' },
      schema: {
        tags,
        security,
        summary: 'Campaigns, newest first, each with its state, uptake and cost',
        description:
          "Uptake counts the members' bonuses of each campaign by status; `costMinor` is what conversions turned into cash, `outstandingMinor` what the bonus balances of its active bonuses still hold (queued ones hold nothing yet).",
        querystring: OpsCampaignListQuerySchema,
        response: okSchema(OpsCampaignListSchema),
      },
    },
    async (request) => ok(await campaignAdmin.list(request.query)),
  );

  app.get(
    `${base}/:id`,
    {
      config: { permission: 'bonuses.read' },
      schema: {
        tags,
        security,
        summary: 'One campaign with its uptake and cost',
        params: OpsCampaignParamsSchema,
        response: okSchema(OpsCampaignSchema),
      },
    },
    async (request) => ok(await campaignAdmin.show(BigInt(request.params.id))),
  );

  app.post(
    base,
    {
      config: { permission: 'bonuses.manage' },
      schema: {
        tags,
        security,
        summary: 'Create a campaign (terms in English and Bengali, schedule, audience)',
        description: rules,
        body: CampaignBodySchema,
        response: okSchema(OpsCampaignSchema),
      },
    },
    async (request) => ok(await campaignAdmin.create(request.body, auditTrailOf(request))),
  );

  app.put(
    `${base}/:id`,
    {
      config: { permission: 'bonuses.manage' },
      schema: {
        tags,
        security,
        summary: 'Replace a campaign: bonuses given from now on get the new terms',
        description: `Bonuses already given keep the terms they were given with. The kind cannot change (409 bonus.campaignKindFixed). ${rules}`,
        params: OpsCampaignParamsSchema,
        body: CampaignBodySchema,
        response: okSchema(OpsCampaignSchema),
      },
    },
    async (request) =>
      ok(
        await campaignAdmin.update(BigInt(request.params.id), request.body, auditTrailOf(request)),
      ),
  );

  app.post(
    `${base}/:id/pause`,
    {
      config: { permission: 'bonuses.manage' },
      schema: {
        tags,
        security,
        summary: 'Pause a campaign: not offered, not given; bonuses given go on',
        params: OpsCampaignParamsSchema,
        response: okSchema(OpsCampaignSchema),
      },
    },
    async (request) =>
      ok(await campaignAdmin.pause(BigInt(request.params.id), auditTrailOf(request))),
  );

  app.post(
    `${base}/:id/resume`,
    {
      config: { permission: 'bonuses.manage' },
      schema: {
        tags,
        security,
        summary: 'Resume a paused campaign',
        params: OpsCampaignParamsSchema,
        response: okSchema(OpsCampaignSchema),
      },
    },
    async (request) =>
      ok(await campaignAdmin.resume(BigInt(request.params.id), auditTrailOf(request))),
  );

  app.get(
    `${OPS_PREFIX}/bonuses/flags`,
    {
      config: { permission: 'bonuses.read' },
      schema: {
        tags,
        security,
        summary:
          'Signs of bonus abuse (a promo code from many accounts on one device), newest first',
        querystring: OpsBonusFlagQuerySchema,
        response: okSchema(OpsBonusFlagPageSchema),
      },
    },
    async (request) => ok(await campaignAdmin.flags(request.query)),
  );
};
