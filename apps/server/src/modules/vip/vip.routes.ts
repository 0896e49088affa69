/**
 * The player's VIP calls: the spec's rank progress relay call and the benefits page's summary.
 * Both need a real member (trial: 403 member.trialForbidden) and VIPBENEFIT3 (off: 403
 * feature.disabled). Never cached: a deposit moves the bar at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LanguageQuerySchema } from '@khela/contract/system';
import {
  RankProgressSchema,
  VipRenewalBodySchema,
  VipRenewalSchema,
  VipSummarySchema,
} from '@khela/contract/vip';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['member centre'];
const security = [{ token: [] }];

export const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vip } = app.services;

  app.get(
    '/wps/relay/MCSFE_getPlayerRankProgress',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'VIP progress toward the next level (the member centre bar)',
        description:
          "`currentProgress.completedConditions` of `totalExpectedConditions` are the next level's conditions (deposits, turnover) the member meets; `playerRankProgress.labelId` is that level, null at the top level. The client shows floor(completed / expected × 100) %, and 100 % when `labelId` is null.",
        querystring: LanguageQuerySchema,
        response: okSchema(RankProgressSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await vip.rankProgress(request.auth!.memberId));
    },
  );

  app.get(
    '/wps/member/vip',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "VIP levels with their conditions and benefits, the member's level and progress",
        description:
          'Amounts are integer minor units (৳1.00 = 100). Deposits are the paid deposits and turnover the bets in the ledger less those rolled back (voided). `progress.conditions` gives each condition of the next level with its own fraction.',
        querystring: LanguageQuerySchema,
        response: okSchema(VipSummarySchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await vip.summary(request.auth!.memberId, request.language));
    },
  );

  app.post(
    '/wps/member/vip/renewal',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "VIP renewal: the member's level evaluated again now",
        description:
          'The spec names "VIP renewal" without path or shape. Here it re-reads the member\'s deposits and turnover from the ledger and answers the level held now (`clubLabel`, as in member info) and, against the level the client showed (`knownLabelId`), whether it `changed` and whether that was a step up (`upgraded`). The player site calls it when the balance changes, so the header badge follows a deposit or a bet. Answers whether or not VIPBENEFIT3 is on: the header always shows the level.',
        body: VipRenewalBodySchema,
        response: okSchema(VipRenewalSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await vip.renewal(request.auth!.memberId, request.body.knownLabelId));
    },
  );
};
