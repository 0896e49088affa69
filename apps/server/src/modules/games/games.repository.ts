/** Queries on the catalogue (vendors, games), favourites, recent games and big wins. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { bigWins, favouriteGames, games, recentGames, vendors } from '../../db/schema/games';

export type VendorRow = typeof vendors.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type NewVendor = typeof vendors.$inferInsert;
export type NewGame = typeof games.$inferInsert;

/** A member keeps this many recent games; older ones drop off as new ones are played. */
export const RECENT_GAMES_KEPT = 100;
/** The winner board ranks the wins among this many latest ones. */
const LATEST_WINS = 200;

/**
 * The member pages' reads, prepared once per database handle: they run on every favourites and
 * recent-games page, so they skip query building and Postgres plans them once per connection.
 */
function memberStatements(db: Database) {
  const member = sql.placeholder('member');
  return {
    favouriteIds: db
      .select({ gameId: favouriteGames.gameId })
      .from(favouriteGames)
      .where(eq(favouriteGames.memberId, member))
      .orderBy(desc(favouriteGames.createdAt), desc(favouriteGames.gameId))
      .prepare('favourite_ids'),
    recentIds: db
      .select({ gameId: recentGames.gameId })
      .from(recentGames)
      .where(eq(recentGames.memberId, member))
      .orderBy(desc(recentGames.playedAt), desc(recentGames.gameId))
      .prepare('recent_ids'),
  };
}

const preparedFor = new WeakMap<Database, ReturnType<typeof memberStatements>>();
function prepared(db: Database) {
  let statements = preparedFor.get(db);
  if (!statements) preparedFor.set(db, (statements = memberStatements(db)));
  return statements;
}

export const gamesRepository = {
  async allVendors(db: DbOrTx) {
    return db.select().from(vendors).orderBy(asc(vendors.sortOrder), asc(vendors.code));
  },

  async allGames(db: DbOrTx) {
    return db
      .select()
      .from(games)
      .orderBy(asc(games.vendorCode), asc(games.sortOrder), asc(games.id));
  },

  /** Changes whenever a vendor or game is added or changed: the catalogue's cheap fingerprint. */
  async fingerprint(db: DbOrTx): Promise<string> {
    const [row] = await db
      .select({
        fingerprint: sql<string>`concat_ws('|',
          (select count(*) from ${vendors}), (select max(${vendors.updatedAt}) from ${vendors}),
          (select count(*) from ${games}), (select max(${games.updatedAt}) from ${games}))`,
      })
      .from(sql`(select 1) as one`);
    return row?.fingerprint ?? '';
  },

  /** Points the catalogue vendors `codes` that name no registry vendor at `registryCode`. */
  async serveUnservedBy(db: DbOrTx, codes: string[], registryCode: string) {
    await db
      .update(vendors)
      .set({ servedBy: registryCode, updatedAt: sql`now()` })
      .where(and(inArray(vendors.code, codes), isNull(vendors.servedBy)));
  },

  async vendorCount(db: DbOrTx) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(vendors);
    return row?.count ?? 0;
  },

  async insertVendors(db: DbOrTx, rows: NewVendor[]) {
    if (rows.length) await db.insert(vendors).values(rows).onConflictDoNothing();
  },

  async insertGames(db: DbOrTx, rows: NewGame[]) {
    return db.insert(games).values(rows).onConflictDoNothing().returning({ id: games.id });
  },

  async vendor(db: DbOrTx, code: string) {
    const [row] = await db.select().from(vendors).where(eq(vendors.code, code));
    return row;
  },

  async updateVendor(db: DbOrTx, code: string, change: Partial<NewVendor>) {
    const [row] = await db
      .update(vendors)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(vendors.code, code))
      .returning();
    return row;
  },

  async game(db: DbOrTx, id: bigint) {
    const [row] = await db.select().from(games).where(eq(games.id, id));
    return row;
  },

  async updateGame(db: DbOrTx, id: bigint, change: Partial<NewGame>) {
    const [row] = await db
      .update(games)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(games.id, id))
      .returning();
    return row;
  },

  /** Sets each listed vendor's sort order to its position in `codes`. */
  async reorderVendors(db: DbOrTx, codes: string[]) {
    for (const [position, code] of codes.entries()) {
      await db
        .update(vendors)
        .set({ sortOrder: position, updatedAt: sql`now()` })
        .where(eq(vendors.code, code));
    }
  },

  /** Sets each listed game's sort order (within its vendor) to its position in `ids`. */
  async reorderGames(db: DbOrTx, vendorCode: string, ids: bigint[]) {
    for (const [position, id] of ids.entries()) {
      await db
        .update(games)
        .set({ sortOrder: position, updatedAt: sql`now()` })
        .where(and(eq(games.id, id), eq(games.vendorCode, vendorCode)));
    }
  },

  // ── Favourites ─────────────────────────────────────────────────────────────────────────────

  /** Adds the favourite; adding one that exists changes nothing. */
  async addFavourite(db: DbOrTx, memberId: bigint, gameId: bigint) {
    await db.insert(favouriteGames).values({ memberId, gameId }).onConflictDoNothing();
  },

  async removeFavourite(db: DbOrTx, memberId: bigint, gameId: bigint) {
    await db
      .delete(favouriteGames)
      .where(and(eq(favouriteGames.memberId, memberId), eq(favouriteGames.gameId, gameId)));
  },

  /** The member's favourite game ids, newest first. */
  async favouriteIds(db: Database, memberId: bigint): Promise<bigint[]> {
    const rows = await prepared(db).favouriteIds.execute({ member: memberId });
    return rows.map((row) => row.gameId);
  },

  // ── Recent games ───────────────────────────────────────────────────────────────────────────

  /** Records a play (moving the game to the front) and drops plays beyond the kept number. */
  async addRecent(db: DbOrTx, memberId: bigint, gameId: bigint) {
    await db
      .insert(recentGames)
      .values({ memberId, gameId })
      .onConflictDoUpdate({
        target: [recentGames.memberId, recentGames.gameId],
        set: { playedAt: sql`now()` },
      });
    await db.execute(sql`
      delete from ${recentGames} where ${recentGames.memberId} = ${memberId}
        and ${recentGames.gameId} not in (
          select ${recentGames.gameId} from ${recentGames} where ${recentGames.memberId} = ${memberId}
          order by ${recentGames.playedAt} desc limit ${RECENT_GAMES_KEPT})`);
  },

  /** The member's recent game ids, latest first. */
  async recentIds(db: Database, memberId: bigint): Promise<bigint[]> {
    const rows = await prepared(db).recentIds.execute({ member: memberId });
    return rows.map((row) => row.gameId);
  },

  // ── Big wins ───────────────────────────────────────────────────────────────────────────────

  async bigWinCount(db: DbOrTx) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(bigWins);
    return row?.count ?? 0;
  },

  /** One round's big win; false when the round is on the board already. */
  async insertBigWinOnce(db: DbOrTx, win: typeof bigWins.$inferInsert): Promise<boolean> {
    const added = await db
      .insert(bigWins)
      .values(win)
      .onConflictDoNothing()
      .returning({ id: bigWins.id });
    return added.length > 0;
  },
  async insertBigWins(db: DbOrTx, rows: Array<typeof bigWins.$inferInsert>) {
    if (rows.length) await db.insert(bigWins).values(rows);
  },

  /** The latest big wins; the board ranks these by amount. */
  async latestWins(db: DbOrTx) {
    return db
      .select({
        gameId: bigWins.gameId,
        customerName: bigWins.customerName,
        winMinor: bigWins.winMinor,
        real: sql<boolean>`${bigWins.memberId} is not null`,
      })
      .from(bigWins)
      .orderBy(desc(bigWins.createdAt), desc(bigWins.id))
      .limit(LATEST_WINS);
  },
};
