/**
 * The bonus calls (docs/bonuses.md, "Player API"): the offers the player can take, the player's
 * own bonuses, redeeming a promo code and forfeiting a bonus. Query keys carry the session token,
 * so another member's bonuses are never shown, and the language, since names and terms come in it.
 */
import {
  BonusOfferListSchema,
  MyBonusesSchema,
  RedeemPromoAnswerSchema,
  MemberBonusSchema,
} from '@khela/contract/bonus';
import type { Language } from '@khela/contract/language';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const bonusQueryKey = ['bonus'] as const;

export type OfferContext = 'deposit' | 'all';

export const bonusOffersQueryOptions = (
  token: string | undefined,
  context: OfferContext,
  language: Language,
) =>
  sessionQueryOptions({
    scope: bonusQueryKey,
    token,
    key: ['offers', context, language],
    path: '/wps/bonus/offers',
    query: { context },
    parse: BonusOfferListSchema,
    staleTime: 60_000,
    // The screens that show offers work without them (the deposit goes on without a bonus).
    meta: { silent: true },
  });

export const myBonusesQueryOptions = (token: string | undefined, language: Language) =>
  sessionQueryOptions({
    scope: bonusQueryKey,
    token,
    key: ['mine', language],
    path: '/wps/bonus/mine',
    parse: MyBonusesSchema,
    staleTime: 0,
  });

export const redeemPromo = (code: string) =>
  api.post('/wps/bonus/promo', { body: { code }, parse: RedeemPromoAnswerSchema });

export const forfeitBonus = (id: string) =>
  api.post(`/wps/bonus/${encodeURIComponent(id)}/forfeit`, { parse: MemberBonusSchema });
