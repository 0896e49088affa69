/**
 * The in-house games' calls: the game's kind and limits, the seed pair, revealed seeds, bets
 * (one Idempotency-Key per press of Play) and rotations. Seeds and history are per session
 * token, so a new login never shows another player's seeds.
 */
import { IDEMPOTENCY_HEADER } from '@khela/contract/idempotency';
import {
  OriginalsBetSchema,
  OriginalsGameSchema,
  RotationSchema,
  SeedHistorySchema,
  SeedsSchema,
  type OriginalsBetBody,
} from '@khela/contract/originals';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const originalsQueryKey = ['originals'] as const;

export const originalsGameQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: [...originalsQueryKey, 'game', nodeId],
    queryFn: ({ signal }) =>
      api.get(`/wps/originals/game/${encodeURIComponent(nodeId)}`, {
        parse: OriginalsGameSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export const seedsQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: originalsQueryKey,
    token,
    key: ['seeds'],
    path: '/wps/originals/seeds',
    parse: SeedsSchema,
    staleTime: 0,
  });

export const seedHistoryQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: originalsQueryKey,
    token,
    key: ['history'],
    path: '/wps/originals/seeds/history',
    parse: SeedHistorySchema,
    staleTime: 0,
  });

export function placeBet(body: OriginalsBetBody, key: string) {
  return api.post('/wps/originals/bet', {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: OriginalsBetSchema,
  });
}

export function rotateSeed() {
  return api.post('/wps/originals/seeds/rotate', { parse: RotationSchema });
}

export function setClientSeed(clientSeed: string) {
  return api.put('/wps/originals/seeds/client', { body: { clientSeed }, parse: RotationSchema });
}
