/**
 * The player's bonus calls under /wps/bonus (docs/bonuses.md): offers, the player's bonuses, a
 * no-deposit promo code, forfeit. Members only: a trial account gets 403 member.trialForbidden.
 * Deposit opt-ins go with POST /wps/wallet/deposits, forfeit on withdrawal with its request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BonusOfferListSchema,
  BonusOffersQuerySchema,
  BonusParamsSchema,
  MemberBonusAnswerSchema,
  MyBonusesSchema,
  RedeemPromoAnswerSchema,
  RedeemPromoBodySchema,
} from '@khela/contract/bonus';
import { LanguageQuerySchema } from '@khela/contract/system';
import { ok, okSchema } from '../../lib/envelope';
import { DEVICE_ID_HEADER, sentDeviceId } from '../accounts/login-device';

const tags = ['bonus'];
const security = [{ token: [] }];

export const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bonuses } = app.services;

  app.get(
    '/wps/bonus/offers',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Bonuses the player can take now, with their key terms',
        description:
          "`context=deposit`: the first-deposit and reload matches the player may opt into on the deposit screen (pass `campaignId` as the deposit's `bonusCampaignId`); a first-deposit offer is left out once the player has taken one. `context=all` (default) adds the bonuses an approved promotion application pays. Campaigns a promo code unlocks are never listed. Names and terms in the request's language; amounts in minor units, rates in basis points.",
        querystring: BonusOffersQuerySchema.extend(LanguageQuerySchema.shape),
        response: okSchema(BonusOfferListSchema),
      },
    },
    async (request) =>
      ok(await bonuses.offers(request.auth!.memberId, request.query.context, request.language)),
  );

  app.get(
    '/wps/bonus/mine',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The player's bonuses: the active one, the queue, the past ones",
        description:
          "One bonus is active at a time (its `balanceMinor` is the bonus balance); the others wait in `queued`, in the order they will start. `wageredMinor` / `requiredMinor` is the wagering progress (settled rounds, weighted by game category, brought up to date by the wagering pass). `past`: converted, forfeited, expired and refused bonuses, newest first; `reason` says why, in the request's language.",
        querystring: LanguageQuerySchema,
        response: okSchema(MyBonusesSchema),
      },
    },
    async (request) => ok(await bonuses.mine(request.auth!.memberId, request.language)),
  );

  app.post(
    '/wps/bonus/promo',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Redeem a promo code for a bonus without a deposit',
        description: `Once per player (409 bonus.promoUsed), under the campaign's total cap (409 bonus.promoExhausted). An unknown, paused or ended code → 404 bonus.promoUnknown; a code for a deposit match → 409 bonus.promoNeedsDeposit (type it on the deposit screen); outside the campaign's audience → 409 bonus.notEligible. The bonus starts at once when none is active, else it is queued. The \`${DEVICE_ID_HEADER}\` header names the device (a code redeemed from three or more accounts on one device is flagged for the operator).`,
        querystring: LanguageQuerySchema,
        body: RedeemPromoBodySchema,
        response: okSchema(RedeemPromoAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await bonuses.redeemPromo(
          request.auth!.memberId,
          request.body.code,
          sentDeviceId(request.headers[DEVICE_ID_HEADER]),
          request.language,
        ),
      ),
  );

  app.post(
    '/wps/bonus/:id/forfeit',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Give up a bonus',
        description:
          "An active bonus: what is left of the bonus balance is removed (never cash) and the next queued bonus starts. A queued bonus is dropped. Another player's or an unknown bonus → 404 bonus.notFound; one that has ended → 409 bonus.notActive.",
        params: BonusParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(MemberBonusAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await bonuses.forfeitByPlayer(
          request.auth!.memberId,
          BigInt(request.params.id),
          request.language,
        ),
      ),
  );
};
