/**
 * Demo data only (`npm run seed:demo`): the demo game vendor's registry row, as an operator would
 * add an outside vendor. The demo vendor itself is apps/partners, a process of its own that shares
 * this secret and is reached at this address.
 */
import { isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gameVendors } from '../../db/schema/game-wallet';

export interface DemoGameVendor {
  code: string;
  name: string;
  secret: string;
  /** The partners app's game page, e.g. http://127.0.0.1:4318/demo-vendor/play. */
  launchUrl: string;
}

export function demoGameVendorSeeder(demo: DemoGameVendor) {
  return async (db: DbOrTx) => {
    await db
      .insert(gameVendors)
      .values({ code: demo.code, name: demo.name, secret: demo.secret, launchUrl: demo.launchUrl })
      // A registry row from before the registry (no page yet) is brought up to the demo's; one
      // the operator has set up is left as it is.
      .onConflictDoUpdate({
        target: gameVendors.code,
        set: { secret: demo.secret, launchUrl: demo.launchUrl, updatedAt: sql`now()` },
        where: isNull(gameVendors.launchUrl),
      });
  };
}
