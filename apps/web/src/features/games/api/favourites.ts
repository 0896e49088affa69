/**
 * Favourites (they need a session): the ids of the member's favourite games, the list (200 a
 * page, 100 on home), and add / remove. Keys carry the session token so one member never sees
 * another's favourites.
 */
import type { PAGE_SIZE } from '@khela/contract/constants';
import type { Game } from '@khela/contract/games';
import type { Language } from '@khela/contract/language';
import { api } from '../../../lib/api-client';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/session-query';
import { gamesQueryKey } from './catalogue';
import { parseFavouriteIds, parseFavouritePage } from './guards';

const favouritesScope = [...gamesQueryKey, 'favourites'] as const;

/** All of a member's favourite queries (ids and lists), to refresh them together. */
export const favouritesQueryKey = (token: string) => sessionQueryKey(favouritesScope, token);

export const favouriteIdsQueryOptions = (token: string) =>
  sessionQueryOptions({
    scope: favouritesScope,
    token,
    key: ['ids'],
    path: '/wps/game/favourite/ids',
    parse: parseFavouriteIds,
    staleTime: 60_000,
    meta: { silent: true },
  });

export type FavouriteListSize = typeof PAGE_SIZE.favourites | typeof PAGE_SIZE.favouritesOnHome;

export const favouriteListQueryOptions = (
  token: string,
  language: Language,
  pageSize: FavouriteListSize,
) =>
  sessionQueryOptions({
    scope: favouritesScope,
    token,
    key: ['list', pageSize, language],
    path: '/wps/game/favourite/list',
    query: { pageNo: 1, pageSize },
    parse: parseFavouritePage,
    staleTime: 60_000,
    meta: { silent: true },
  });

export const addFavourite = (game: Pick<Game, 'nodeId' | 'vassalage'>) =>
  api.post('/wps/game/favourite', { body: { nodeId: game.nodeId, vendor: game.vassalage } });

export const removeFavourite = (game: Pick<Game, 'nodeId' | 'vassalage'>) =>
  api.delete('/wps/game/favourite', { body: { nodeId: game.nodeId, vendor: game.vassalage } });
