/**
 * App download links (GET /wps/system/download). The download bar on every browsing screen
 * (home among them) reads them, so they are checked by a light guard rather than the contract's
 * zod schema, which would load zod with the bar: each link needs its type and address (a type
 * the screens do not know is never picked).
 */
import type { Language } from '@khela/contract/language';
import type { DownloadLink } from '@khela/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { isRecord } from '../../../lib/storage';

const isDownloadLink = (value: unknown): value is DownloadLink =>
  isRecord(value) &&
  typeof value.resourceType === 'string' &&
  typeof value.url === 'string' &&
  value.url.length > 0 &&
  typeof value.labelNameEn === 'string';

export function parseDownloadLinks(value: unknown): DownloadLink[] {
  if (!Array.isArray(value) || !value.every(isDownloadLink)) {
    throw new TypeError('Unexpected download links');
  }
  return value;
}

export const getDownloadLinks = (signal?: AbortSignal) =>
  api.get('/wps/system/download', { parse: parseDownloadLinks, signal });

export const downloadLinksQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['system', 'download', language],
    queryFn: ({ signal }) => getDownloadLinks(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function useDownloadLinks() {
  return useQuery(downloadLinksQueryOptions(useLanguage()));
}

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'itms-services:']);

/** The link's address if it is one a player may safely open (no javascript: and the like). */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url, window.location.origin);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function findLink(
  links: readonly DownloadLink[] | undefined,
  type: DownloadLink['resourceType'],
): DownloadLink | undefined {
  return links?.find((link) => link.resourceType === type && safeHref(link.url));
}
