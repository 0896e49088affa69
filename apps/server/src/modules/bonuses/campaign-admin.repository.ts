/**
 * Queries of the operator's campaign desk (owned by modules/bonuses): campaigns, their uptake
 * from the members' bonuses, and the abuse flags. The engine's own reads are in
 * campaigns.repository.ts.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bonusCampaigns, bonusFlags, memberBonuses } from '../../db/schema/bonuses';

export type CampaignRow = typeof bonusCampaigns.$inferSelect;
export type NewCampaign = typeof bonusCampaigns.$inferInsert;
export type BonusFlagRow = typeof bonusFlags.$inferSelect;

/** One campaign's members' bonuses of one status: how many, their amounts, what they settled. */
export interface UptakeRow {
  campaignId: bigint;
  status: string;
  count: number;
  amountMinor: bigint;
  settledMinor: bigint;
}

export const campaignAdminRepository = {
  async insert(db: DbOrTx, row: NewCampaign): Promise<CampaignRow> {
    const [inserted] = await db.insert(bonusCampaigns).values(row).returning();
    return inserted!;
  },

  async byId(db: DbOrTx, id: bigint): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, id));
    return row;
  },

  /** The campaign locked until the transaction ends: two edits of it queue here. */
  async lock(db: DbOrTx, id: bigint): Promise<CampaignRow | undefined> {
    const [row] = await db
      .select()
      .from(bonusCampaigns)
      .where(eq(bonusCampaigns.id, id))
      .for('update');
    return row;
  },

  async update(db: DbOrTx, id: bigint, change: Partial<NewCampaign>): Promise<CampaignRow> {
    const [row] = await db
      .update(bonusCampaigns)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(bonusCampaigns.id, id))
      .returning();
    return row!;
  },

  /** The campaign holding this promo code, if any. */
  async byPromoCode(db: DbOrTx, code: string): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(bonusCampaigns).where(eq(bonusCampaigns.promoCode, code));
    return row;
  },

  /** Every campaign (there are tens, not thousands), of one kind when asked, newest first. */
  list(db: DbOrTx, kind?: string): Promise<CampaignRow[]> {
    return db
      .select()
      .from(bonusCampaigns)
      .where(kind === undefined ? undefined : eq(bonusCampaigns.kind, kind))
      .orderBy(desc(bonusCampaigns.id));
  },

  /** The members' bonuses of these campaigns, counted and summed by campaign and status. */
  async uptake(db: DbOrTx, campaignIds: readonly bigint[]): Promise<UptakeRow[]> {
    if (campaignIds.length === 0) return [];
    const rows = await db
      .select({
        campaignId: memberBonuses.campaignId,
        status: memberBonuses.status,
        count: sql<number>`count(*)::int`,
        amountMinor: sql<string>`coalesce(sum(${memberBonuses.amountMinor}), 0)::text`,
        settledMinor: sql<string>`coalesce(sum(${memberBonuses.settledMinor}), 0)::text`,
      })
      .from(memberBonuses)
      .where(inArray(memberBonuses.campaignId, [...campaignIds]))
      .groupBy(memberBonuses.campaignId, memberBonuses.status);
    return rows.map((row) => ({
      ...row,
      amountMinor: BigInt(row.amountMinor),
      settledMinor: BigInt(row.settledMinor),
    }));
  },

  /** The members holding an active bonus of these campaigns (one active bonus per member). */
  activeHolders(
    db: DbOrTx,
    campaignIds: readonly bigint[],
  ): Promise<Array<{ campaignId: bigint; memberId: bigint }>> {
    if (campaignIds.length === 0) return Promise.resolve([]);
    return db
      .select({ campaignId: memberBonuses.campaignId, memberId: memberBonuses.memberId })
      .from(memberBonuses)
      .where(
        and(
          inArray(memberBonuses.campaignId, [...campaignIds]),
          eq(memberBonuses.status, 'active'),
        ),
      );
  },

  /** A page of abuse flags, newest first. */
  flags(db: DbOrTx, q: { beforeId?: bigint; limit: number }): Promise<BonusFlagRow[]> {
    return db
      .select()
      .from(bonusFlags)
      .where(and(q.beforeId === undefined ? undefined : lt(bonusFlags.id, q.beforeId)))
      .orderBy(desc(bonusFlags.id))
      .limit(q.limit);
  },
};
