/**
 * Members' bonuses, the once-per-person claims, deposit opt-ins and abuse flags: queries only.
 * Every state change is a conditional update on the status it leaves, so two processes ending
 * the same bonus cannot both move its money.
 */
import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  bonusDepositOptIns,
  bonusFlags,
  bonusPersonClaims,
  memberBonuses,
} from '../../db/schema/bonuses';

export type MemberBonusRow = typeof memberBonuses.$inferSelect;
export type OptInRow = typeof bonusDepositOptIns.$inferSelect;
export type FlagRow = typeof bonusFlags.$inferSelect;

export const memberBonusesRepository = {
  /** A new bonus (queued or refused); undefined when the claim key was taken before. */
  async insert(db: DbOrTx, row: typeof memberBonuses.$inferInsert) {
    const [made] = await db.insert(memberBonuses).values(row).onConflictDoNothing().returning();
    return made;
  },

  async byId(db: DbOrTx, id: bigint): Promise<MemberBonusRow | undefined> {
    const [row] = await db.select().from(memberBonuses).where(eq(memberBonuses.id, id));
    return row;
  },

  async byClaim(db: DbOrTx, campaignId: bigint, memberId: bigint, claimKey: string) {
    const [row] = await db
      .select()
      .from(memberBonuses)
      .where(
        and(
          eq(memberBonuses.campaignId, campaignId),
          eq(memberBonuses.memberId, memberId),
          eq(memberBonuses.claimKey, claimKey),
        ),
      );
    return row;
  },

  async active(db: DbOrTx, memberId: bigint): Promise<MemberBonusRow | undefined> {
    const [row] = await db
      .select()
      .from(memberBonuses)
      .where(and(eq(memberBonuses.memberId, memberId), eq(memberBonuses.status, 'active')));
    return row;
  },

  /** The member's bonuses, newest first (the page shows at most `limit`). */
  async ofMember(db: DbOrTx, memberId: bigint, limit: number) {
    return db
      .select()
      .from(memberBonuses)
      .where(eq(memberBonuses.memberId, memberId))
      .orderBy(desc(memberBonuses.id))
      .limit(limit);
  },

  /** Has the member taken this campaign before (any status but refused)? */
  async taken(db: DbOrTx, campaignId: bigint, memberId: bigint): Promise<boolean> {
    const [row] = await db
      .select({ id: memberBonuses.id })
      .from(memberBonuses)
      .where(
        and(
          eq(memberBonuses.campaignId, campaignId),
          eq(memberBonuses.memberId, memberId),
          sql`${memberBonuses.status} <> 'refused'`,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Has the member taken any bonus of these kinds (first deposit: once per member as well)? */
  async takenKind(db: DbOrTx, memberId: bigint, kinds: readonly string[]): Promise<boolean> {
    const [row] = await db
      .select({ id: memberBonuses.id })
      .from(memberBonuses)
      .where(
        and(
          eq(memberBonuses.memberId, memberId),
          inArray(memberBonuses.kind, [...kinds]),
          notInArray(memberBonuses.status, ['refused']),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /**
   * The oldest queued bonus becomes active when the member has none active. The partial unique
   * index (one active per member) decides a race: the loser's statement fails, inside the
   * caller's savepoint.
   */
  async activateOldestQueued(db: DbOrTx, memberId: bigint, now: Date) {
    const rows = rowsOf<{ id: string | number }>(
      await db.execute(sql`
        update member_bonuses set status = 'active', activated_at = ${now},
          expires_at = ${now}::timestamptz + make_interval(hours => (terms->>'validHours')::int)
        where id = (
          select id from member_bonuses where member_id = ${memberId} and status = 'queued'
          order by id limit 1)
        and status = 'queued'
        and not exists (
          select 1 from member_bonuses where member_id = ${memberId} and status = 'active')
        returning id`),
    );
    return rows[0] === undefined ? undefined : BigInt(rows[0].id);
  },

  /** Ends a bonus that is in one of `from`; undefined when it had left them already. */
  async end(
    db: DbOrTx,
    id: bigint,
    from: readonly string[],
    change: { status: string; settledMinor: bigint | null; reason?: string | null; now: Date },
  ) {
    const [row] = await db
      .update(memberBonuses)
      .set({
        status: change.status,
        settledMinor: change.settledMinor,
        reason: change.reason ?? null,
        endedAt: change.now,
      })
      .where(and(eq(memberBonuses.id, id), inArray(memberBonuses.status, [...from])))
      .returning();
    return row;
  },

  async setWagered(db: DbOrTx, id: bigint, wageredMinor: bigint) {
    await db
      .update(memberBonuses)
      .set({ wageredMinor })
      .where(and(eq(memberBonuses.id, id), eq(memberBonuses.status, 'active')));
  },

  /** Active bonuses, a batch in id order after `afterId` (the wagering pass). */
  async activeBatch(db: DbOrTx, afterId: bigint, limit: number) {
    return db
      .select()
      .from(memberBonuses)
      .where(and(eq(memberBonuses.status, 'active'), sql`${memberBonuses.id} > ${afterId}`))
      .orderBy(asc(memberBonuses.id))
      .limit(limit);
  },

  /** Members with a queued bonus and none active (their queue moves on). */
  async membersWaiting(db: DbOrTx, limit: number): Promise<bigint[]> {
    const rows = rowsOf<{ member_id: string | number }>(
      await db.execute(sql`
        select distinct q.member_id from member_bonuses q
        where q.status = 'queued' and not exists (
          select 1 from member_bonuses a where a.member_id = q.member_id and a.status = 'active')
        limit ${limit}`),
    );
    return rows.map((row) => BigInt(row.member_id));
  },

  /** Active bonuses whose time is up. */
  async expiredIds(db: DbOrTx, now: Date, limit: number): Promise<bigint[]> {
    const rows = await db
      .select({ id: memberBonuses.id })
      .from(memberBonuses)
      .where(and(eq(memberBonuses.status, 'active'), lte(memberBonuses.expiresAt, now)))
      .limit(limit);
    return rows.map((row) => row.id);
  },

  // ── Once per person ───────────────────────────────────────────────────────────────────

  /** The keys already claimed by a member other than `memberId`. */
  async claimedKeys(db: DbOrTx, scope: string, keys: readonly string[], memberId: bigint) {
    if (keys.length === 0) return [];
    const rows = await db
      .select({ personKey: bonusPersonClaims.personKey, memberId: bonusPersonClaims.memberId })
      .from(bonusPersonClaims)
      .where(
        and(eq(bonusPersonClaims.scope, scope), inArray(bonusPersonClaims.personKey, [...keys])),
      );
    return rows.filter((row) => row.memberId !== memberId).map((row) => row.personKey);
  },

  /**
   * Writes one row per key; false when any key was claimed before (the primary key decides a
   * race: the second insert waits for the first transaction and then finds its row).
   */
  async claimPerson(
    db: DbOrTx,
    scope: string,
    keys: readonly string[],
    memberId: bigint,
    memberBonusId: bigint,
  ): Promise<boolean> {
    if (keys.length === 0) return true;
    const made = await db
      .insert(bonusPersonClaims)
      .values(keys.map((personKey) => ({ scope, personKey, memberId, memberBonusId })))
      .onConflictDoNothing()
      .returning({ key: bonusPersonClaims.personKey });
    return made.length === keys.length;
  },

  // ── Deposit opt-ins ───────────────────────────────────────────────────────────────────

  async insertOptIn(db: DbOrTx, row: typeof bonusDepositOptIns.$inferInsert) {
    await db.insert(bonusDepositOptIns).values(row).onConflictDoNothing();
  },

  async optIn(db: DbOrTx, depositId: bigint): Promise<OptInRow | undefined> {
    const [row] = await db
      .select()
      .from(bonusDepositOptIns)
      .where(eq(bonusDepositOptIns.depositId, depositId));
    return row;
  },

  // ── Flags ─────────────────────────────────────────────────────────────────────────────

  /** How many members redeemed this campaign's code from this device. */
  async promoMembersOnDevice(db: DbOrTx, campaignId: bigint, deviceId: string): Promise<number> {
    const rows = rowsOf<{ n: number | string }>(
      await db.execute(sql`
        select count(distinct member_id)::int as n from member_bonuses
        where campaign_id = ${campaignId} and status <> 'refused' and origin->>'device' = ${deviceId}`),
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** A new end time for an active bonus; undefined when it is not active (any more). */
  async setExpiry(db: DbOrTx, id: bigint, expiresAt: Date): Promise<MemberBonusRow | undefined> {
    const [row] = await db
      .update(memberBonuses)
      .set({ expiresAt })
      .where(and(eq(memberBonuses.id, id), eq(memberBonuses.status, 'active')))
      .returning();
    return row;
  },

  async insertFlag(db: DbOrTx, row: typeof bonusFlags.$inferInsert) {
    await db.insert(bonusFlags).values(row);
  },

  async flags(db: DbOrTx, limit: number): Promise<FlagRow[]> {
    return db.select().from(bonusFlags).orderBy(desc(bonusFlags.id)).limit(limit);
  },
};
