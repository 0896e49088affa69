/** Queries of the in-house games' seed pairs (games and rounds are read through their owners). */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fairSeeds } from '../../db/schema/originals';

export type SeedRow = typeof fairSeeds.$inferSelect;
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export async function activeSeed(db: Db, memberId: bigint): Promise<SeedRow | undefined> {
  const [row] = await db
    .select()
    .from(fairSeeds)
    .where(and(eq(fairSeeds.memberId, memberId), isNull(fairSeeds.revealedAt)));
  return row;
}

/** A new active pair, unless one exists already (the partial unique index decides a race). */
export async function insertSeed(
  db: Db,
  values: { memberId: bigint; serverSeed: string; serverSeedHash: string; clientSeed: string },
) {
  await db.insert(fairSeeds).values(values).onConflictDoNothing();
}

/** Takes the active pair's next nonce atomically: each bet its own. */
export async function takeNonce(db: Db, memberId: bigint) {
  const [row] = await db
    .update(fairSeeds)
    .set({ nonce: sql`${fairSeeds.nonce} + 1` })
    .where(and(eq(fairSeeds.memberId, memberId), isNull(fairSeeds.revealedAt)))
    .returning();
  // The nonce the bet takes is the one before the increment.
  return row ? { ...row, nonce: row.nonce - 1 } : undefined;
}

export async function revealActive(db: Db, memberId: bigint, at: Date) {
  const [row] = await db
    .update(fairSeeds)
    .set({ revealedAt: at })
    .where(and(eq(fairSeeds.memberId, memberId), isNull(fairSeeds.revealedAt)))
    .returning();
  return row;
}

export async function revealedSeeds(db: Db, memberId: bigint, limit: number) {
  return db
    .select()
    .from(fairSeeds)
    .where(and(eq(fairSeeds.memberId, memberId), isNotNull(fairSeeds.revealedAt)))
    .orderBy(desc(fairSeeds.revealedAt), desc(fairSeeds.id))
    .limit(limit);
}

export async function seedByHash(db: Db, serverSeedHash: string) {
  const [row] = await db
    .select()
    .from(fairSeeds)
    .where(eq(fairSeeds.serverSeedHash, serverSeedHash));
  return row;
}
