/**
 * The demo's data (`npm run seed:demo`, which the quick start runs; a production start seeds
 * nothing), module by module, in this order (the seed runs them in one transaction:
 * db/seed/seed.ts). Each module seeds its own tables, skipping what exists.
 */
import type { Seeder } from './db/seed/seed';
import { demoAgentSeeder } from './modules/accounts/demo-agent';
import { seedDemoCampaigns } from './modules/bonuses/demo-campaigns';
import { seedDemoChannels } from './modules/cashier/demo-channels';
import { seedDemoContent } from './modules/content/demo-content';
import { demoGameVendorSeeder } from './modules/game-wallet/demo-game-vendor';
import {
  demoCatalogueServedBy,
  demoSportsServedBy,
  seedCatalogue,
} from './modules/games/seed-catalogue';
import { seedDefaultSettings } from './modules/settings/default-settings';
import { seedDemoSystem } from './modules/system/demo-system';

export interface DemoSeedOptions {
  /** The demo game vendor (apps/partners): the secret it signs with and its game page. */
  demoVendor: { secret: string; launchUrl: string };
  /**
   * The demo agent and its team (modules/accounts/demo-agent.ts), with their password's hash;
   * absent (the suites' template), none are seeded.
   */
  demoAgent?: { passwordHash: string };
  /** The demo sportsbook (apps/partners/src/sportsbook): serves the SPORTS tiles it names. */
  sportsbook?: { secret: string; launchUrl: string };
}

/** The demo game vendor's registry code, which apps/partners signs its wallet calls as. */
export const DEMO_GAME_VENDOR_CODE = 'DEMO';
/** The demo sportsbook's registry code, which apps/partners' sportsbook signs as. */
export const DEMO_SPORTSBOOK_CODE = 'SPORTSBOOK';

export function demoSeeders(options: DemoSeedOptions): Seeder[] {
  return [
    seedDefaultSettings,
    seedDemoSystem,
    seedDemoChannels,
    // The bonus campaigns first: the promotions that promise them name them.
    async (db) => seedDemoContent(db, await seedDemoCampaigns(db)),
    seedCatalogue,
    demoGameVendorSeeder({
      code: DEMO_GAME_VENDOR_CODE,
      name: 'Demo vendor',
      ...options.demoVendor,
    }),
    // The sportsbook first: the SPORTS tiles it serves are not the demo vendor's card table.
    ...(options.sportsbook
      ? [
          demoGameVendorSeeder({
            code: DEMO_SPORTSBOOK_CODE,
            name: 'Demo sportsbook',
            ...options.sportsbook,
          }),
          demoSportsServedBy(DEMO_SPORTSBOOK_CODE),
        ]
      : []),
    demoCatalogueServedBy(DEMO_GAME_VENDOR_CODE),
    ...(options.demoAgent ? [demoAgentSeeder(options.demoAgent)] : []),
  ];
}
