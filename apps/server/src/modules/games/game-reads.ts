/**
 * The games module's read API for other modules: facts about games and vendors that live in its
 * tables, hidden games included (a round or a session outlives a game's listing), so no other
 * module queries games or vendors itself. Each read takes the caller's `db` or transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { games, vendors } from '../../db/schema/games';

/** A game's names and its vendor's, in both languages. */
export interface GameNames {
  gameEn: string;
  gameBn: string;
  vendorEn: string;
  vendorBn: string;
}

/** What the game wallet keeps of a session's game. */
export interface SessionGame {
  gameCode: string;
  vendorCode: string;
  /** The vendor's own category (before the catalogue's setup rules). */
  category: string;
}

export const gameReads = {
  /** Names of each of `ids` (one query however many), by game id; unknown ids are left out. */
  async namesByIds(db: DbOrTx, ids: readonly bigint[]): Promise<Map<bigint, GameNames>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({
        id: games.id,
        gameEn: games.nameEn,
        gameBn: games.nameBn,
        vendorEn: vendors.nameEn,
        vendorBn: vendors.nameBn,
      })
      .from(games)
      .innerJoin(vendors, eq(vendors.code, games.vendorCode))
      .where(inArray(games.id, unique));
    return new Map(rows.map(({ id, ...names }) => [id, names]));
  },

  /** A game of one vendor (the in-house games ask for theirs), hidden or not. */
  async gameOfVendor(db: DbOrTx, gameId: bigint, vendorCode: string) {
    const [row] = await db
      .select({
        id: games.id,
        gameCode: games.gameCode,
        nameEn: games.nameEn,
        nameBn: games.nameBn,
        minBetMinor: games.minBetMinor,
        hidden: games.hidden,
      })
      .from(games)
      .where(and(eq(games.id, gameId), eq(games.vendorCode, vendorCode)));
    return row;
  },

  /** A game's code, vendor and the vendor's category, hidden or not. */
  async sessionGame(db: DbOrTx, gameId: bigint): Promise<SessionGame | undefined> {
    const [row] = await db
      .select({
        gameCode: games.gameCode,
        vendorCode: games.vendorCode,
        category: vendors.category,
      })
      .from(games)
      .innerJoin(vendors, eq(vendors.code, games.vendorCode))
      .where(eq(games.id, gameId));
    return row;
  },

  /**
   * The category of each of `ids` (its vendor's, contract `GameCategory`), hidden or not: the
   * bonus engine weighs wagering by it.
   */
  async categoriesByIds(db: DbOrTx, ids: readonly bigint[]): Promise<Map<bigint, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({ id: games.id, category: vendors.category })
      .from(games)
      .innerJoin(vendors, eq(vendors.code, games.vendorCode))
      .where(inArray(games.id, unique));
    return new Map(rows.map((row) => [row.id, row.category]));
  },
};
