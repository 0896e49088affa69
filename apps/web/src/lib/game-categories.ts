/**
 * Where each game category's page is and what the header lists, for the home screen and the
 * shell. Built on the contract's zod-free category tables (`@khela/contract/game-categories`):
 * importing anything from `@khela/contract/games` would pull zod into home's first render.
 */
import {
  CATEGORY_NAMES,
  CATEGORY_ROUTES,
  GAME_CATEGORIES,
  type GameCategory,
} from '@khela/contract/game-categories';
import type { Language } from '@khela/contract/language';

/** Home menu entries: the categories plus HOT (hot games) and HOME (a menu of categories). */
export type MenuCategory = GameCategory | 'HOT' | 'HOME';

export const GAME_CENTER_PATH = '/m/gameCenter';

const ROUTE_OF = Object.fromEntries(
  Object.entries(CATEGORY_ROUTES).map(([path, category]) => [category, path]),
) as Partial<Record<GameCategory, string>>;

/**
 * Where a category's page is: its own route when it has one, else the game centre with the
 * category chosen (ESPORTS, COCKFIGHT and BINGO have no route of their own in the spec).
 */
export function categoryPath(category: GameCategory): string {
  return ROUTE_OF[category] ?? `${GAME_CENTER_PATH}?category=${category}`;
}

export function categoryName(category: MenuCategory, language: Language): string {
  return CATEGORY_NAMES[category][language];
}

export function isGameCategory(value: unknown): value is GameCategory {
  return typeof value === 'string' && (GAME_CATEGORIES as readonly string[]).includes(value);
}

/** The header's categories: every one except SPORTS (spec §2), in the contract's order. */
export const HEADER_NAV_CATEGORIES: readonly GameCategory[] = GAME_CATEGORIES.filter(
  (category) => category !== 'SPORTS',
);
