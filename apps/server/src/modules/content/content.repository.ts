/** Queries of the content module: the published content, read marks, applications, operator writes. */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  banners,
  noticeReads,
  notices,
  popups,
  promotionApplications,
  promotionCategories,
  promotions,
} from '../../db/schema/content';

export type NoticeRow = typeof notices.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type PopupRow = typeof popups.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type CategoryRow = typeof promotionCategories.$inferSelect;

/** The tables the operator edits, by the name used in the operator API. */
export const CONTENT_TABLES = {
  notices,
  banners,
  popups,
  promotions,
  categories: promotionCategories,
} as const;
export type ContentTable = keyof typeof CONTENT_TABLES;

/**
 * Every content table has an integer id, a sort and an updated time: the operator's generic
 * writes address them through one table type (the service maps each table's own columns).
 */
const looseTable = (table: ContentTable) => CONTENT_TABLES[table] as unknown as typeof promotions;

export const contentRepository = {
  /** Everything published (not hidden), in display order; time windows are applied later. */
  async published(db: DbOrTx) {
    const [noticeRows, bannerRows, popupRows, promotionRows, categoryRows] = await Promise.all([
      db
        .select()
        .from(notices)
        .where(eq(notices.hidden, false))
        .orderBy(asc(notices.sort), desc(notices.startAt), desc(notices.id)),
      db
        .select()
        .from(banners)
        .where(eq(banners.hidden, false))
        .orderBy(asc(banners.sort), asc(banners.id)),
      db
        .select()
        .from(popups)
        .where(eq(popups.hidden, false))
        .orderBy(asc(popups.sort), asc(popups.id)),
      db
        .select()
        .from(promotions)
        .where(eq(promotions.hidden, false))
        .orderBy(asc(promotions.sort), desc(promotions.startAt), desc(promotions.id)),
      db
        .select()
        .from(promotionCategories)
        .where(eq(promotionCategories.hidden, false))
        .orderBy(asc(promotionCategories.sort), asc(promotionCategories.id)),
    ]);
    return {
      notices: noticeRows,
      banners: bannerRows,
      popups: popupRows,
      promotions: promotionRows,
      categories: categoryRows,
    };
  },

  async readNoticeIds(db: DbOrTx, memberId: bigint): Promise<number[]> {
    const rows = await db
      .select({ id: noticeReads.noticeId })
      .from(noticeReads)
      .where(eq(noticeReads.memberId, memberId));
    return rows.map((row) => row.id);
  },

  async publishedNotice(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.id, id), eq(notices.hidden, false)));
    return row;
  },

  async markRead(db: DbOrTx, memberId: bigint, noticeId: number) {
    await db.insert(noticeReads).values({ memberId, noticeId }).onConflictDoNothing();
  },

  async markUnread(db: DbOrTx, memberId: bigint, noticeId: number) {
    await db
      .delete(noticeReads)
      .where(and(eq(noticeReads.memberId, memberId), eq(noticeReads.noticeId, noticeId)));
  },

  async promotion(db: DbOrTx, id: number) {
    const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
    return row;
  },

  /** Undefined when the member has applied already (one application per promotion). */
  async insertApplication(db: DbOrTx, memberId: bigint, promotionId: number, remark: string) {
    const [row] = await db
      .insert(promotionApplications)
      .values({ memberId, promotionId, remark })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async memberApplications(db: DbOrTx, memberId: bigint) {
    return db
      .select()
      .from(promotionApplications)
      .where(eq(promotionApplications.memberId, memberId))
      .orderBy(desc(promotionApplications.createdAt), desc(promotionApplications.id));
  },

  async opsApplications(
    db: DbOrTx,
    filter: { id?: number; promotionId?: number; status?: string; limit: number },
  ) {
    const where: SQL[] = [];
    if (filter.id) where.push(eq(promotionApplications.id, filter.id));
    if (filter.promotionId) where.push(eq(promotionApplications.promotionId, filter.promotionId));
    if (filter.status) where.push(eq(promotionApplications.status, filter.status));
    return db
      .select({
        id: promotionApplications.id,
        promotionId: promotionApplications.promotionId,
        remark: promotionApplications.remark,
        status: promotionApplications.status,
        createdAt: promotionApplications.createdAt,
        memberId: promotionApplications.memberId,
        promotionTitle: promotions.titleEn,
      })
      .from(promotionApplications)
      .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
      .where(and(...where))
      .orderBy(desc(promotionApplications.createdAt), desc(promotionApplications.id))
      .limit(filter.limit);
  },

  async setApplicationStatus(db: DbOrTx, id: number, status: string) {
    const [row] = await db
      .update(promotionApplications)
      .set({ status, updatedAt: new Date() })
      .where(eq(promotionApplications.id, id))
      .returning({
        id: promotionApplications.id,
        memberId: promotionApplications.memberId,
        promotionId: promotionApplications.promotionId,
      });
    return row;
  },

  /** The bonus campaign a promotion names (docs/bonuses.md); null: none. */
  async promotionBonusCampaign(db: DbOrTx, promotionId: number): Promise<bigint | null> {
    const [row] = await db
      .select({ campaignId: promotions.bonusCampaignId })
      .from(promotions)
      .where(eq(promotions.id, promotionId));
    return row?.campaignId ?? null;
  },

  async categoryIds(db: DbOrTx): Promise<number[]> {
    const rows = await db.select({ id: promotionCategories.id }).from(promotionCategories);
    return rows.map((row) => row.id);
  },

  // ── Operator writes: one generic shape per table ─────────────────────────────────────────

  async all(db: DbOrTx, table: ContentTable): Promise<Record<string, unknown>[]> {
    const t = looseTable(table);
    return db.select().from(t).orderBy(asc(t.sort), asc(t.id));
  },

  async insert(
    db: DbOrTx,
    table: ContentTable,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const [row] = await db
      .insert(looseTable(table))
      .values(values as never)
      .returning();
    return row!;
  },

  async one(
    db: DbOrTx,
    table: ContentTable,
    id: number,
  ): Promise<Record<string, unknown> | undefined> {
    const t = looseTable(table);
    const [row] = await db.select().from(t).where(eq(t.id, id)).for('update');
    return row;
  },
  async update(
    db: DbOrTx,
    table: ContentTable,
    id: number,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    const t = looseTable(table);
    const [row] = await db
      .update(t)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(t.id, id))
      .returning();
    return row;
  },
};
