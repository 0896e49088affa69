/** Queries on feedback and its images (image bytes are read only when asked for). */
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feedback, feedbackImages } from '../../db/schema/feedback';

export type FeedbackRow = typeof feedback.$inferSelect;
export interface ImageMeta {
  feedbackId: bigint;
  position: number;
  type: string;
  name: string | null;
  size: number;
}
export interface NewImage {
  type: string;
  name: string | null;
  data: Buffer;
}

const f = feedback;
const i = feedbackImages;

export const feedbackRepository = {
  async insert(db: DbOrTx, memberId: bigint, content: string, images: NewImage[]) {
    const [row] = await db.insert(f).values({ memberId, content }).returning();
    if (images.length > 0) {
      await db.insert(i).values(
        images.map((image, position) => ({
          feedbackId: row!.id,
          position,
          type: image.type,
          name: image.name,
          size: image.data.length,
          data: image.data,
        })),
      );
    }
    return row!;
  },

  /** Newest first; `limit + 1` rows tell whether an older page exists. */
  page(db: DbOrTx, memberId: bigint, cursor: bigint | undefined, limit: number) {
    return db
      .select()
      .from(f)
      .where(and(eq(f.memberId, memberId), cursor === undefined ? undefined : lt(f.id, cursor)))
      .orderBy(desc(f.id))
      .limit(limit + 1);
  },

  async imagesOf(db: DbOrTx, ids: bigint[]): Promise<ImageMeta[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        feedbackId: i.feedbackId,
        position: i.position,
        type: i.type,
        name: i.name,
        size: i.size,
      })
      .from(i)
      .where(inArray(i.feedbackId, ids))
      .orderBy(i.feedbackId, i.position);
  },

  opsList(db: DbOrTx, status: 'open' | 'answered' | undefined, limit: number) {
    const where: SQL | undefined = status ? eq(f.status, status) : undefined;
    return db.select().from(f).where(where).orderBy(desc(f.id)).limit(limit);
  },

  async byId(db: DbOrTx, id: bigint) {
    const [found] = await db.select().from(f).where(eq(f.id, id));
    return found;
  },

  async answer(db: DbOrTx, id: bigint, answer: string) {
    const [row] = await db
      .update(f)
      .set({ status: 'answered', answer, answeredAt: new Date() })
      .where(eq(f.id, id))
      .returning();
    return row;
  },

  async image(db: DbOrTx, id: bigint, position: number) {
    const [row] = await db
      .select({ type: i.type, data: i.data })
      .from(i)
      .where(and(eq(i.feedbackId, id), eq(i.position, position)));
    return row;
  },
};
