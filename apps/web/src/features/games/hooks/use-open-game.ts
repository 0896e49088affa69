/**
 * Opening a game, in one place: without a session the player goes to login (spec §2, game
 * launch); with one the launch is asked of the shell (lib/game-launch-store), which loads the
 * launch feature, opens the game and, since the launch records it, refreshes the recent games.
 */
import type { Game } from '@khela/contract/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { requestGameLaunch } from '../../../lib/game-launch-store';
import { useSessionStore } from '../../../lib/session-store';
import { gameListQueryKey } from '../api/game-rows';

export type OpenableGame = Pick<Game, 'nodeId' | 'gameName'>;

export function useOpenGame() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useSessionStore((state) => state.session !== null);

  return useCallback(
    (game: OpenableGame) => {
      if (!loggedIn) {
        void navigate(paths.login);
        return;
      }
      requestGameLaunch({
        nodeId: game.nodeId,
        gameName: game.gameName,
        onLaunched: () => void queryClient.invalidateQueries({ queryKey: gameListQueryKey }),
      });
    },
    [loggedIn, navigate, queryClient],
  );
}
