/**
 * `npm run seed:demo`: puts the demo's data in the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR), migrating it first. Skips what exists, so it is safe to run at every
 * demo start (`npm start` does, unless NODE_ENV=production) and from several processes.
 *
 * The demo game vendor (apps/partners) signs with DEMO_VENDOR_SECRET, else the secret generated
 * into DATA_DIR/demo-vendor-secret, which `npm start` hands the partners app; its game page is at
 * PARTNERS_URL (default http://127.0.0.1:4318).
 */
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed/seed';
import { demoSeeders } from './demo-seeders';
import { DEMO_AGENT_PASSWORD } from './modules/accounts/demo-agent';
import { PasswordHasher } from './modules/accounts/password-hasher';
import { resolveSecretFile } from './lib/secret-file';

const demoVendorSecretPath = (dataDir: string) => path.join(dataDir, 'demo-vendor-secret');
const DEFAULT_PARTNERS_URL = 'http://127.0.0.1:4318';

const config = loadConfig();
const secret = await resolveSecretFile(
  process.env.DEMO_VENDOR_SECRET,
  demoVendorSecretPath(config.dataDir),
);
// The demo sportsbook (apps/partners/src/sportsbook) signs with a secret of its own.
const sportsbookSecret = await resolveSecretFile(
  process.env.SPORTSBOOK_VENDOR_SECRET,
  path.join(config.dataDir, 'sportsbook-vendor-secret'),
);
const partners = (process.env.PARTNERS_URL ?? DEFAULT_PARTNERS_URL).replace(/\/$/, '');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
  migrationsFolder: config.migrationsDir,
});
try {
  await database.migrate();
  await seedDemoData(
    database.db,
    demoSeeders({
      demoVendor: { secret, launchUrl: `${partners}/demo-vendor/play` },
      demoAgent: {
        passwordHash: await new PasswordHasher(config.passwordHashCost).hash(DEMO_AGENT_PASSWORD),
      },
      sportsbook: { secret: sportsbookSecret, launchUrl: `${partners}/sportsbook/play` },
    }),
  );
  process.stdout.write('Demo data seeded (what existed was kept).\n');
} finally {
  await database.close();
}
