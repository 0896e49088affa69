/**
 * First start on an empty database: the flags at their defaults and the demo content. Every
 * insert skips what exists, so it is safe to run at each start and from several processes.
 */
import { sql } from 'drizzle-orm';
import { FLAG_NAMES, FLAGS } from '@khela/contract/flags';
import type { Database } from '../client';
import { paymentChannels } from '../schema/cashier';
import { countries, helpItems } from '../schema/system';
import { seedCatalogue } from '../../modules/games/seed-catalogue';
import { settingsRepository } from '../../modules/settings/settings.repository';
import { seedDemoContent } from '../../modules/content/demo-content';
import {
  DEMO_COUNTRIES,
  DEMO_CUSTOMER_SERVICE,
  DEMO_DOMAINS,
  DEMO_DOWNLOADS,
  DEMO_HELP_ITEMS,
  DEMO_PAYMENT_CHANNELS,
} from './demo-data';

export async function seedDemoData(db: Database) {
  await db.transaction(async (tx) => {
    // Serialise seeding across processes that start at once.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    for (const name of FLAG_NAMES) {
      await settingsRepository.insertFlagIfAbsent(tx, name, FLAGS[name].defaultOn);
    }
    await settingsRepository.insertSettingIfAbsent(tx, 'customerService', DEMO_CUSTOMER_SERVICE);
    await settingsRepository.insertSettingIfAbsent(tx, 'downloads', DEMO_DOWNLOADS);
    await settingsRepository.insertSettingIfAbsent(tx, 'domainRoute', DEMO_DOMAINS);
    await tx
      .insert(countries)
      .values(DEMO_COUNTRIES.map((country, sort) => ({ ...country, sort })))
      .onConflictDoNothing();
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(helpItems);
    if (count === 0) await tx.insert(helpItems).values(DEMO_HELP_ITEMS);
    // Channels the operator has changed keep their settings.
    await tx.insert(paymentChannels).values(DEMO_PAYMENT_CHANNELS).onConflictDoNothing();
    await seedDemoContent(tx);
    await seedCatalogue(tx);
  });
}
