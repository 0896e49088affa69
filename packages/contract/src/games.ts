/**
 * The game catalogue as both sides see it (spec games-and-content §2–§4, §7, §9): categories and
 * their routes, the vendor setup rules, games, and the queries and answers of the game calls.
 */
import { z } from 'zod';
import { LanguageSchema } from './language';
import { PAGE_SIZE } from './constants';
import {
  COCKFIGHT_VENDORS,
  ELOTT_PRIZE_VENDORS,
  ESPORT_VENDORS,
  GAME_CATEGORIES,
  GAME_DATA_TYPES,
  type GameCategory,
  PLAY_TYPES,
} from './game-categories';

export type { GameCategory, GameDataType } from './game-categories';

export const GameCategorySchema = z.enum(GAME_CATEGORIES);
export const GameDataTypeSchema = z.enum(GAME_DATA_TYPES);

export { PLAY_TYPES };
export const PlayTypeSchema = z.enum(PLAY_TYPES);
export type PlayType = z.infer<typeof PlayTypeSchema>;

// ── Vendors ──────────────────────────────────────────────────────────────────────────────────

export const VendorSchema = z.object({
  /** The vendor code. */
  vassalage: z.string(),
  displayName: z.string(),
  mobileLargeIcon: z.string(),
  gameType: z.string(),
  gameCategory: GameCategorySchema,
  gameCount: z.number().int(),
  /** The vendor's name in each language (displayName is the one of the request's language). */
  vendorNames: z.object({ EN: z.string(), BN: z.string() }),
});
export type Vendor = z.infer<typeof VendorSchema>;

export const VendorsAnswerSchema = z.object({
  /** Category → its vendors, after the setup rules. */
  mapping: z.record(z.string(), z.array(VendorSchema)),
  /** Categories in menu order (HOT comes first on the client, before these). */
  sorting: z.array(z.object({ gameCategory: GameCategorySchema })),
  prizeMode: z.enum(['LOTT', 'ELOTT']),
});
export type VendorsAnswer = z.infer<typeof VendorsAnswerSchema>;

/**
 * The spec's vendor setup: esport vendors leave SPORTS to form ESPORTS right after SPORTS;
 * cockfight vendors form COCKFIGHT right after RNG; SPORTS goes when nothing else is left in it.
 * Empty categories are dropped.
 */
export function setUpVendors(
  vendors: readonly Vendor[],
  order: readonly GameCategory[],
): Pick<VendorsAnswer, 'mapping' | 'sorting'> {
  const esport = new Set<string>(ESPORT_VENDORS);
  const cockfight = new Set<string>(COCKFIGHT_VENDORS);
  const mapping: Record<string, Vendor[]> = {};
  const add = (category: GameCategory, vendor: Vendor) =>
    (mapping[category] ??= []).push({ ...vendor, gameCategory: category });
  for (const vendor of vendors) {
    if (cockfight.has(vendor.vassalage)) add('COCKFIGHT', vendor);
    else if (esport.has(vendor.vassalage)) add('ESPORTS', vendor);
    else add(vendor.gameCategory, vendor);
  }
  const sorting: GameCategory[] = [];
  for (const category of order) {
    if (category === 'ESPORTS' || category === 'COCKFIGHT') continue;
    sorting.push(category);
    if (category === 'SPORTS') sorting.push('ESPORTS');
    if (category === 'RNG') sorting.push('COCKFIGHT');
  }
  // Categories the operator's order leaves out still show, at the end.
  for (const category of GAME_CATEGORIES) {
    if (!sorting.includes(category) && mapping[category]) sorting.push(category);
  }
  return {
    mapping,
    sorting: sorting
      .filter((category) => (mapping[category]?.length ?? 0) > 0)
      .map((gameCategory) => ({ gameCategory })),
  };
}

/** E-lottery prize mode when the ELOTT list names TCG_LOTTO_VN or LOTT, else lottery mode. */
export function prizeMode(mapping: VendorsAnswer['mapping']): VendorsAnswer['prizeMode'] {
  const codes = new Set<string>(ELOTT_PRIZE_VENDORS);
  return (mapping.ELOTT ?? []).some((vendor) => codes.has(vendor.vassalage)) ? 'ELOTT' : 'LOTT';
}

export const GameTypesQuerySchema = z
  .object({
    typeId: z.coerce.number().int().min(1).max(9).default(1),
    merchant_code: z.string().max(32).optional(),
    language: LanguageSchema.optional(),
  })
  .strict();

/** Vendor game types: each classification and the vendors that have games of it. */
export const GameTypesAnswerSchema = z.object({
  gameClassify: z.array(
    z.object({ key: z.string(), name: z.string(), vendors: z.array(z.string()) }),
  ),
});

// ── Games ────────────────────────────────────────────────────────────────────────────────────

export const GameSchema = z.object({
  nodeId: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  gameType: z.string(),
  vassalage: z.string(),
  showIcon: z.boolean(),
  iconUrl: z.string(),
  gameId: z.string(),
  gameCode: z.string(),
  roomId: z.string().nullable(),
  supportPlay: z.boolean(),
  isGameH5: z.boolean(),
  freeplay: z.boolean(),
  lottoMode: z.string().nullable(),
  playType: PlayTypeSchema.nullable(),
  gameClassifyNew: z.string().nullable(),
  isNew: z.boolean(),
  hot: z.boolean(),
});
export type Game = z.infer<typeof GameSchema>;

/** At most this many games in one page (the spec asks for 36; a client may ask fewer). */
export const GAME_PAGE_MAX = 100;
/** Longer search strings are cut here: no game name is this long. */
export const GAME_SEARCH_MAX = 60;

const optionalFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

export const GameListQuerySchema = z
  .object({
    merchant: z.string().max(32).optional(),
    clientType: z.coerce.number().int().optional(),
    platform: z.string().max(16).optional(),
    gameName: z
      .string()
      .max(10_000)
      .transform((value) => value.trim().slice(0, GAME_SEARCH_MAX))
      .optional(),
    /** A category (BINGO means RNG with classification BG). */
    gameType: GameCategorySchema.optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(GAME_PAGE_MAX).default(PAGE_SIZE.games),
    vassalage: z.string().max(32).optional(),
    gameClassify: z.string().max(16).optional(),
    minBet: z.coerce.number().min(0).optional(),
    minLine: z.coerce.number().int().min(0).optional(),
    isNew: optionalFlag,
    /** Card games' play type (spec §3): Tradition or Entertainment. */
    playType: PlayTypeSchema.optional(),
    dataType: GameDataTypeSchema.default('ALL'),
    language: LanguageSchema.optional(),
  })
  .strict();
export type GameListQuery = z.output<typeof GameListQuerySchema>;

export const GameListAnswerSchema = z.object({
  games: z.array(GameSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type GameListAnswer = z.infer<typeof GameListAnswerSchema>;

export const HotGamesQuerySchema = z
  .object({
    merchantCode: z.string().max(32).optional(),
    isPlatform: z.coerce.number().int().optional(),
    platform: z.string().max(16).optional(),
    refresh: z.string().max(16).optional(),
    language: LanguageSchema.optional(),
  })
  .strict();

export const HotGamesAnswerSchema = z.object({ list: z.array(GameSchema) });

/** The popular call (spec §7 "popular"): the games most players played lately, by category. */
export const PopularGamesQuerySchema = z
  .object({
    gameType: GameCategorySchema.optional(),
    language: LanguageSchema.optional(),
    merchantCode: z.string().max(32).optional(),
    platform: z.string().max(16).optional(),
  })
  .strict();
export const PopularGamesAnswerSchema = z.object({ list: z.array(GameSchema) });
/** At most this many popular games; the slides show 3 or 6 at a time. */
export const POPULAR_GAMES_MAX = 12;

export const FavouriteBodySchema = z
  .object({
    nodeId: z.coerce.string().regex(/^\d{1,18}$/),
    vendor: z.string().max(32).optional(),
    token: z.string().max(200).optional(),
  })
  .strict();

/** The member's favourite games' nodeIds, newest first. */
export const FavouriteIdsAnswerSchema = z.array(z.string());

export const RecentAddQuerySchema = z
  .object({ nodeId: z.string().regex(/^\d{1,18}$/), language: LanguageSchema.optional() })
  .strict();

export const FavouriteListQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_SIZE.favourites)
      .default(PAGE_SIZE.favourites),
    gameType: GameCategorySchema.optional(),
    vendor: z.string().max(32).optional(),
    token: z.string().max(200).optional(),
    language: LanguageSchema.optional(),
  })
  .strict();

export const FavouriteListAnswerSchema = z.object({
  content: z.array(GameSchema),
  totalPages: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const RecentListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(GAME_PAGE_MAX).default(PAGE_SIZE.games),
    gameType: GameCategorySchema.optional(),
    vendor: z.string().max(32).optional(),
    clientType: z.coerce.number().int().optional(),
    language: LanguageSchema.optional(),
  })
  .strict();

export const RecentListAnswerSchema = z.object({
  list: z.array(GameSchema),
  totalPages: z.number().int(),
});

export const WinnersQuerySchema = z
  .object({
    gameCategory: z.union([z.literal('ALL'), GameCategorySchema]).default('ALL'),
    limitNum: z.coerce.number().int().min(1).max(PAGE_SIZE.winners).default(PAGE_SIZE.winners),
    language: LanguageSchema.optional(),
  })
  .strict();

export const WinnerEntrySchema = z.object({
  vo: z.object({
    nodeId: z.string(),
    iconUrl: z.string(),
    gameName: z.string(),
    customerName: z.string(),
    /** Major units with 2 decimals, as the spec shows it. */
    winAmount: z.number(),
  }),
});
export const WinnersAnswerSchema = z.array(WinnerEntrySchema);

/** A player's name as the winner board shows it: first and last character, the rest hidden. */
export function maskCustomerName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

// ── Operator calls ───────────────────────────────────────────────────────────────────────────

const vendorCode = z.string().regex(/^[A-Z0-9_]{1,32}$/, 'letters A-Z, digits and _');
const displayName = z.string().trim().min(1).max(64);

export const OpsVendorCreateSchema = z
  .object({
    code: vendorCode,
    nameEn: displayName,
    nameBn: displayName,
    category: GameCategorySchema,
    gameType: z.string().regex(/^[A-Z]{2,16}$/),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
    hidden: z.boolean().optional(),
  })
  .strict();

export const OpsVendorUpdateSchema = OpsVendorCreateSchema.omit({ code: true }).partial().strict();

export const OpsReorderVendorsSchema = z
  .object({ codes: z.array(vendorCode).min(1).max(500) })
  .strict();

const gameName = z.string().trim().min(1).max(128);

export const OpsGameCreateSchema = z
  .object({
    vendorCode,
    gameCode: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
    nameEn: gameName,
    nameBn: gameName,
    gameType: z
      .string()
      .regex(/^[A-Z]{2,16}$/)
      .optional(),
    classification: z
      .string()
      .regex(/^[A-Z]{2,16}$/)
      .nullable()
      .optional(),
    isNew: z.boolean().optional(),
    hotRank: z.number().int().min(1).max(10_000).nullable().optional(),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
    hidden: z.boolean().optional(),
    minBetMinor: z.number().int().min(0).max(1_000_000_000).optional(),
    lines: z.number().int().min(0).max(100_000).optional(),
    theme: z.number().int().min(0).max(7).optional(),
  })
  .strict();

export const OpsGameUpdateSchema = OpsGameCreateSchema.omit({ vendorCode: true, gameCode: true })
  .partial()
  .strict();

export const OpsReorderGamesSchema = z
  .object({
    vendorCode,
    nodeIds: z
      .array(z.string().regex(/^\d{1,18}$/))
      .min(1)
      .max(5000),
  })
  .strict();

export const OpsGameListQuerySchema = z
  .object({ vendor: vendorCode.optional(), hidden: optionalFlag })
  .strict();
