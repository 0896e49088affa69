/**
 * White-label flags and operator settings, read on every request, so they are held in memory as
 * one snapshot. A change is written to the database, then announced on the cache store's
 * `settings` channel; every process (through Redis when configured) reloads its snapshot.
 * A periodic reload covers processes that share a database but no Redis.
 */
import type { AuditTrail } from '../audit/audit.service';
import { randomUUID } from 'node:crypto';
import {
  defaultWhitelabel,
  FLAG_NAMES,
  FLAGS,
  type FlagName,
  type Whitelabel,
} from '@khela/contract/flags';
import {
  defaultSettings,
  SETTING_NAMES,
  SETTINGS,
  type SettingName,
  type Settings,
} from '@khela/contract/settings';
import { fieldErrors } from '@khela/contract/validation';
import type { Language } from '@khela/contract/language';
import type { Database } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';
import { AppError } from '../../errors';
import { settingsRepository } from './settings.repository';

const CHANNEL = 'settings';
/** Tells this process's own change notices apart: it has reloaded already when it announces. */
const INSTANCE = randomUUID();

export interface SettingsSnapshot {
  flags: Whitelabel;
  settings: Settings;
  /** Increases on every reload that changed something; callers cache derived answers by it. */
  version: number;
}

export class SettingsService {
  private snapshot: SettingsSnapshot = {
    flags: defaultWhitelabel(),
    settings: defaultSettings(),
    version: 0,
  };
  private fingerprint = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly cache: CacheStore,
    private readonly refreshMs: number,
  ) {}

  async start() {
    await this.reload();
    await this.cache.subscribe(CHANNEL, (sender) => {
      if (sender !== INSTANCE) void this.reload().catch(() => undefined);
    });
    this.timer = setInterval(() => void this.reload().catch(() => undefined), this.refreshMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  current(): SettingsSnapshot {
    return this.snapshot;
  }

  flag(name: FlagName): boolean {
    return this.snapshot.flags[name];
  }

  get<K extends SettingName>(name: K): Settings[K] {
    return this.snapshot.settings[name];
  }

  async reload() {
    const [flagRows, settingRows] = await Promise.all([
      settingsRepository.allFlags(this.db),
      settingsRepository.allSettings(this.db),
    ]);
    const flags = defaultWhitelabel();
    for (const row of flagRows) {
      if (row.name in FLAGS) flags[row.name as FlagName] = row.enabled;
    }
    const settings = defaultSettings();
    for (const row of settingRows) {
      if (!(row.name in SETTINGS)) continue;
      const name = row.name as SettingName;
      const parsed = SETTINGS[name].schema.safeParse(row.value);
      // A stored value that no longer fits the schema falls back to the default.
      if (parsed.success) (settings as Record<string, unknown>)[name] = parsed.data;
    }
    const fingerprint = JSON.stringify([flags, settings]);
    if (fingerprint !== this.fingerprint) {
      this.fingerprint = fingerprint;
      this.snapshot = { flags, settings, version: this.snapshot.version + 1 };
    }
  }

  /** With an operator's audit trail, the change and its audit row are one transaction. */
  async setFlag(name: FlagName, enabled: boolean, trail?: AuditTrail) {
    const was = this.snapshot.flags[name];
    await this.db.transaction(async (tx) => {
      await settingsRepository.upsertFlag(tx, name, enabled);
      await trail?.record(tx, {
        action: 'flag.set',
        targetType: 'flag',
        targetId: name,
        before: { enabled: was },
        after: { enabled },
      });
    });
    await this.announce();
  }

  /** Validates with the contract's schema; an unknown name or a bad value changes nothing. */
  async setSetting(name: string, value: unknown, language: Language, trail?: AuditTrail) {
    if (!(SETTING_NAMES as string[]).includes(name)) throw new AppError('setting.unknown');
    const parsed = SETTINGS[name as SettingName].schema.safeParse(value);
    if (!parsed.success) {
      throw new AppError('validation.invalid', {
        fields: fieldErrors(parsed.error.issues, language, 'value'),
      });
    }
    const was = this.snapshot.settings[name as SettingName];
    await this.db.transaction(async (tx) => {
      await settingsRepository.upsertSetting(tx, name, parsed.data);
      await trail?.record(tx, {
        action: 'setting.set',
        targetType: 'setting',
        targetId: name,
        before: { value: was },
        after: { value: parsed.data },
      });
    });
    await this.announce();
    return parsed.data;
  }

  flagList() {
    return FLAG_NAMES.map((name) => ({
      name,
      enabled: this.snapshot.flags[name],
      about: FLAGS[name].about,
    }));
  }

  private async announce() {
    await this.reload();
    await this.cache.publish(CHANNEL, INSTANCE);
  }
}
