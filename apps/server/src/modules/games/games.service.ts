/**
 * The game calls. The catalogue is read on nearly every page, so each process holds it as one
 * snapshot (`Catalogue`) and keeps ready answers (bytes, ETag, compressed copies) per query in an
 * LRU; an operator change reloads the snapshot here and, through the cache store's pub/sub, in
 * every other process, and a periodic fingerprint check covers a lost notice. Recent games are
 * per member and read from the database on each call; a member's favourites are read on every
 * home and game-list visit but change only at a tap, so their ids are kept per process
 * (`ReadCache`: a change drops them in every process).
 */
import { changedFields, type AuditTrail } from '../audit/audit.service';
import { randomUUID } from 'node:crypto';
import { GAME_CLASSIFICATIONS } from '@khela/contract/game-categories';
import {
  maskCustomerName,
  POPULAR_GAMES_MAX,
  type GameCategory,
  type GameListQuery,
} from '@khela/contract/games';
import type { Language } from '@khela/contract/language';
import type { z } from 'zod';
import type {
  FavouriteListQuerySchema,
  OpsGameCreateSchema,
  OpsGameUpdateSchema,
  OpsVendorCreateSchema,
  OpsVendorUpdateSchema,
  RecentListQuerySchema,
  WinnersQuerySchema,
} from '@khela/contract/games';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { okJson } from '../../lib/envelope';
import { PreparedAnswer, type Compression } from '../../lib/prepared-answer';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import { gameRoundReads } from '../game-wallet/game-round-reads';
import {
  Catalogue,
  gamesJson,
  normaliseSearch,
  pageOf,
  type CatalogueGame,
  type GameFilter,
} from './catalogue';
import { gameReads, type SessionGame } from './game-reads';
import { gamesRepository as repo, type GameRow, type VendorRow } from './games.repository';

/** A win the game wallet found big enough for the winner board. */
export interface BigWin {
  gameId: bigint;
  memberId: bigint;
  customerName: string;
  winMinor: bigint;
  roundId: bigint;
}

/** The catalogue's rows, for the operator routes' mappers. */
export type { GameRow, VendorRow };

const CHANNEL = 'catalogue';
/** The winner board re-reads the latest wins at most this often. */
export const WINNERS_TTL_MS = 15_000;
/** Hot games lead with the games most staked on in this many hours… */
export const HOT_TURNOVER_HOURS = 24;
/** …at most this many of them, re-ranked this often. */
export const HOT_BY_TURNOVER = 20;
/** The popular list counts the players of the last week's rounds. */
export const POPULAR_HOURS = 7 * 24;
const POPULAR_BY_PLAYERS = 40;
const HOT_RANK_MS = 5 * 60_000;
/** Ready answers kept per process, by their size. */
const ANSWER_CACHE_BYTES = 48 * 1024 * 1024;

type FavouriteListQuery = z.output<typeof FavouriteListQuerySchema>;
type RecentListQuery = z.output<typeof RecentListQuerySchema>;
type WinnersQuery = z.output<typeof WinnersQuerySchema>;

interface LatestWins {
  loadedAt: number;
  rows: Awaited<ReturnType<typeof repo.latestWins>>;
}

const notFound = () => new AppError('game.notFound');

export class GamesService {
  private catalogue = new Catalogue([], [], 0);
  private rows: { vendors: VendorRow[]; games: GameRow[] } = { vendors: [], games: [] };
  /** Every game of the snapshot's rows, hidden ones too, by id (the game wallet's sessions). */
  private sessionGames = new Map<bigint, SessionGame>();
  private byTurnover: bigint[] = [];
  private byPlayers: bigint[] = [];
  private fingerprint = '';
  private timer: NodeJS.Timeout | undefined;
  private hotTimer: NodeJS.Timeout | undefined;
  private readonly sender = randomUUID();
  private readonly answers = new LRUCache<string, PreparedAnswer>({
    maxSize: ANSWER_CACHE_BYTES,
    sizeCalculation: (answer) => answer.size,
  });
  /**
   * Shared answers by the exact request (URL and language): a repeated request is answered
   * before its query is even validated, as it was valid when first answered.
   */
  private readonly byRequest = new LRUCache<string, PreparedAnswer>({
    maxSize: ANSWER_CACHE_BYTES / 2,
    sizeCalculation: (answer) => answer.size,
  });
  private wins: Promise<LatestWins> | undefined;
  /** Each member's favourite game ids, newest first, by member id. */
  private readonly favourites: ReadCache<readonly bigint[]>;

  constructor(
    private readonly db: Database,
    private readonly cache: CacheStore,
    private readonly refreshMs: number,
  ) {
    this.favourites = new ReadCache(cache, { name: 'favourite-games', max: 50_000, ttlMs: 60_000 });
  }

  async start() {
    await this.favourites.start();
    await this.reload();
    await this.rankHot();
    await this.cache.subscribe(CHANNEL, (sender) => {
      if (sender !== this.sender) void this.reload().catch(() => undefined);
    });
    this.timer = setInterval(() => void this.reload().catch(() => undefined), this.refreshMs);
    this.timer.unref();
    this.hotTimer = setInterval(() => void this.rankHot().catch(() => undefined), HOT_RANK_MS);
    this.hotTimer.unref();
  }

  stop() {
    clearInterval(this.timer);
    clearInterval(this.hotTimer);
  }

  current(): Catalogue {
    return this.catalogue;
  }

  /** Reloads the snapshot when the catalogue's fingerprint moved (or always, when forced). */
  async reload(force = false) {
    const fingerprint = await repo.fingerprint(this.db);
    if (!force && fingerprint === this.fingerprint) return;
    const [vendors, games] = await Promise.all([repo.allVendors(this.db), repo.allGames(this.db)]);
    this.fingerprint = fingerprint;
    this.rows = { vendors, games };
    const categoryOf = new Map(vendors.map((vendor) => [vendor.code, vendor.category]));
    this.sessionGames = new Map(
      games.flatMap((game) => {
        const category = categoryOf.get(game.vendorCode);
        if (category === undefined) return [];
        const facts = { gameCode: game.gameCode, vendorCode: game.vendorCode, category };
        return [[game.id, facts] as const];
      }),
    );
    this.rebuild();
  }

  /**
   * Re-ranks the hot list by the last HOT_TURNOVER_HOURS of real-money stakes; the snapshot is
   * rebuilt only when the order moved. Every process ranks from the same rounds.
   */
  async rankHot() {
    const byTurnover = await gameRoundReads.topTurnover(
      this.db,
      HOT_TURNOVER_HOURS,
      HOT_BY_TURNOVER,
    );
    const byPlayers = await gameRoundReads.topPlayers(this.db, POPULAR_HOURS, POPULAR_BY_PLAYERS);
    if (
      byTurnover.join() === this.byTurnover.join() &&
      byPlayers.join() === this.byPlayers.join()
    ) {
      return;
    }
    this.byTurnover = byTurnover;
    this.byPlayers = byPlayers;
    this.rebuild();
  }

  /**
   * A game's code, vendor and category for the game wallet's session (hidden games too): from the
   * snapshot's rows in memory, or read when the game is newer than the snapshot.
   */
  async sessionGame(gameId: bigint): Promise<SessionGame | undefined> {
    return this.sessionGames.get(gameId) ?? gameReads.sessionGame(this.db, gameId);
  }

  private rebuild() {
    this.catalogue = new Catalogue(
      this.rows.vendors,
      this.rows.games,
      this.catalogue.version + 1,
      this.byTurnover,
    );
    this.answers.clear();
    this.byRequest.clear();
  }

  // ── Catalogue answers (the same for every caller) ─────────────────────────────────────────

  /** The answer given before to this very request, while the catalogue is unchanged. */
  answerFor(url: string, language: Language): PreparedAnswer | undefined {
    return this.byRequest.get(`${language}|${url}`);
  }

  /** Keeps a shared answer (never a member's own) for `answerFor`. */
  remember(url: string, language: Language, answer: PreparedAnswer) {
    this.byRequest.set(`${language}|${url}`, answer);
    return answer;
  }

  vendors(language: Language): PreparedAnswer {
    return this.prepared(
      `vendors|${language}`,
      () => JSON.stringify(this.catalogue.vendorsAnswer(language)),
      'best',
    );
  }

  types(typeId: number, language: Language): PreparedAnswer {
    return this.prepared(`types|${typeId}|${language}`, () =>
      // Type 1 is the game classification; no other type is defined.
      JSON.stringify(typeId === 1 ? this.catalogue.typesAnswer(language) : { gameClassify: [] }),
    );
  }

  /**
   * The popular games (spec §7): the games most members played in the last POPULAR_HOURS, then
   * the hot list to fill up to POPULAR_GAMES_MAX; of one category when `gameType` is given.
   */
  popular(category: GameCategory | undefined, language: Language): PreparedAnswer {
    return this.prepared(`popular|${category ?? ''}|${language}`, () => {
      const chosen: CatalogueGame[] = [];
      const seen = new Set<string>();
      const take = (games: readonly CatalogueGame[]) => {
        for (const game of games) {
          if (chosen.length >= POPULAR_GAMES_MAX) return;
          if (seen.has(game.nodeId)) continue;
          if (category !== undefined && game.category !== category) continue;
          seen.add(game.nodeId);
          chosen.push(game);
        }
      };
      take(this.catalogue.gamesOf(this.byPlayers));
      take(this.catalogue.hot);
      if (category !== undefined) take(this.catalogue.find({ category }));
      return `{"list":${gamesJson(chosen, language)}}`;
    });
  }

  hot(language: Language): PreparedAnswer {
    return this.prepared(
      `hot|${language}`,
      () => `{"list":${gamesJson(this.catalogue.hot, language)}}`,
      'best',
    );
  }

  /**
   * A page of the game list. ALL, HOT and NEW are the same for everyone and answered from the
   * answer cache; FAV and RECENT are the member's own and need a session.
   */
  async list(
    query: GameListQuery,
    language: Language,
    memberId: bigint | undefined,
  ): Promise<PreparedAnswer> {
    const filter = this.filterOf(query);
    if (query.dataType === 'FAV' || query.dataType === 'RECENT') {
      if (memberId === undefined) throw new AppError('session.notLoggedIn');
      const ids =
        query.dataType === 'FAV'
          ? await this.favouriteGameIds(memberId)
          : await repo.recentIds(this.db, memberId);
      const found = this.catalogue.find(filter, this.catalogue.gamesOf(ids));
      return new PreparedAnswer(okJson(this.pageJson(found, query, language)), 'once');
    }
    const key = `list|${language}|${query.pageNo}|${query.pageSize}|${JSON.stringify(filter, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
    return this.prepared(key, () => this.pageJson(this.catalogue.find(filter), query, language));
  }

  // ── Favourites ────────────────────────────────────────────────────────────────────────────

  /** Adds a favourite; one the member has already is left as it is. */
  async addFavourite(memberId: bigint, nodeId: string) {
    const game = this.catalogue.game(nodeId);
    if (!game) throw notFound();
    await repo.addFavourite(this.db, memberId, game.id);
    await this.favourites.invalidate(memberId.toString());
  }

  /** Removes a favourite, also of a game hidden since; removing one that is not there is fine. */
  async removeFavourite(memberId: bigint, nodeId: string) {
    await repo.removeFavourite(this.db, memberId, BigInt(nodeId));
    await this.favourites.invalidate(memberId.toString());
  }

  /** The member's favourite game ids, newest first: from this process's copy, else the database. */
  private async favouriteGameIds(memberId: bigint): Promise<readonly bigint[]> {
    const ids = await this.favourites.getOrLoad(memberId.toString(), () =>
      repo.favouriteIds(this.db, memberId),
    );
    return ids ?? [];
  }

  async favouriteIds(memberId: bigint): Promise<string[]> {
    const ids = await this.favouriteGameIds(memberId);
    return this.catalogue.gamesOf(ids).map((game) => game.nodeId);
  }

  async favouriteList(memberId: bigint, query: FavouriteListQuery, language: Language) {
    const ids = await this.favouriteGameIds(memberId);
    const found = this.catalogue.find(
      { category: query.gameType, vendor: query.vendor },
      this.catalogue.gamesOf(ids),
    );
    const page = pageOf(found, query.pageNo, query.pageSize);
    return new PreparedAnswer(
      okJson(
        `{"content":${gamesJson(page.games, language)},"totalPages":${page.totalPages},"pageNum":${page.pageNum},"pageSize":${query.pageSize}}`,
      ),
      'once',
    );
  }

  // ── Recent games ──────────────────────────────────────────────────────────────────────────

  async addRecent(memberId: bigint, nodeId: string) {
    const game = this.catalogue.game(nodeId);
    if (!game) throw notFound();
    await repo.addRecent(this.db, memberId, game.id);
  }

  async recentList(memberId: bigint, query: RecentListQuery, language: Language) {
    const ids = await repo.recentIds(this.db, memberId);
    const found = this.catalogue.find(
      { category: query.gameType, vendor: query.vendor },
      this.catalogue.gamesOf(ids),
    );
    const page = pageOf(found, query.page, query.pageSize);
    return new PreparedAnswer(
      okJson(`{"list":${gamesJson(page.games, language)},"totalPages":${page.totalPages}}`),
      'once',
    );
  }

  // ── Winner board ──────────────────────────────────────────────────────────────────────────

  /**
   * The largest of the latest big wins, largest first, with the winners' names masked; players'
   * real wins (game rounds) come before the demo rows.
   */
  async winners(query: WinnersQuery, language: Language): Promise<PreparedAnswer> {
    const wins = await this.latestWins();
    const key = `winners|${wins.loadedAt}|${query.gameCategory}|${query.limitNum}|${language}`;
    return this.prepared(key, () => {
      const chosen: { win: (typeof wins.rows)[number]; game: CatalogueGame }[] = [];
      for (const win of wins.rows) {
        if (chosen.length === query.limitNum) break;
        const game = this.catalogue.game(win.gameId.toString());
        if (!game || (query.gameCategory !== 'ALL' && game.category !== query.gameCategory)) {
          continue;
        }
        chosen.push({ win, game });
      }
      // Chosen real wins first; shown largest first (spec §2), whichever they are.
      chosen.sort((a, b) =>
        a.win.winMinor === b.win.winMinor ? 0 : a.win.winMinor > b.win.winMinor ? -1 : 1,
      );
      const entries = chosen.map(({ win, game }) =>
        JSON.stringify({
          vo: {
            nodeId: game.nodeId,
            iconUrl: game.iconUrl,
            gameName: game.names[language],
            customerName: maskCustomerName(win.customerName),
            winAmount: Number(win.winMinor) / 100,
          },
        }),
      );
      return `[${entries.join(',')}]`;
    });
  }

  /**
   * Puts a settled round's big win on the winner board, once per round (the game wallet calls
   * it); the board shows it at its next read.
   */
  async noteBigWin(win: BigWin): Promise<void> {
    if (await repo.insertBigWinOnce(this.db, win)) this.wins = undefined;
  }

  private latestWins(): Promise<LatestWins> {
    const now = Date.now();
    const current = this.wins;
    if (current) {
      return current.then((wins) =>
        now - wins.loadedAt < WINNERS_TTL_MS ? wins : this.loadWins(now),
      );
    }
    return this.loadWins(now);
  }

  private loadWins(now: number): Promise<LatestWins> {
    const loading = repo.latestWins(this.db).then(
      (rows) => ({
        loadedAt: now,
        // Players' real wins first, the demo rows only fill a board with too few of them.
        rows: rows.sort(
          (a, b) =>
            Number(b.real) - Number(a.real) ||
            (a.winMinor === b.winMinor ? 0 : a.winMinor > b.winMinor ? -1 : 1),
        ),
      }),
      (error: unknown) => {
        if (this.wins === loading) this.wins = undefined;
        throw error;
      },
    );
    this.wins = loading;
    return loading;
  }

  // ── Operator changes ──────────────────────────────────────────────────────────────────────

  async vendorList(): Promise<VendorRow[]> {
    return repo.allVendors(this.db);
  }

  async gameList(vendor?: string, hidden?: boolean): Promise<GameRow[]> {
    const rows = await repo.allGames(this.db);
    return rows.filter(
      (row) =>
        (vendor === undefined || row.vendorCode === vendor) &&
        (hidden === undefined || row.hidden === hidden),
    );
  }

  async addVendor(vendor: z.output<typeof OpsVendorCreateSchema>, trail: AuditTrail) {
    if (await repo.vendor(this.db, vendor.code)) throw new AppError('game.vendorExists');
    await this.db.transaction(async (tx) => {
      await repo.insertVendors(tx, [
        { ...vendor, iconSeed: seedOf(vendor.code), sortOrder: vendor.sortOrder ?? 1_000_000 },
      ]);
      await trail.record(tx, {
        action: 'catalogue.vendorAdd',
        targetType: 'vendor',
        targetId: vendor.code,
        after: vendor,
      });
    });
    await this.changed();
    return repo.vendor(this.db, vendor.code);
  }

  async updateVendor(
    code: string,
    change: z.output<typeof OpsVendorUpdateSchema>,
    trail?: AuditTrail,
  ) {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.vendor(tx, code);
      const updated = await repo.updateVendor(tx, code, change);
      const changed = before && changedFields(before, change);
      if (updated && changed) {
        await trail?.record(tx, {
          action: 'catalogue.vendorUpdate',
          targetType: 'vendor',
          targetId: code,
          ...changed,
        });
      }
      return updated;
    });
    if (!row) throw new AppError('game.vendorNotFound');
    await this.changed();
    return row;
  }

  async reorderVendors(codes: string[], trail?: AuditTrail) {
    const known = new Set((await repo.allVendors(this.db)).map((vendor) => vendor.code));
    if (codes.some((code) => !known.has(code))) throw new AppError('game.vendorNotFound');
    await this.db.transaction(async (tx) => {
      await repo.reorderVendors(tx, codes);
      await trail?.record(tx, {
        action: 'catalogue.vendorOrder',
        targetType: 'vendorOrder',
        targetId: 'all',
        after: { codes },
      });
    });
    await this.changed();
  }

  async addGame(game: z.output<typeof OpsGameCreateSchema>, trail: AuditTrail) {
    const vendor = await repo.vendor(this.db, game.vendorCode);
    if (!vendor) throw new AppError('game.vendorNotFound');
    const seed = seedOf(`${game.vendorCode}/${game.gameCode}`);
    const inserted = await this.db.transaction(async (tx) => {
      const [row] = await repo.insertGames(tx, [
        {
          ...game,
          gameType: game.gameType ?? vendor.gameType,
          minBetMinor: BigInt(game.minBetMinor ?? 0),
          iconSeed: seed,
          theme: game.theme ?? seed % 8,
          sortOrder: game.sortOrder ?? 1_000_000,
        },
      ]);
      if (row) {
        await trail.record(tx, {
          action: 'catalogue.gameAdd',
          targetType: 'game',
          targetId: String(row.id),
          after: game,
        });
      }
      return row;
    });
    if (!inserted) throw new AppError('game.exists');
    await this.changed();
    return (await repo.game(this.db, inserted.id))!;
  }

  async updateGame(
    nodeId: string,
    change: z.output<typeof OpsGameUpdateSchema>,
    trail?: AuditTrail,
  ) {
    const { minBetMinor, ...rest } = change;
    const values = {
      ...rest,
      ...(minBetMinor === undefined ? {} : { minBetMinor: BigInt(minBetMinor) }),
    };
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.game(tx, BigInt(nodeId));
      const updated = await repo.updateGame(tx, BigInt(nodeId), values);
      const changed = before && changedFields(before, values);
      if (updated && changed) {
        await trail?.record(tx, {
          action: 'catalogue.gameUpdate',
          targetType: 'game',
          targetId: nodeId,
          ...changed,
        });
      }
      return updated;
    });
    if (!row) throw notFound();
    await this.changed();
    return row;
  }

  async reorderGames(vendorCode: string, nodeIds: string[], trail?: AuditTrail) {
    if (!(await repo.vendor(this.db, vendorCode))) throw new AppError('game.vendorNotFound');
    await this.db.transaction(async (tx) => {
      await repo.reorderGames(tx, vendorCode, nodeIds.map(BigInt));
      await trail?.record(tx, {
        action: 'catalogue.gameOrder',
        targetType: 'vendor',
        targetId: vendorCode,
        after: { nodeIds },
      });
    });
    await this.changed();
  }

  // ── Inner workings ────────────────────────────────────────────────────────────────────────

  /** Reloads here at once, then tells the other processes. */
  private async changed() {
    await this.reload(true);
    await this.cache.publish(CHANNEL, this.sender);
  }

  private prepared(key: string, make: () => string, compression?: Compression): PreparedAnswer {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = new PreparedAnswer(okJson(make()), compression);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private pageJson(found: readonly CatalogueGame[], query: GameListQuery, language: Language) {
    const page = pageOf(found, query.pageNo, query.pageSize);
    return `{"games":${gamesJson(page.games, language)},"pageNum":${page.pageNum},"totalPages":${page.totalPages},"totalCount":${page.totalCount}}`;
  }

  /** The list query as a filter, with the spec's rules: BINGO is RNG with classification BG. */
  private filterOf(query: GameListQuery): GameFilter {
    let category: GameCategory | undefined = query.gameType;
    let classification = query.gameClassify || undefined;
    if (category === 'BINGO') classification = 'BG';
    if (category === 'RNG' && classification === 'BG') category = 'BINGO';
    let vendor: string | undefined;
    if (query.vassalage) {
      // vassalage names a vendor or a sub-category (a classification key).
      if (!this.catalogue.hasVendor(query.vassalage) && query.vassalage in GAME_CLASSIFICATIONS) {
        classification = query.vassalage;
      } else {
        vendor = query.vassalage;
      }
    }
    const search = query.gameName ? normaliseSearch(query.gameName) : '';
    return {
      category,
      vendor,
      classification,
      playType: query.playType,
      search: search || undefined,
      isNew: query.isNew || query.dataType === 'NEW' ? true : undefined,
      hotOnly: query.dataType === 'HOT' || undefined,
      maxMinBetMinor: query.minBet ? BigInt(Math.round(query.minBet * 100)) : undefined,
      minLines: query.minLine || undefined,
    };
  }
}

/** A stable icon seed from a code, so an added vendor or game always draws the same icon. */
export function seedOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return (hash >>> 0) % 2 ** 31;
}
