/**
 * Opening a game, in one place: without a session the player goes to login (spec §2, game
 * launch); with one the game is recorded as recent. Launching itself lands in a later issue, so
 * until then the player is told so plainly; that issue replaces the toast below with the launch.
 */
import { TOAST_MS } from '@khela/contract/constants';
import type { Game } from '@khela/contract/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import { gameListQueryKey } from '../api/game-rows';
import { addRecentGame } from '../api/recent';

export type OpenableGame = Pick<Game, 'nodeId' | 'gameName'>;

export function useOpenGame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useSessionStore((state) => state.session !== null);

  return useCallback(
    (game: OpenableGame) => {
      if (!loggedIn) {
        void navigate(paths.login);
        return;
      }
      addRecentGame(game.nodeId).then(
        () => queryClient.invalidateQueries({ queryKey: gameListQueryKey }),
        // Not being kept in the recent list is no reason to bother the player.
        () => undefined,
      );
      // TODO(game launch issue): launch the game here instead of this message.
      showToast(t('games.launchSoon', { game: game.gameName }), 'info', TOAST_MS.short);
    },
    [loggedIn, navigate, queryClient, t],
  );
}
