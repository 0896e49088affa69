/**
 * The favourite toggle on every game card (spec §4): a visitor goes to login; a member adds or
 * removes at once on screen (the ids are updated before the server answers and put back if it
 * refuses). Adding is skipped when the game is a favourite already; removing also takes it off
 * the favourites lists shown.
 */
import type { Game } from '@khela/contract/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, isHandledGlobally } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import {
  addFavourite,
  favouriteIdsQueryOptions,
  favouritesQueryKey,
  removeFavourite,
} from '../api/favourites';
import type { FavouritePage } from '../api/guards';
import { gameListQueryKey } from '../api/game-rows';
import '../../../locales/games';

type FavouriteGame = Pick<Game, 'nodeId' | 'vassalage'>;

interface Change {
  game: FavouriteGame;
  add: boolean;
}

const NO_IDS: ReadonlySet<string> = new Set();

export function useFavourites() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.session?.token);
  const idsOptions = favouriteIdsQueryOptions(token ?? '');
  const ids = useQuery({ ...idsOptions, enabled: token !== undefined });
  const idSet = useMemo(() => (ids.data ? new Set(ids.data) : NO_IDS), [ids.data]);

  const mutation = useMutation({
    mutationFn: ({ game, add }: Change) => (add ? addFavourite(game) : removeFavourite(game)),
    onMutate: async ({ game, add }) => {
      await queryClient.cancelQueries({ queryKey: idsOptions.queryKey });
      const before = queryClient.getQueryData(idsOptions.queryKey);
      queryClient.setQueryData(idsOptions.queryKey, (current = []) =>
        add
          ? [game.nodeId, ...current.filter((id) => id !== game.nodeId)]
          : current.filter((id) => id !== game.nodeId),
      );
      if (!add && token) {
        queryClient.setQueriesData<FavouritePage>(
          { queryKey: [...favouritesQueryKey(token), 'list'] },
          (page) =>
            page && { ...page, content: page.content.filter((g) => g.nodeId !== game.nodeId) },
        );
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(idsOptions.queryKey, context?.before);
    },
    onSuccess: (_value, { add }) => {
      showToast(t(add ? 'games.favouriteAdded' : 'games.favouriteRemoved'), 'success');
    },
    onSettled: () => {
      if (!token) return;
      void queryClient.invalidateQueries({ queryKey: favouritesQueryKey(token) });
      void queryClient.invalidateQueries({
        queryKey: gameListQueryKey,
        predicate: isFavouriteList,
      });
    },
  });

  const { mutate } = mutation;
  const toggle = useCallback(
    async (game: FavouriteGame) => {
      if (!token) {
        void navigate(paths.login);
        return;
      }
      let current: string[];
      try {
        // Decide on what the server holds, not on a list that has not arrived yet.
        current = await queryClient.ensureQueryData(favouriteIdsQueryOptions(token));
      } catch (error) {
        if (error instanceof ApiError && !isHandledGlobally(error))
          showToast(error.message, 'error');
        return;
      }
      mutate({ game, add: !current.includes(game.nodeId) });
    },
    [token, navigate, queryClient, mutate],
  );

  return { favouriteIds: idSet, toggle };
}

/** A cached game list whose data type is FAV (their key holds the query as its last part). */
function isFavouriteList(query: { queryKey: readonly unknown[] }): boolean {
  const last = query.queryKey[query.queryKey.length - 1];
  return typeof last === 'object' && last !== null && 'dataType' in last && last.dataType === 'FAV';
}
