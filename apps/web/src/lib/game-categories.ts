/**
 * The game categories as the home screen and the shell's navigation need them, without zod.
 *
 * Why a copy: `@khela/contract/games` builds its zod schemas at module level, so importing any
 * value from it pulls zod (~26 KiB gzip) into the first render of /m/home. These tables repeat
 * the contract's values and `game-categories.test.ts` fails the moment they differ, so the
 * contract stays the one source of truth. Types come from the contract (erased at build time).
 */
import type { GameCategory } from '@khela/contract/games';
import type { Language, Localized } from '@khela/contract/language';

/** Contract GAME_CATEGORIES. */
export const GAME_CATEGORIES: readonly GameCategory[] = [
  'RNG',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'FISH',
  'PVP',
  'LOTT',
  'ELOTT',
  'BINGO',
  'INHOUSE',
];

/** Home menu entries: the categories plus HOT (hot games) and HOME (a menu of categories). */
export type MenuCategory = GameCategory | 'HOT' | 'HOME';

/** Contract CATEGORY_NAMES. */
export const CATEGORY_NAMES: Record<MenuCategory, Localized> = {
  HOME: { EN: 'Home', BN: 'হোম' },
  HOT: { EN: 'Hot', BN: 'জনপ্রিয়' },
  RNG: { EN: 'Slots', BN: 'স্লট' },
  LIVE: { EN: 'Live casino', BN: 'লাইভ ক্যাসিনো' },
  SPORTS: { EN: 'Sports', BN: 'স্পোর্টস' },
  ESPORTS: { EN: 'E-sports', BN: 'ই-স্পোর্টস' },
  COCKFIGHT: { EN: 'Cockfight', BN: 'মোরগ লড়াই' },
  FISH: { EN: 'Fishing', BN: 'মাছ ধরা' },
  PVP: { EN: 'Card games', BN: 'কার্ড গেম' },
  LOTT: { EN: 'Lottery', BN: 'লটারি' },
  ELOTT: { EN: 'E-lottery', BN: 'ই-লটারি' },
  BINGO: { EN: 'Bingo', BN: 'বিঙ্গো' },
  INHOUSE: { EN: 'In-house', BN: 'নিজস্ব গেম' },
};

/** Contract CATEGORY_ROUTES. */
export const CATEGORY_ROUTES = {
  '/m/live-games': 'LIVE',
  '/m/slot-games': 'RNG',
  '/m/sport-games': 'SPORTS',
  '/m/fishing-games': 'FISH',
  '/m/poker-games': 'PVP',
  '/m/lott': 'LOTT',
  '/m/elott': 'ELOTT',
  '/m/inHouse': 'INHOUSE',
} as const satisfies Record<string, GameCategory>;

/** Contract VENDOR_LIST_CATEGORIES: their page lists vendors rather than games. */
export const VENDOR_LIST_CATEGORIES: readonly GameCategory[] = [
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
];

/** Contract LIST_EXCLUDED_CATEGORIES: left out of the provider picker and the home rows. */
export const LIST_EXCLUDED_CATEGORIES: readonly GameCategory[] = ['LOTT', 'ELOTT', 'SPORTS'];

/** Contract HOME_VENDOR_ROWS: the home page's provider rows and slot shortcuts. */
export const HOME_VENDOR_ROWS = ['JILI', 'FC', 'PGE'] as const;

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
