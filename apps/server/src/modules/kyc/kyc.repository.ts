/** Queries on identity-check submissions and their images. */
import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { kycImages, kycSubmissions } from '../../db/schema/kyc';

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type KycImageRow = typeof kycImages.$inferSelect;
export type KycImageMeta = Omit<KycImageRow, 'data'>;

const s = kycSubmissions;
const i = kycImages;

export const kycRepository = {
  async countWaiting(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.state, 'waiting'));
    return Number(row?.n ?? 0);
  },

  /** The member's newest submission. */
  async latest(db: DbOrTx, memberId: bigint): Promise<KycSubmissionRow | undefined> {
    const [row] = await db
      .select()
      .from(s)
      .where(eq(s.memberId, memberId))
      .orderBy(desc(s.id))
      .limit(1);
    return row;
  },

  async approvedExists(db: DbOrTx, memberId: bigint): Promise<boolean> {
    const [row] = await db
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.memberId, memberId), eq(s.state, 'approved')))
      .limit(1);
    return row !== undefined;
  },

  /** Per member: approved when any submission was, else the newest submission's state. */
  async states(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, string>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .select({
        memberId: s.memberId,
        approved: sql<boolean>`bool_or(${s.state} = 'approved')`,
        latest: sql<string>`(array_agg(${s.state} order by ${s.id} desc))[1]`,
      })
      .from(s)
      .where(inArray(s.memberId, [...memberIds]))
      .groupBy(s.memberId);
    return new Map(rows.map((row) => [row.memberId, row.approved ? 'approved' : row.latest]));
  },

  async insert(
    db: DbOrTx,
    memberId: bigint,
    images: Array<Omit<KycImageRow, 'submissionId'>>,
  ): Promise<KycSubmissionRow> {
    const [row] = await db.insert(s).values({ memberId }).returning();
    await db.insert(i).values(images.map((image) => ({ ...image, submissionId: row!.id })));
    return row!;
  },

  async byId(db: DbOrTx, id: bigint): Promise<KycSubmissionRow | undefined> {
    const [row] = await db.select().from(s).where(eq(s.id, id));
    return row;
  },

  async imageMetas(db: DbOrTx, submissionIds: readonly bigint[]): Promise<KycImageMeta[]> {
    if (submissionIds.length === 0) return [];
    return db
      .select({
        submissionId: i.submissionId,
        side: i.side,
        width: i.width,
        height: i.height,
        size: i.size,
      })
      .from(i)
      .where(inArray(i.submissionId, [...submissionIds]));
  },

  async image(db: DbOrTx, submissionId: bigint, side: string): Promise<KycImageRow | undefined> {
    const [row] = await db
      .select()
      .from(i)
      .where(and(eq(i.submissionId, submissionId), eq(i.side, side)));
    return row;
  },

  /** waiting → approved | rejected, once: the update matches only while it is waiting. */
  async decide(
    db: DbOrTx,
    id: bigint,
    change: { state: 'approved' | 'rejected'; decidedBy: string; reason: string | null },
  ): Promise<KycSubmissionRow | undefined> {
    const [row] = await db
      .update(s)
      .set({ ...change, decidedAt: sql`now()` })
      .where(and(eq(s.id, id), eq(s.state, 'waiting')))
      .returning();
    return row;
  },

  /** Waiting ones oldest first (the queue); others newest first; by id (a cursor). */
  async page(
    db: DbOrTx,
    filter: { state: string; memberId?: bigint; before?: bigint; limit: number },
  ): Promise<KycSubmissionRow[]> {
    const queue = filter.state === 'waiting';
    return db
      .select()
      .from(s)
      .where(
        and(
          filter.state === 'all' ? undefined : eq(s.state, filter.state),
          filter.memberId === undefined ? undefined : eq(s.memberId, filter.memberId),
          filter.before === undefined
            ? undefined
            : queue
              ? gt(s.id, filter.before)
              : lt(s.id, filter.before),
        ),
      )
      .orderBy(queue ? asc(s.id) : desc(s.id))
      .limit(filter.limit);
  },

  async waitingCount(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(s).where(eq(s.state, 'waiting'));
    return row?.n ?? 0;
  },
};
