/**
 * A game list page by page (GET /wps/game/list, 36 a page): by category, vendor or sub-category,
 * classification, search text (English or Bengali names) and data type. FAV and RECENT need the
 * session, so their keys carry its token. Off the home path: answers are parsed with the
 * contract's schemas. Also the classifications (GET /wps/game/types).
 */
import { GameListAnswerSchema, GameTypesAnswerSchema } from '@khela/contract/games';
import type { Language } from '@khela/contract/language';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOGUE_STALE_MS, gamesQueryKey } from './catalogue';
import { gameListQuery, gameListQueryKey, needsSession, type GameListScope } from './game-rows';

export const gameListQueryOptions = (
  scope: GameListScope,
  language: Language,
  token: string | undefined,
) =>
  infiniteQueryOptions({
    queryKey: [
      ...gameListQueryKey,
      language,
      needsSession(scope.filter) ? (token ?? '') : '',
      gameListQuery(scope, 0),
    ],
    queryFn: ({ pageParam, signal }) =>
      api.get('/wps/game/list', {
        query: gameListQuery(scope, pageParam),
        parse: GameListAnswerSchema,
        signal,
      }),
    initialPageParam: 1,
    // More while the page shown is below the total (spec §4).
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  });

export const gameTypesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...gamesQueryKey, 'types', language],
    queryFn: ({ signal }) =>
      api.get('/wps/game/types', { query: { typeId: 1 }, parse: GameTypesAnswerSchema, signal }),
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  });
