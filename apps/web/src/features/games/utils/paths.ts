/** The game screens' addresses, typed against the contract's route table. */
import type { RoutePath } from '@khela/contract/routes';

export const gamePaths = {
  search: '/m/search-games',
  favourites: '/m/fav-games',
  provider: '/m/provider',
  hotGames: '/m/hot-games',
  gameCenter: '/m/gameCenter',
  slots: '/m/slot-games',
} as const satisfies Record<string, RoutePath>;

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** A provider's games (or, with no vendor, every provider). */
export const providerPath = (vassalage?: string) => withQuery(gamePaths.provider, { vassalage });

export const searchPath = (gameType?: string) => withQuery(gamePaths.search, { gameType });

/** The slots page with one vendor chosen (the home's slot shortcuts). */
export const slotsOfVendorPath = (vassalage: string) => withQuery(gamePaths.slots, { vassalage });
