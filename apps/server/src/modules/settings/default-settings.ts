/**
 * First start: every flag at its contract default and the demo operator settings (customer
 * service, downloads, domains). A value the operator has set is kept.
 */
import { FLAG_NAMES, FLAGS } from '@khela/contract/flags';
import type { DbOrTx } from '../../db/client';
import { DEMO_CUSTOMER_SERVICE, DEMO_DOMAINS, DEMO_DOWNLOADS } from '../../db/seed/demo-data';
import { settingsRepository as repo } from './settings.repository';

export async function seedDefaultSettings(db: DbOrTx) {
  for (const name of FLAG_NAMES) {
    await repo.insertFlagIfAbsent(db, name, FLAGS[name].defaultOn);
  }
  await repo.insertSettingIfAbsent(db, 'customerService', DEMO_CUSTOMER_SERVICE);
  await repo.insertSettingIfAbsent(db, 'downloads', DEMO_DOWNLOADS);
  await repo.insertSettingIfAbsent(db, 'domainRoute', DEMO_DOMAINS);
}
