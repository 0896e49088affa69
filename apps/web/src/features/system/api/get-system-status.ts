/**
 * System status drives the whole site: maintenance and region pages, white-label flags, the
 * merchant's currency. It is kept in localStorage so the shell can decide before the network
 * answers (or when it never does), and refreshed on start, every 60 s and on window focus.
 *
 * The check here is deliberately light (no zod): this call is on the first-paint path.
 */
import { STORAGE_KEYS } from '@khela/contract/constants';
import type { FlagName } from '@khela/contract/flags';
import type { Language } from '@khela/contract/language';
import type { SystemStatus } from '@khela/contract/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { isRecord, readJson, writeStorage } from '../../../lib/storage';

export const SYSTEM_STATUS_REFRESH_MS = 60_000;

export function isSystemStatus(value: unknown): value is SystemStatus {
  return (
    isRecord(value) &&
    (value.status === 0 || value.status === 1 || value.status === 2) &&
    isRecord(value.info) &&
    isRecord(value.info.whitelabel) &&
    isRecord(value.info.merchant) &&
    isRecord(value.maintenance) &&
    typeof value.maintenance.message === 'string'
  );
}

function parseSystemStatus(value: unknown): SystemStatus {
  if (!isSystemStatus(value)) throw new TypeError('Unexpected system status');
  return value;
}

interface CachedStatus {
  savedAt: number;
  value: SystemStatus;
}

export function readCachedStatus(): CachedStatus | undefined {
  const cached = readJson('local', STORAGE_KEYS.systemStatus);
  if (!isRecord(cached) || typeof cached.savedAt !== 'number' || !isSystemStatus(cached.value)) {
    return undefined;
  }
  return { savedAt: cached.savedAt, value: cached.value };
}

export async function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const value = await api.get('/wps/system/status', { parse: parseSystemStatus, signal });
  const cached: CachedStatus = { savedAt: Date.now(), value };
  writeStorage('local', STORAGE_KEYS.systemStatus, JSON.stringify(cached));
  return value;
}

export const systemStatusQueryKey = ['system', 'status'] as const;

export const systemStatusQueryOptions = (language: Language) =>
  queryOptions({
    // The maintenance message comes back in the request's language.
    queryKey: [...systemStatusQueryKey, language],
    queryFn: ({ signal }) => getSystemStatus(signal),
    // The cached status shows at once but always counts as stale, so start-up asks again.
    initialData: () => readCachedStatus()?.value,
    initialDataUpdatedAt: 0,
    // Screens mounting within 30 s of an answer share it instead of asking again.
    staleTime: 30_000,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    meta: { silent: true },
  });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions(useLanguage()));
}

/** A white-label flag; off until the status is known. */
export function flagOn(status: SystemStatus | undefined, flag: FlagName): boolean {
  return status?.info.whitelabel[flag] === true;
}

export const DEFAULT_CURRENCY_SYMBOL = '৳';

export function currencySymbol(status: SystemStatus | undefined): string {
  return status?.info.merchant.currencySymbol ?? DEFAULT_CURRENCY_SYMBOL;
}
