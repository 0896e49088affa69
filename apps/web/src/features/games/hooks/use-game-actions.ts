/**
 * What a game card does, bound once per screen: open the game, toggle the favourite. The
 * favourite ids come along so cards can show their heart filled.
 */
import type { Game } from '@khela/contract/games';
import { useCallback } from 'react';
import type { GameCardActions } from '../components/game-card';
import { useFavourites } from './use-favourites';
import { useOpenGame } from './use-open-game';

export function useGameActions(): GameCardActions & { favouriteIds: ReadonlySet<string> } {
  const onOpen = useOpenGame();
  const { favouriteIds, toggle } = useFavourites();
  const onToggleFavourite = useCallback((game: Game) => void toggle(game), [toggle]);
  return { onOpen, onToggleFavourite, favouriteIds };
}
