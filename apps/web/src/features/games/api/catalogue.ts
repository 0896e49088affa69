/**
 * The catalogue calls the home screen makes: vendors and categories, hot games and the winner
 * board. Answers are checked by light guards (no zod on the home path) and kept for 5 minutes;
 * the server revalidates them with ETags. Screens show their own retry, so failures are silent.
 */
import { PAGE_SIZE } from '@khela/contract/constants';
import type { GameCategory } from '@khela/contract/games';
import type { Language } from '@khela/contract/language';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { parseHotGames, parseVendors, parseWinners } from './guards';

export const CATALOGUE_STALE_MS = 5 * 60_000;

export const gamesQueryKey = ['games'] as const;

export const vendorsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...gamesQueryKey, 'vendors', language],
    queryFn: ({ signal }) => api.get('/wps/game/vendors', { parse: parseVendors, signal }),
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  });

export function useVendors() {
  return useQuery(vendorsQueryOptions(useLanguage()));
}

export const hotGamesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...gamesQueryKey, 'hot', language],
    queryFn: ({ signal }) => api.get('/wps/game/hot', { parse: parseHotGames, signal }),
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  });

/** The popular call (spec §7): the games most players played lately, of a category if given. */
export const popularGamesQueryOptions = (language: Language, category: GameCategory | undefined) =>
  queryOptions({
    queryKey: [...gamesQueryKey, 'popular', language, category ?? ''],
    queryFn: ({ signal }) =>
      api.get('/wps/game/popular', {
        query: { gameType: category },
        parse: parseHotGames,
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
    meta: { silent: true },
  });

export function useHotGames() {
  return useQuery(hotGamesQueryOptions(useLanguage()));
}

export const winnersQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...gamesQueryKey, 'winners', language],
    queryFn: ({ signal }) =>
      api.get('/wps/game/winners', {
        query: { gameCategory: 'ALL', limitNum: PAGE_SIZE.winners, language },
        parse: parseWinners,
        signal,
      }),
    staleTime: 60_000,
    meta: { silent: true },
  });
