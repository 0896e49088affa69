/**
 * The game wallet's read API for other modules: game rounds as they stand, so no other module
 * queries game_rounds itself. Each read takes the caller's `db` or transaction handle.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gameRounds } from '../../db/schema/game-wallet';

export type RoundRow = typeof gameRounds.$inferSelect;

export interface MemberRoundQuery {
  memberId: bigint;
  /** Rounds opened in [from, to). */
  from: Date;
  to: Date;
  /** Only rounds below this id (a page's cursor). */
  beforeId?: bigint;
  limit: number;
}

export const gameRoundReads = {
  /** A provider's round by the provider's own round id. */
  async roundByRef(db: DbOrTx, providerCode: string, roundRef: string) {
    const [row] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerCode, providerCode), eq(gameRounds.roundRef, roundRef)));
    return row;
  },

  /**
   * A provider's rounds left open since before `before` (a crash mid-round), in id order; a
   * caller that skips some of them pages on with `afterId`, the last id it was given.
   */
  async staleOpenRounds(
    db: DbOrTx,
    providerCode: string,
    before: Date,
    limit: number,
    afterId?: bigint,
  ) {
    return db
      .select()
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.providerCode, providerCode),
          eq(gameRounds.status, 'open'),
          lt(gameRounds.openedAt, before),
          afterId === undefined ? undefined : gt(gameRounds.id, afterId),
        ),
      )
      .orderBy(asc(gameRounds.id))
      .limit(limit);
  },

  /**
   * One page of a member's rounds opened in the period, newest first (ids grow with time), below
   * a cursor id. Game ids only: the games module names them.
   */
  async memberRounds(db: DbOrTx, q: MemberRoundQuery) {
    return db
      .select({
        id: gameRounds.id,
        gameId: gameRounds.gameId,
        providerCode: gameRounds.providerCode,
        roundRef: gameRounds.roundRef,
        openedAt: gameRounds.openedAt,
        settledAt: gameRounds.settledAt,
        status: gameRounds.status,
        accountKind: gameRounds.accountKind,
        stakeMinor: gameRounds.stakeMinor,
        winMinor: gameRounds.winMinor,
        balanceBeforeMinor: gameRounds.balanceBeforeMinor,
        balanceAfterMinor: gameRounds.balanceAfterMinor,
      })
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.memberId, q.memberId),
          gte(gameRounds.openedAt, q.from),
          lt(gameRounds.openedAt, q.to),
          q.beforeId === undefined ? undefined : lt(gameRounds.id, q.beforeId),
        ),
      )
      .orderBy(desc(gameRounds.id))
      .limit(q.limit);
  },

  /**
   * Game ids by how many members played them (rounds opened in the last `hours`), most first:
   * the popular list. The same rounds (and index) as the hot list's turnover.
   */
  async topPlayers(db: DbOrTx, hours: number, limit: number): Promise<bigint[]> {
    const players = sql`count(distinct ${gameRounds.memberId})`;
    const rows = await db
      .select({ gameId: gameRounds.gameId })
      .from(gameRounds)
      .where(gte(gameRounds.openedAt, sql`now() - make_interval(hours => ${hours})`))
      .groupBy(gameRounds.gameId)
      .orderBy(desc(players), gameRounds.gameId)
      .limit(limit);
    return rows.map((row) => row.gameId);
  },

  /** Game ids by real-money stakes of rounds opened in the last `hours`, highest first. */
  async topTurnover(db: DbOrTx, hours: number, limit: number): Promise<bigint[]> {
    const rows = await db
      .select({ gameId: gameRounds.gameId })
      .from(gameRounds)
      .where(
        and(
          gte(gameRounds.openedAt, sql`now() - make_interval(hours => ${hours})`),
          eq(gameRounds.accountKind, 'cash'),
        ),
      )
      .groupBy(gameRounds.gameId)
      .having(sql`sum(${gameRounds.stakeMinor}) > 0`)
      .orderBy(desc(sql`sum(${gameRounds.stakeMinor})`), gameRounds.gameId)
      .limit(limit);
    return rows.map((row) => row.gameId);
  },

  /**
   * The bonus engine's wagering count: the stake of the settled rounds played under each of
   * `memberBonusIds`, per game (index game_rounds_member_bonus). Refunded rounds never count.
   */
  /** Of these bonuses, those with a round still open (a win may yet come to them). */
  async bonusesWithOpenRounds(db: DbOrTx, memberBonusIds: readonly bigint[]) {
    if (memberBonusIds.length === 0) return new Set<bigint>();
    const rows = await db
      .selectDistinct({ id: sql<string>`${gameRounds.memberBonusId}`.mapWith(BigInt) })
      .from(gameRounds)
      .where(
        and(inArray(gameRounds.memberBonusId, [...memberBonusIds]), eq(gameRounds.status, 'open')),
      );
    return new Set(rows.map((row) => row.id));
  },

  async settledStakeByBonus(db: DbOrTx, memberBonusIds: readonly bigint[]) {
    if (memberBonusIds.length === 0) return [];
    return db
      .select({
        memberBonusId: sql<string>`${gameRounds.memberBonusId}`.mapWith(BigInt),
        gameId: gameRounds.gameId,
        stakeMinor: sql<string>`sum(${gameRounds.stakeMinor})`.mapWith(BigInt),
      })
      .from(gameRounds)
      .where(
        and(
          inArray(gameRounds.memberBonusId, [...memberBonusIds]),
          eq(gameRounds.status, 'settled'),
        ),
      )
      .groupBy(gameRounds.memberBonusId, gameRounds.gameId);
  },
};
