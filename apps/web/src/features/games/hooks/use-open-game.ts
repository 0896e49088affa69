/**
 * Opening a game, in one place: without a session the player goes to login (spec §2, game
 * launch), which comes back here and opens the game once they log in; with one the launch is
 * asked of the shell (lib/game-launch-store), which loads the launch feature, opens the game and,
 * since the launch records it, refreshes the recent games.
 */
import type { Game } from '@khela/contract/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { requestGameLaunch } from '../../../lib/game-launch-store';
import type { LoginReturn } from '../../../lib/login-return';
import { useSessionStore } from '../../../lib/session-store';
import { gameListQueryKey } from '../api/game-rows';

export type OpenableGame = Pick<Game, 'nodeId' | 'gameName'>;

export function useOpenGame() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loggedIn = useSessionStore((state) => state.session !== null);

  return useCallback(
    (game: OpenableGame) => {
      if (!loggedIn) {
        // Login returns here (Back, or after logging in) and then opens the game.
        const state: LoginReturn = {
          from: location.pathname + location.search,
          below: true,
          game: { nodeId: game.nodeId, gameName: game.gameName },
        };
        void navigate(paths.login, { state });
        return;
      }
      requestGameLaunch({
        nodeId: game.nodeId,
        gameName: game.gameName,
        onLaunched: () => void queryClient.invalidateQueries({ queryKey: gameListQueryKey }),
      });
    },
    [loggedIn, navigate, queryClient, location.pathname, location.search],
  );
}
