/** Queries on members' head icons. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberHeadIcons as h } from '../../db/schema/head-icon';

export type HeadIconRow = typeof h.$inferSelect;

export const headIconRepository = {
  /** The member's choice, without the picture's bytes. */
  async choice(
    db: DbOrTx,
    memberId: bigint,
  ): Promise<Pick<HeadIconRow, 'kind' | 'drawnId' | 'key'> | undefined> {
    const [row] = await db
      .select({ kind: h.kind, drawnId: h.drawnId, key: h.key })
      .from(h)
      .where(eq(h.memberId, memberId));
    return row;
  },

  async picture(db: DbOrTx, key: string): Promise<Buffer | undefined> {
    const [row] = await db.select({ data: h.data }).from(h).where(eq(h.key, key));
    return row?.data ? Buffer.from(row.data) : undefined;
  },

  /** One row per member: a new choice replaces the old one (and drops an old picture). */
  async save(
    db: DbOrTx,
    memberId: bigint,
    choice: { kind: 'drawn'; drawnId: number } | { kind: 'upload'; key: string; data: Buffer },
  ): Promise<void> {
    const values =
      choice.kind === 'drawn'
        ? { kind: 'drawn', drawnId: choice.drawnId, key: null, data: null, size: null }
        : {
            kind: 'upload',
            drawnId: null,
            key: choice.key,
            data: choice.data,
            size: choice.data.length,
          };
    await db
      .insert(h)
      .values({ memberId, ...values })
      .onConflictDoUpdate({ target: h.memberId, set: { ...values, updatedAt: new Date() } });
  },
};
