/** App download links (GET /wps/system/download), checked with the contract schema. */
import type { Language } from '@khela/contract/language';
import type { DownloadLink } from '@khela/contract/settings';
import { DownloadListSchema } from '@khela/contract/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';

export const getDownloadLinks = (signal?: AbortSignal) =>
  api.get('/wps/system/download', { parse: DownloadListSchema, signal });

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
