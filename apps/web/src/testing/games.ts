/**
 * Game answers as the contract describes them, and a small fake of the game calls that keeps
 * favourites and recent games, filters and pages the list the way the server does (search in
 * both languages, vendor, category, classification, data type, 36 a page).
 */
import type { Game, GameCategory, Vendor, VendorsAnswer } from '@khela/contract/games';
import { failure, ok, type MockHandler, type MockRoutes } from './mock-api';

export function buildGame(overrides: Partial<Game> & { nodeId: string }): Game {
  return {
    gameName: `Game ${overrides.nodeId}`,
    nodeName: `Game ${overrides.nodeId}`,
    gameType: 'RNG',
    vassalage: 'JILI',
    showIcon: true,
    iconUrl: `/wps/img/game/0/${overrides.nodeId}.svg`,
    gameId: overrides.nodeId,
    gameCode: `g-${overrides.nodeId}`,
    roomId: null,
    supportPlay: true,
    isGameH5: true,
    freeplay: true,
    lottoMode: null,
    playType: null,
    gameClassifyNew: null,
    isNew: false,
    hot: false,
    ...overrides,
  };
}

export function buildVendor(
  vassalage: string,
  gameCategory: GameCategory,
  overrides: Partial<Vendor> = {},
): Vendor {
  return {
    vassalage,
    displayName: vassalage,
    mobileLargeIcon: `/wps/img/vendor/${vassalage}.svg`,
    gameType: gameCategory,
    gameCategory,
    gameCount: 40,
    vendorNames: { EN: vassalage, BN: vassalage },
    ...overrides,
  };
}

/** A catalogue game: its names in both languages, its category and classification. */
export interface FakeGame {
  game: Game;
  nameBn: string;
  category: GameCategory;
  classification?: string;
}

export const DEMO_VENDORS: Vendor[] = [
  buildVendor('JILI', 'RNG'),
  buildVendor('FC', 'RNG'),
  buildVendor('PGE', 'RNG'),
  buildVendor('DEEPSEA', 'FISH', { displayName: 'Deep Sea' }),
  buildVendor('ROYAL', 'LIVE', { displayName: 'Royal Table' }),
  buildVendor('PITCH', 'SPORTS', { displayName: 'Pitch Sports' }),
  buildVendor('LOTT', 'LOTT', { displayName: 'Lottery' }),
  buildVendor('BINGOHALL', 'BINGO', { displayName: 'Bingo Hall' }),
];

export function vendorsAnswer(vendors: readonly Vendor[] = DEMO_VENDORS): VendorsAnswer {
  const mapping: Record<string, Vendor[]> = {};
  for (const vendor of vendors) (mapping[vendor.gameCategory] ??= []).push(vendor);
  const order: GameCategory[] = ['RNG', 'LIVE', 'SPORTS', 'FISH', 'LOTT', 'BINGO'];
  return {
    mapping,
    sorting: order.filter((c) => mapping[c]).map((gameCategory) => ({ gameCategory })),
    prizeMode: 'LOTT',
  };
}

const EN_WORDS = ['Golden', 'Lucky', 'Royal', 'Wild', 'Magic', 'Silver'];
const BN_WORDS = ['সোনালি', 'ভাগ্যবান', 'রাজকীয়', 'বন্য', 'জাদুর', 'রুপালি'];
const NOUNS_EN = ['Tiger', 'Lotus', 'River', 'Mango', 'Kite', 'Drum', 'Moon'];
const NOUNS_BN = ['বাঘ', 'পদ্ম', 'নদী', 'আম', 'ঘুড়ি', 'ঢোল', 'চাঁদ'];

/** `count` games of a vendor with made-up names in both languages. */
export function buildCatalogue(
  vendor: string,
  category: GameCategory,
  count: number,
  firstId = 1,
  classification?: string,
): FakeGame[] {
  return Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    const en = `${EN_WORDS[i % EN_WORDS.length]} ${NOUNS_EN[i % NOUNS_EN.length]} ${id}`;
    const bn = `${BN_WORDS[i % BN_WORDS.length]} ${NOUNS_BN[i % NOUNS_BN.length]} ${id}`;
    return {
      game: buildGame({ nodeId: String(id), gameName: en, nodeName: en, vassalage: vendor }),
      nameBn: bn,
      category,
      classification,
    };
  });
}

interface FakeGamesOptions {
  catalogue?: FakeGame[];
  vendors?: VendorsAnswer;
  hot?: Game[];
  favourites?: string[];
  winners?: Array<{ nodeId: string; gameName: string; customerName: string; winAmount: number }>;
  classifications?: Array<{ key: string; name: string; vendors: string[] }>;
}

/** The game calls over an in-memory catalogue; favourites and recent games change as asked. */
export function fakeGames(options: FakeGamesOptions = {}) {
  const catalogue = options.catalogue ?? [
    ...buildCatalogue('JILI', 'RNG', 80, 1),
    ...buildCatalogue('FC', 'RNG', 20, 1001),
    ...buildCatalogue('DEEPSEA', 'FISH', 10, 2001, 'FISH'),
  ];
  const byId = new Map(catalogue.map((entry) => [entry.game.nodeId, entry]));
  const favourites = [...(options.favourites ?? [])];
  const recent: string[] = [];
  const hot = options.hot ?? catalogue.slice(0, 10).map((entry) => entry.game);
  const hotIds = new Set(hot.map((game) => game.nodeId));
  const language = (url: URL) => (url.searchParams.get('language') === 'EN' ? 'EN' : 'BN');
  const named = (entry: FakeGame, url: URL): Game =>
    language(url) === 'BN'
      ? { ...entry.game, gameName: entry.nameBn, nodeName: entry.nameBn }
      : entry.game;
  const loggedIn = (init: RequestInit | undefined) =>
    new Headers(init?.headers).get('token') !== null;
  const notLoggedIn = failure(401, 'session.notLoggedIn', 'Not logged in');

  const list: MockHandler = (url, init) => {
    const q = url.searchParams;
    const dataType = q.get('dataType') ?? 'ALL';
    if ((dataType === 'FAV' || dataType === 'RECENT') && !loggedIn(init)) return notLoggedIn;
    const search = (q.get('gameName') ?? '').toLowerCase();
    let found = catalogue.filter((entry) => {
      const category = q.get('gameType');
      const vassalage = q.get('vassalage');
      const classify = q.get('gameClassify');
      const playType = q.get('playType');
      return (
        (!playType || entry.game.playType === playType) &&
        (!category || entry.category === category) &&
        (!vassalage || entry.game.vassalage === vassalage) &&
        (!classify || entry.classification === classify) &&
        (!search ||
          entry.game.gameName.toLowerCase().includes(search) ||
          entry.nameBn.includes(search)) &&
        (dataType !== 'HOT' || hotIds.has(entry.game.nodeId)) &&
        (dataType !== 'NEW' || entry.game.isNew) &&
        (dataType !== 'FAV' || favourites.includes(entry.game.nodeId)) &&
        (dataType !== 'RECENT' || recent.includes(entry.game.nodeId))
      );
    });
    const pageSize = Number(q.get('pageSize') ?? 36);
    const pageNo = Number(q.get('pageNo') ?? 1);
    const totalCount = found.length;
    found = found.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return ok({
      games: found.map((entry) => named(entry, url)),
      pageNum: pageNo,
      totalPages: Math.ceil(totalCount / pageSize),
      totalCount,
    });
  };

  const favourite: MockHandler = (_url, init) => {
    if (!loggedIn(init)) return notLoggedIn;
    const { nodeId } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
      nodeId: string;
    };
    const at = favourites.indexOf(nodeId);
    if (init?.method === 'POST' && at === -1) favourites.unshift(nodeId);
    if (init?.method === 'DELETE' && at !== -1) favourites.splice(at, 1);
    return ok(null);
  };

  const routes: MockRoutes = {
    '/wps/game/vendors': ok(options.vendors ?? vendorsAnswer()),
    '/wps/game/types': ok({ gameClassify: options.classifications ?? [] }),
    '/wps/game/list': list,
    '/wps/game/popular': (url) => {
      const category = url.searchParams.get('gameType');
      const popular = catalogue.filter((entry) => !category || entry.category === category);
      return ok({ list: popular.slice(0, 8).map((entry) => named(entry, url)) });
    },
    '/wps/game/hot': (url) =>
      ok({
        list: hot.map((game) => {
          const entry = byId.get(game.nodeId);
          return entry ? named(entry, url) : game;
        }),
      }),
    '/wps/game/winners': ok(
      (options.winners ?? []).map((vo) => ({ vo: { iconUrl: '/i.svg', ...vo } })),
    ),
    '/wps/game/favourite': favourite,
    '/wps/game/favourite/ids': (_url, init) => (loggedIn(init) ? ok([...favourites]) : notLoggedIn),
    '/wps/game/favourite/list': (url, init) => {
      if (!loggedIn(init)) return notLoggedIn;
      const content = favourites.flatMap((id) => {
        const entry = byId.get(id);
        return entry ? [named(entry, url)] : [];
      });
      const pageSize = Number(url.searchParams.get('pageSize') ?? 200);
      return ok({ content: content.slice(0, pageSize), totalPages: 1, pageNum: 1, pageSize });
    },
    '/wps/game/recent/add': (url, init) => {
      if (!loggedIn(init)) return notLoggedIn;
      const nodeId = url.searchParams.get('nodeId') ?? '';
      recent.splice(0, recent.length, nodeId, ...recent.filter((id) => id !== nodeId));
      return ok(null);
    },
  };
  return { routes, favourites, recent, catalogue };
}
