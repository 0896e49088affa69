/**
 * What the first start puts in an empty database, module by module, in this order (the seed
 * runs them in one transaction: db/seed/seed.ts). Each module seeds its own tables.
 */
import type { Seeder } from './db/seed/seed';
import { seedDemoChannels } from './modules/cashier/demo-channels';
import { seedDemoContent } from './modules/content/demo-content';
import { seedCatalogue } from './modules/games/seed-catalogue';
import { seedDefaultSettings } from './modules/settings/default-settings';
import { seedDemoSystem } from './modules/system/demo-system';

export const DEMO_SEEDERS: readonly Seeder[] = [
  seedDefaultSettings,
  seedDemoSystem,
  seedDemoChannels,
  seedDemoContent,
  seedCatalogue,
];
