/**
 * The player's reward calls under /wps/rewards: the reward centre, the manual rebate page and the
 * rebate claim (Idempotency-Key). Members only: a trial account gets 403 member.trialForbidden.
 * Amounts are integer minor units.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClaimRebateAnswerSchema,
  ClaimRebateBodySchema,
  REBATE_WINDOW_DAYS,
  RebateOverviewSchema,
  RewardCentreSchema,
} from '@khela/contract/rewards';
import { LanguageQuerySchema } from '@khela/contract/system';
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from '@khela/contract/withdrawals';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['rewards'];
const security = [{ token: [] }];

export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rewards } = app.services;

  app.get(
    '/wps/rewards',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'The reward centre: rewards the member may claim now',
        description:
          'Claimable rebates (ended days not yet claimed). Promotions carry no bonus amount, so approved promotion applications are not listed. 403 feature.disabled while REWCEN3 is off; `rebateEnabled` false and no items while MANPLAYREB3 is off.',
        querystring: LanguageQuerySchema,
        response: okSchema(RewardCentreSchema),
      },
    },
    async (request) => ok(await rewards.centre(request.auth!.memberId)),
  );

  app.get(
    '/wps/rewards/rebate',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The manual rebate page: rates, the last days' turnover and rebate, claims",
        description: `Periods are Asia/Dhaka calendar days, newest first, ${REBATE_WINDOW_DAYS} in all (today included). Today is \`accruing\`; an ended day with a rebate is \`claimable\` until it leaves the window; a paid one is \`claimed\`. Turnover is the member's \`bet\` ledger movements less their \`rollback\`s by \`reference.category\`; rebate = floor(turnover × rateBp / 10000) per category. 403 feature.disabled while MANPLAYREB3 is off.`,
        querystring: LanguageQuerySchema,
        response: okSchema(RebateOverviewSchema),
      },
    },
    async (request) => ok(await rewards.overview(request.auth!.memberId)),
  );

  app.post(
    '/wps/rewards/rebate/claim',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "Claim one ended day's rebate: it is credited to the balance once",
        description:
          'Needs an `Idempotency-Key` header (400 idempotency.keyRequired): the same key and body again answer the first claim with `replayed: true`; the same key with another day is 422 idempotency.mismatch. A day still running, outside the window, with no rebate, or already claimed: 409 rewards.nothingToClaim. The ledger movement is source `rebate`, key `${memberId}:${periodStart}`, bonus → cash.',
        headers: IdempotencyHeadersSchema,
        querystring: LanguageQuerySchema,
        body: ClaimRebateBodySchema,
        response: okSchema(ClaimRebateAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await rewards.claim(
          request.auth!.memberId,
          request.headers[IDEMPOTENCY_HEADER],
          request.body,
        ),
      ),
  );
};
