/**
 * The game categories, their names and routes, and the spec's vendor lists: plain values with no
 * zod, so the home page can import them without the schemas (games.ts builds those from these).
 */
import type { Localized } from './language';

/**
 * Vendor categories. HOT and HOME are menu entries, not categories. RNG holds the slots; PVP the
 * card games; BINGO vendors open as RNG with classification BG (spec §2).
 */
export const GAME_CATEGORIES = [
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
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Card games' play types (spec §3). */
export const PLAY_TYPES = ['Tradition', 'Entertainment'] as const;

export const ESPORT_VENDORS = ['AV', 'AI', 'IMES', 'TF', 'IA'] as const;
export const COCKFIGHT_VENDORS = ['SV3', 'DS88', 'DIG', 'WGB', 'WS168'] as const;
export const IN_HOUSE_VENDOR = 'BGS';
/** Vendors of these categories are left out of the provider picker and the home rows. */
export const LIST_EXCLUDED_CATEGORIES: readonly GameCategory[] = ['LOTT', 'ELOTT', 'SPORTS'];
/** Categories whose page is a list of vendors rather than of games. */
export const VENDOR_LIST_CATEGORIES: readonly GameCategory[] = [
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
];
/** The home page's provider rows and slot shortcuts. */
export const HOME_VENDOR_ROWS = ['JILI', 'FC', 'PGE'] as const;
/** Vendor codes whose presence under ELOTT puts the lottery in e-lottery prize mode. */
export const ELOTT_PRIZE_VENDORS = ['TCG_LOTTO_VN', 'LOTT'] as const;

/** The category of each category route (spec §2); HOT is the hot games page. */
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

export const CATEGORY_NAMES: Record<GameCategory | 'HOT' | 'HOME', Localized> = {
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

export const GAME_DATA_TYPES = ['ALL', 'FAV', 'HOT', 'RECENT', 'NEW'] as const;
export type GameDataType = (typeof GAME_DATA_TYPES)[number];

/** Game classifications (the spec's gameClassify keys) and their names. BG is bingo. */
export const GAME_CLASSIFICATIONS: Record<string, Localized> = {
  SLOT: { EN: 'Slots', BN: 'স্লট' },
  CRASH: { EN: 'Crash', BN: 'ক্র্যাশ' },
  TABLE: { EN: 'Table games', BN: 'টেবিল গেম' },
  FISH: { EN: 'Fishing', BN: 'মাছ ধরা' },
  CARD: { EN: 'Card games', BN: 'কার্ড গেম' },
  BG: { EN: 'Bingo', BN: 'বিঙ্গো' },
};
