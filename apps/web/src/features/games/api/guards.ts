/**
 * Light shape checks for the game answers the home screen reads (vendors, hot games, favourites,
 * winners). The contract's zod schemas would pull zod into the first render of /m/home, so these
 * check what the screens rely on and nothing more; screens off the home path (the game list,
 * classifications) parse with the contract schemas.
 */
import type { Game, Vendor, VendorsAnswer } from '@khela/contract/games';
import { isRecord } from '../../../lib/storage';
import { isGameCategory } from '../../../lib/game-categories';

const isString = (value: unknown): value is string => typeof value === 'string';

export function isGame(value: unknown): value is Game {
  return (
    isRecord(value) &&
    isString(value.nodeId) &&
    isString(value.gameName) &&
    isString(value.vassalage) &&
    isString(value.iconUrl)
  );
}

export function isVendor(value: unknown): value is Vendor {
  return (
    isRecord(value) &&
    isString(value.vassalage) &&
    isString(value.displayName) &&
    isString(value.mobileLargeIcon) &&
    typeof value.gameCount === 'number'
  );
}

function fail(what: string): never {
  throw new TypeError(`Unexpected ${what}`);
}

function games(value: unknown, what: string): Game[] {
  if (!Array.isArray(value) || !value.every(isGame)) fail(what);
  return value;
}

export function parseVendors(value: unknown): VendorsAnswer {
  if (!isRecord(value) || !isRecord(value.mapping) || !Array.isArray(value.sorting)) {
    fail('vendors');
  }
  for (const list of Object.values(value.mapping)) {
    if (!Array.isArray(list) || !list.every(isVendor)) fail('vendors');
  }
  const sorting = value.sorting.filter(
    (entry): entry is { gameCategory: Vendor['gameCategory'] } =>
      isRecord(entry) && isGameCategory(entry.gameCategory),
  );
  return {
    mapping: value.mapping as VendorsAnswer['mapping'],
    sorting,
    prizeMode: value.prizeMode === 'ELOTT' ? 'ELOTT' : 'LOTT',
  };
}

export function parseHotGames(value: unknown): Game[] {
  if (!isRecord(value)) fail('hot games');
  return games(value.list, 'hot games');
}

export interface GamePage {
  games: Game[];
  pageNum: number;
  totalPages: number;
  totalCount: number;
}

export function parseGamePage(value: unknown): GamePage {
  if (!isRecord(value)) fail('game list');
  const count = (field: unknown) => (typeof field === 'number' ? field : 0);
  return {
    games: games(value.games, 'game list'),
    pageNum: count(value.pageNum),
    totalPages: count(value.totalPages),
    totalCount: count(value.totalCount),
  };
}

export interface FavouritePage {
  content: Game[];
  totalPages: number;
  pageNum: number;
}

export function parseFavouritePage(value: unknown): FavouritePage {
  if (!isRecord(value)) fail('favourites');
  return {
    content: games(value.content, 'favourites'),
    totalPages: typeof value.totalPages === 'number' ? value.totalPages : 1,
    pageNum: typeof value.pageNum === 'number' ? value.pageNum : 1,
  };
}

export function parseFavouriteIds(value: unknown): string[] {
  if (!Array.isArray(value)) fail('favourite ids');
  return value.map(String);
}

export interface Winner {
  nodeId: string;
  iconUrl: string;
  gameName: string;
  customerName: string;
  winAmount: number;
}

export function parseWinners(value: unknown): Winner[] {
  if (!Array.isArray(value)) fail('winners');
  return value.map((entry) => {
    const vo = isRecord(entry) ? entry.vo : undefined;
    if (
      !isRecord(vo) ||
      !isString(vo.iconUrl) ||
      !isString(vo.gameName) ||
      !isString(vo.customerName) ||
      typeof vo.winAmount !== 'number'
    ) {
      fail('winners');
    }
    return {
      nodeId: isString(vo.nodeId) || typeof vo.nodeId === 'number' ? String(vo.nodeId) : '',
      iconUrl: vo.iconUrl,
      gameName: vo.gameName,
      customerName: vo.customerName,
      winAmount: vo.winAmount,
    };
  });
}
