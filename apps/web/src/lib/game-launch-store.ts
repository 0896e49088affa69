/**
 * A game the player asked to open, callable from anywhere: a game card puts the request here and
 * the shell mounts the launch (features/launch, loaded only then), which opens the game and clears
 * the request when the player closes it.
 */
import { create } from 'zustand';

export interface GameLaunchRequest {
  /** Tells one request from the next, even for the same game. */
  id: number;
  nodeId: string;
  gameName: string;
  /** Called once the server has opened the game (it is now the first recent game). */
  onLaunched?: () => void;
}

interface GameLaunchState {
  request: GameLaunchRequest | null;
}

export const useGameLaunchStore = create<GameLaunchState>()(() => ({ request: null }));

let nextId = 1;

export function requestGameLaunch(request: Omit<GameLaunchRequest, 'id'>): void {
  useGameLaunchStore.setState({ request: { ...request, id: nextId++ } });
}

/** Ends the request `id` (a newer request is left alone). */
export function endGameLaunch(id: number): void {
  if (useGameLaunchStore.getState().request?.id === id) {
    useGameLaunchStore.setState({ request: null });
  }
}
