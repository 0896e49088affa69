/** What the demo data fills, counted: for the seed command's and the seed's tests. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../client';

export async function demoCounts(db: Database) {
  const [row] = rowsOf<{
    vendors: number;
    games: number;
    channels: number;
    banners: number;
    gameVendors: number;
    servedByDemo: number;
  }>(
    await db.execute(sql`select
      (select count(*)::int from vendors) as vendors,
      (select count(*)::int from games) as games,
      (select count(*)::int from payment_channels) as channels,
      (select count(*)::int from banners) as banners,
      (select count(*)::int from game_vendors) as "gameVendors",
      (select count(*)::int from vendors where served_by = 'DEMO') as "servedByDemo"`),
  );
  return row!;
}
