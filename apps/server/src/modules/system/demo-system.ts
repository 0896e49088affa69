/** First start: the demo countries, and the help items while there are none. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, helpItems } from '../../db/schema/system';
import { DEMO_COUNTRIES, DEMO_HELP_ITEMS } from '../../db/seed/demo-data';

export async function seedDemoSystem(db: DbOrTx) {
  await db
    .insert(countries)
    .values(DEMO_COUNTRIES.map((country, sort) => ({ ...country, sort })))
    .onConflictDoNothing();
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(helpItems);
  if (count === 0) await db.insert(helpItems).values(DEMO_HELP_ITEMS);
}
