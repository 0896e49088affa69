import { flags, settings } from '../../db/schema/settings';
import type { DbOrTx } from '../../db/client';

export const settingsRepository = {
  async allFlags(db: DbOrTx) {
    return db.select({ name: flags.name, enabled: flags.enabled }).from(flags);
  },
  async allSettings(db: DbOrTx) {
    return db.select({ name: settings.name, value: settings.value }).from(settings);
  },
  async upsertFlag(db: DbOrTx, name: string, enabled: boolean) {
    await db
      .insert(flags)
      .values({ name, enabled })
      .onConflictDoUpdate({ target: flags.name, set: { enabled, updatedAt: new Date() } });
  },
  async upsertSetting(db: DbOrTx, name: string, value: unknown) {
    await db
      .insert(settings)
      .values({ name, value })
      .onConflictDoUpdate({ target: settings.name, set: { value, updatedAt: new Date() } });
  },
  /** Seeds a value only where the operator has not set one. */
  async insertSettingIfAbsent(db: DbOrTx, name: string, value: unknown) {
    await db.insert(settings).values({ name, value }).onConflictDoNothing();
  },
  async insertFlagIfAbsent(db: DbOrTx, name: string, enabled: boolean) {
    await db.insert(flags).values({ name, enabled }).onConflictDoNothing();
  },
};
