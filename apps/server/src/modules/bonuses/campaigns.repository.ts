/**
 * The engine's reads of bonus campaigns (the operator's side, campaigns-ops.*, writes them), and
 * the one write the engine makes to a campaign: counting a use under its total cap.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bonusCampaigns } from '../../db/schema/bonuses';

export type CampaignRow = typeof bonusCampaigns.$inferSelect;

export const campaignsRepository = {
  async byId(db: DbOrTx, id: bigint): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, id));
    return row;
  },

  async byIds(db: DbOrTx, ids: readonly bigint[]): Promise<Map<bigint, CampaignRow>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db.select().from(bonusCampaigns).where(inArray(bonusCampaigns.id, unique));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** The campaign a promo code unlocks (codes are stored upper case). */
  async byPromoCode(db: DbOrTx, code: string): Promise<CampaignRow | undefined> {
    const [row] = await db
      .select()
      .from(bonusCampaigns)
      .where(eq(bonusCampaigns.promoCode, code.toUpperCase()));
    return row;
  },

  /**
   * Campaigns of these kinds that may be given at `now`: not paused, inside their window, without
   * a code, not used up; highest priority first.
   */
  async claimable(db: DbOrTx, kinds: readonly string[], now: Date): Promise<CampaignRow[]> {
    return db
      .select()
      .from(bonusCampaigns)
      .where(
        and(
          inArray(bonusCampaigns.kind, [...kinds]),
          isNull(bonusCampaigns.pausedAt),
          isNull(bonusCampaigns.promoCode),
          or(isNull(bonusCampaigns.startsAt), sql`${bonusCampaigns.startsAt} <= ${now}`),
          or(isNull(bonusCampaigns.endsAt), sql`${bonusCampaigns.endsAt} > ${now}`),
          or(isNull(bonusCampaigns.totalCap), lt(bonusCampaigns.uses, bonusCampaigns.totalCap)),
        ),
      )
      .orderBy(desc(bonusCampaigns.priority), desc(bonusCampaigns.id));
  },

  /**
   * Counts one use under the total cap: a conditional update, so two claims racing for the last
   * use cannot both pass. False: the cap is reached.
   */
  async takeUse(db: DbOrTx, id: bigint): Promise<boolean> {
    const rows = await db
      .update(bonusCampaigns)
      .set({ uses: sql`${bonusCampaigns.uses} + 1` })
      .where(
        and(
          eq(bonusCampaigns.id, id),
          or(isNull(bonusCampaigns.totalCap), lt(bonusCampaigns.uses, bonusCampaigns.totalCap)),
        ),
      )
      .returning({ id: bonusCampaigns.id });
    return rows.length > 0;
  },
};
