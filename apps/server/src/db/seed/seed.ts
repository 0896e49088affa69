/**
 * First start on an empty database: each module's seeder (flags at their defaults, the demo
 * content, …) in one transaction. The seeders come from the caller (demo-seeders.ts), so this
 * file imports no module. Every insert skips what exists, so it is safe to run at each start and
 * from several processes.
 */
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';

export type Seeder = (db: DbOrTx) => Promise<void>;

export async function seedDemoData(db: Database, seeders: readonly Seeder[]) {
  await db.transaction(async (tx) => {
    // Serialise seeding across processes that start at once.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    for (const seed of seeders) await seed(tx);
  });
}
