/**
 * One immutable snapshot of the visible catalogue, held in memory by every process: the game
 * calls filter, page and serialise from it without touching the database. Each game's JSON is
 * made once per language when the snapshot is built, so an answer is a join of ready strings.
 */
import {
  COCKFIGHT_VENDORS,
  ESPORT_VENDORS,
  GAME_CATEGORIES,
  GAME_CLASSIFICATIONS,
} from '@khela/contract/game-categories';
import {
  prizeMode,
  setUpVendors,
  type Game,
  type GameCategory,
  type PlayType,
  type Vendor,
} from '@khela/contract/games';
import type { Language, Localized } from '@khela/contract/language';
import { gameIconPath, vendorIconPath } from './game-icons';
import { motifOf } from './game-names';
import type { GameRow, VendorRow } from './games.repository';

export interface CatalogueGame {
  id: bigint;
  nodeId: string;
  vendorCode: string;
  /** The registry vendor (game_vendors) that serves it: its vendor's `served_by`, else its code. */
  servedBy: string;
  /** The vendor's own id of the game, and how it launches (RNG, LIVE, INHOUSE, …). */
  gameCode: string;
  gameType: string;
  supportsFreePlay: boolean;
  /** The vendor's category after the setup rules (esport and cockfight vendors moved). */
  category: GameCategory;
  classification: string | null;
  playType: PlayType | null;
  names: Localized;
  /** Lower-cased names the search matches against. */
  searchable: Localized;
  iconUrl: string;
  isNew: boolean;
  hotRank: number | null;
  minBetMinor: bigint;
  lines: number;
  json: Localized;
}

export interface GameFilter {
  category?: GameCategory;
  vendor?: string;
  classification?: string;
  playType?: PlayType;
  /** Lower-cased; matches either language's name. */
  search?: string;
  isNew?: boolean;
  hotOnly?: boolean;
  /** Games a player can join at this stake: minimum bet at most this. */
  maxMinBetMinor?: bigint;
  minLines?: number;
}

export interface GamePage {
  games: CatalogueGame[];
  pageNum: number;
  totalPages: number;
  totalCount: number;
}

const esport = new Set<string>(ESPORT_VENDORS);
const cockfight = new Set<string>(COCKFIGHT_VENDORS);

/** The category a vendor's games are listed under, after the spec's setup rules. */
export function listedCategory(vendor: Pick<VendorRow, 'code' | 'category'>): GameCategory {
  if (cockfight.has(vendor.code)) return 'COCKFIGHT';
  if (esport.has(vendor.code)) return 'ESPORTS';
  return vendor.category as GameCategory;
}

export const normaliseSearch = (text: string) => text.normalize('NFC').toLocaleLowerCase('en');

/**
 * The hot list: the games with the most recent real-money turnover first, highest first, then
 * the operator's hot picks in their order. A new site, with no play yet, shows the picks.
 */
export function hotRanks(
  visible: readonly GameRow[],
  byTurnover: readonly bigint[],
): Map<bigint, number> {
  const visibleIds = new Set(visible.map((row) => row.id));
  const picks = visible
    .filter((row) => row.hotRank !== null)
    .sort((a, b) => a.hotRank! - b.hotRank!)
    .map((row) => row.id);
  const ranks = new Map<bigint, number>();
  for (const id of [...byTurnover, ...picks]) {
    if (visibleIds.has(id) && !ranks.has(id)) ranks.set(id, ranks.size + 1);
  }
  return ranks;
}

const playTypeOf = (row: GameRow): PlayType | null =>
  row.playType === 'Tradition' || row.playType === 'Entertainment' ? row.playType : null;

function toWire(row: GameRow, language: Language, iconUrl: string, hot: boolean): Game {
  return {
    nodeId: row.id.toString(),
    gameName: language === 'EN' ? row.nameEn : row.nameBn,
    nodeName: row.nameEn,
    gameType: row.gameType,
    vassalage: row.vendorCode,
    showIcon: true,
    iconUrl,
    gameId: row.gameCode,
    gameCode: row.gameCode,
    roomId: row.roomId,
    supportPlay: row.supportsFreePlay,
    isGameH5: row.isH5,
    freeplay: row.supportsFreePlay,
    lottoMode: row.lottoMode,
    playType: playTypeOf(row),
    gameClassifyNew: row.classification,
    isNew: row.isNew,
    hot,
  };
}

export class Catalogue {
  readonly games: readonly CatalogueGame[];
  readonly hot: readonly CatalogueGame[];
  private readonly byNodeId = new Map<string, CatalogueGame>();
  private readonly vendorRows: readonly VendorRow[];
  private readonly vendorCodes: ReadonlySet<string>;

  constructor(
    vendorRows: readonly VendorRow[],
    gameRows: readonly GameRow[],
    /** Increases with every reload that changed something; answers are cached by it. */
    readonly version: number,
    /** Game ids by recent real-money turnover, highest first (see `hotRanks`). */
    byTurnover: readonly bigint[] = [],
  ) {
    const visibleVendors = vendorRows.filter((vendor) => !vendor.hidden);
    this.vendorRows = [...visibleVendors].sort(
      (a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code),
    );
    this.vendorCodes = new Set(this.vendorRows.map((vendor) => vendor.code));
    const vendorOrder = new Map(this.vendorRows.map((vendor, index) => [vendor.code, index]));
    const vendorByCode = new Map(this.vendorRows.map((vendor) => [vendor.code, vendor]));

    const visible = gameRows
      .filter((game) => !game.hidden && vendorOrder.has(game.vendorCode))
      .sort(
        (a, b) =>
          vendorOrder.get(a.vendorCode)! - vendorOrder.get(b.vendorCode)! ||
          a.sortOrder - b.sortOrder ||
          (a.id < b.id ? -1 : 1),
      );
    const ranks = hotRanks(visible, byTurnover);
    this.games = visible.map((row) => {
      const category = listedCategory(vendorByCode.get(row.vendorCode)!);
      // The art shows what the name speaks of (or the category's own picture).
      const motif = motifOf(row.nameEn, category, row.classification);
      const iconUrl = gameIconPath(motif, row.theme, row.iconSeed);
      const hotRank = ranks.get(row.id) ?? null;
      const hot = hotRank !== null;
      const game: CatalogueGame = {
        id: row.id,
        nodeId: row.id.toString(),
        vendorCode: row.vendorCode,
        servedBy: vendorByCode.get(row.vendorCode)!.servedBy ?? row.vendorCode,
        gameCode: row.gameCode,
        gameType: row.gameType,
        supportsFreePlay: row.supportsFreePlay,
        category,
        classification: row.classification,
        playType: playTypeOf(row),
        names: { EN: row.nameEn, BN: row.nameBn },
        searchable: { EN: normaliseSearch(row.nameEn), BN: normaliseSearch(row.nameBn) },
        iconUrl,
        isNew: row.isNew,
        hotRank,
        minBetMinor: row.minBetMinor,
        lines: row.lines,
        json: {
          EN: JSON.stringify(toWire(row, 'EN', iconUrl, hot)),
          BN: JSON.stringify(toWire(row, 'BN', iconUrl, hot)),
        },
      };
      this.byNodeId.set(game.nodeId, game);
      return game;
    });
    this.hot = this.games
      .filter((game) => game.hotRank !== null)
      .sort((a, b) => a.hotRank! - b.hotRank!);
  }

  game(nodeId: string): CatalogueGame | undefined {
    return this.byNodeId.get(nodeId);
  }

  hasVendor(code: string) {
    return this.vendorCodes.has(code);
  }

  /** Games matching the filter, in catalogue order (hot games by rank; searches best first). */
  find(filter: GameFilter, from: readonly CatalogueGame[] = this.games): CatalogueGame[] {
    const source = filter.hotOnly && from === this.games ? this.hot : from;
    const found = source.filter(
      (game) =>
        (filter.category === undefined || game.category === filter.category) &&
        (filter.vendor === undefined || game.vendorCode === filter.vendor) &&
        (filter.classification === undefined || game.classification === filter.classification) &&
        (filter.playType === undefined || game.playType === filter.playType) &&
        (filter.isNew === undefined || game.isNew === filter.isNew) &&
        (!filter.hotOnly || game.hotRank !== null) &&
        (filter.maxMinBetMinor === undefined || game.minBetMinor <= filter.maxMinBetMinor) &&
        (filter.minLines === undefined || game.lines >= filter.minLines) &&
        (filter.search === undefined ||
          game.searchable.EN.includes(filter.search) ||
          game.searchable.BN.includes(filter.search)),
    );
    if (filter.search === undefined) return found;
    // Names that start with the search come first; the sort is stable, so order holds within.
    const search = filter.search;
    const starts = (game: CatalogueGame) =>
      game.searchable.EN.startsWith(search) || game.searchable.BN.startsWith(search) ? 0 : 1;
    return found.sort((a, b) => starts(a) - starts(b));
  }

  /** The catalogue games of these ids, in the given order; unknown or hidden ones left out. */
  gamesOf(ids: readonly bigint[]): CatalogueGame[] {
    const found: CatalogueGame[] = [];
    for (const id of ids) {
      const game = this.byNodeId.get(id.toString());
      if (game) found.push(game);
    }
    return found;
  }

  vendors(language: Language): Vendor[] {
    const counts = new Map<string, number>();
    for (const game of this.games)
      counts.set(game.vendorCode, (counts.get(game.vendorCode) ?? 0) + 1);
    return this.vendorRows.map((vendor) => ({
      vassalage: vendor.code,
      displayName: language === 'EN' ? vendor.nameEn : vendor.nameBn,
      mobileLargeIcon: vendorIconPath(vendor.iconSeed, vendor.code, vendor.nameEn),
      gameType: vendor.gameType,
      gameCategory: vendor.category as GameCategory,
      gameCount: counts.get(vendor.code) ?? 0,
      vendorNames: { EN: vendor.nameEn, BN: vendor.nameBn },
    }));
  }

  /**
   * Categories in menu order: each category sits where its first vendor sits, so reordering
   * vendors reorders the menu too.
   */
  categoryOrder(): GameCategory[] {
    const order: GameCategory[] = [];
    for (const vendor of this.vendorRows) {
      const category = vendor.category as GameCategory;
      if (GAME_CATEGORIES.includes(category) && !order.includes(category)) order.push(category);
    }
    return order;
  }

  vendorsAnswer(language: Language) {
    const { mapping, sorting } = setUpVendors(this.vendors(language), this.categoryOrder());
    return { mapping, sorting, prizeMode: prizeMode(mapping) };
  }

  typesAnswer(language: Language) {
    const vendorsByKey = new Map<string, Set<string>>();
    for (const game of this.games) {
      if (!game.classification) continue;
      let set = vendorsByKey.get(game.classification);
      if (!set) vendorsByKey.set(game.classification, (set = new Set()));
      set.add(game.vendorCode);
    }
    return {
      gameClassify: [...vendorsByKey].map(([key, vendors]) => ({
        key,
        name: GAME_CLASSIFICATIONS[key]?.[language] ?? key,
        vendors: [...vendors],
      })),
    };
  }
}

/** One page of a list; a page past the end is empty, with the true totals. */
export function pageOf(
  found: readonly CatalogueGame[],
  pageNo: number,
  pageSize: number,
): GamePage {
  const totalCount = found.length;
  const start = (pageNo - 1) * pageSize;
  return {
    games: found.slice(start, start + pageSize),
    pageNum: pageNo,
    totalPages: Math.ceil(totalCount / pageSize),
    totalCount,
  };
}

export const gamesJson = (games: readonly CatalogueGame[], language: Language) =>
  `[${games.map((game) => game.json[language]).join(',')}]`;
