/** Queries on the members desk's own tables: operators' notes and tags on members. */
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberNotes, memberTags } from '../../db/schema/members-desk';

export const membersDeskRepository = {
  notes(db: DbOrTx, memberId: bigint) {
    return db
      .select()
      .from(memberNotes)
      .where(eq(memberNotes.memberId, memberId))
      .orderBy(desc(memberNotes.id))
      .limit(200);
  },

  async noteCount(db: DbOrTx, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(memberNotes)
      .where(eq(memberNotes.memberId, memberId));
    return row?.n ?? 0;
  },

  async insertNote(db: DbOrTx, note: typeof memberNotes.$inferInsert) {
    const [row] = await db.insert(memberNotes).values(note).returning();
    return row!;
  },

  /** The member's tags in the order they were added; `lock` holds them until the commit. */
  async tags(db: DbOrTx, memberId: bigint, lock = false): Promise<string[]> {
    const query = db
      .select({ tag: memberTags.tag })
      .from(memberTags)
      .where(eq(memberTags.memberId, memberId))
      .orderBy(memberTags.createdAt, memberTags.tag);
    const rows = lock ? await query.for('update') : await query;
    return rows.map((row) => row.tag);
  },

  async replaceTags(db: DbOrTx, memberId: bigint, tags: string[]) {
    await db
      .delete(memberTags)
      .where(
        and(
          eq(memberTags.memberId, memberId),
          tags.length > 0 ? notInArray(memberTags.tag, tags) : undefined,
        ),
      );
    if (tags.length > 0) {
      await db
        .insert(memberTags)
        .values(tags.map((tag) => ({ memberId, tag })))
        .onConflictDoNothing();
    }
  },
};
