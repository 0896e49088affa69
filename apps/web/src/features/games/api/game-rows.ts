/**
 * The game list query as both the home rows and the list screens build it, and one page of a
 * list for the home rows (no zod on the home path: a light guard checks the answer).
 */
import { PAGE_SIZE } from '@khela/contract/constants';
import type { GameCategory } from '@khela/contract/games';
import type { Language } from '@khela/contract/language';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { GameFilter } from '../../../lib/game-filter';
import { CATALOGUE_STALE_MS, gamesQueryKey } from './catalogue';
import { parseGamePage } from './guards';

export interface GameListScope {
  /** The category the list is in; none for a search over every game or a provider page. */
  category?: GameCategory;
  filter: GameFilter;
  pageSize?: number;
}

/** FAV and RECENT are the member's own: the token is part of what is asked. */
export const needsSession = (filter: GameFilter) =>
  filter.dataType === 'FAV' || filter.dataType === 'RECENT';

export function gameListQuery(scope: GameListScope, pageNo: number) {
  const { filter } = scope;
  return {
    gameType: scope.category,
    vassalage: filter.vassalage || undefined,
    gameClassify: filter.classification || undefined,
    playType: filter.playType,
    gameName: filter.gameName || undefined,
    dataType: filter.dataType,
    pageNo,
    pageSize: scope.pageSize ?? PAGE_SIZE.games,
  };
}

export const gameListQueryKey = [...gamesQueryKey, 'list'] as const;

/** One page of a list, for the home rows (no infinite scrolling there). */
export const gameRowQueryOptions = (scope: GameListScope, language: Language) =>
  queryOptions({
    queryKey: [...gameListQueryKey, 'row', language, gameListQuery(scope, 1)],
    queryFn: ({ signal }) =>
      api.get('/wps/game/list', {
        query: gameListQuery(scope, 1),
        parse: parseGamePage,
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  });
