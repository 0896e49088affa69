/**
 * Customer-service and official channels: GET /wps/system/customerService (live chat and social
 * entries; `path` is a plain address, see docs/decisions.md) and the channel links of
 * GET /wps/system/download. Light checks instead of zod: the widget and panel sit on home.
 */
import type { Language } from '@khela/contract/language';
import type { CustomerServiceEntry, DownloadLink } from '@khela/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { isRecord } from '../../../lib/storage';

export const SOCIAL_TYPES = ['TELEGRAM', 'TELEGRAM1', 'FACEBOOK', 'WHATSAPP'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export interface Channel {
  type: SocialType;
  href: string;
  title: string;
}

const SAFE_PROTOCOLS = new Set(['https:', 'http:']);

/** An address a player may safely open from a link: http(s) only, never javascript: and the like. */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url, window.location.origin);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

const isSocialType = (value: unknown): value is SocialType =>
  typeof value === 'string' && (SOCIAL_TYPES as readonly string[]).includes(value);

function parseEntries(value: unknown): CustomerServiceEntry[] {
  if (!Array.isArray(value)) throw new TypeError('Unexpected customer service list');
  return value.filter(
    (entry): entry is CustomerServiceEntry =>
      isRecord(entry) &&
      typeof entry.title === 'string' &&
      typeof entry.path === 'string' &&
      typeof entry.csType === 'string',
  );
}

function parseDownloads(value: unknown): DownloadLink[] {
  if (!Array.isArray(value)) throw new TypeError('Unexpected download list');
  return value.filter(
    (link): link is DownloadLink =>
      isRecord(link) && typeof link.resourceType === 'string' && typeof link.url === 'string',
  );
}

export const customerServiceQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['chat', 'customerService', language],
    queryFn: ({ signal }) =>
      api.get('/wps/system/customerService', { parse: parseEntries, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const channelDownloadsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['chat', 'downloads', language],
    queryFn: ({ signal }) => api.get('/wps/system/download', { parse: parseDownloads, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** The social entries (Telegram, Facebook, WhatsApp) with a safe address, in the operator's order. */
export function socialChannels(entries: readonly CustomerServiceEntry[] | undefined): Channel[] {
  const out: Channel[] = [];
  for (const entry of entries ?? []) {
    const href = safeHref(entry.path);
    if (isSocialType(entry.csType) && href)
      out.push({ type: entry.csType, href, title: entry.title });
  }
  return out;
}

/**
 * Official channels: the social customer-service entries, then the Telegram and Facebook links of
 * the download list, each address once.
 */
export function officialChannels(
  entries: readonly CustomerServiceEntry[] | undefined,
  downloads: readonly DownloadLink[] | undefined,
): Channel[] {
  const out = socialChannels(entries);
  const seen = new Set(out.map((channel) => channel.href));
  for (const link of downloads ?? []) {
    const href = safeHref(link.url);
    if (!href || seen.has(href)) continue;
    if (link.resourceType === 'TELEGRAM' || link.resourceType === 'FACEBOOK') {
      seen.add(href);
      out.push({ type: link.resourceType, href, title: link.labelNameEn });
    }
  }
  return out;
}

export function useCustomerService(enabled = true) {
  return useQuery({ ...customerServiceQueryOptions(useLanguage()), enabled });
}

export function useChannelDownloads() {
  return useQuery(channelDownloadsQueryOptions(useLanguage()));
}

/** An alternative entrance's address: a plain host name (and port) only, opened over https. */
export function entranceHref(domainName: string): string | undefined {
  if (!/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/i.test(domainName)) return undefined;
  return `https://${domainName.toLowerCase()}/`;
}
