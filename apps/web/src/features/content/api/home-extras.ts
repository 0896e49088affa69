/**
 * The common store's hot matches and videos (spec §3): GET /wps/system/hotMatches and
 * GET /wps/system/videos, both published by the operator (docs/decisions.md). Home shows them
 * below the games; a failure shows nothing there (they are extras, not the page).
 */
import type { Language } from '@khela/contract/language';
import type { HotMatch, Video } from '@khela/contract/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { isRecord } from '../../../lib/storage';

// Light checks instead of zod: these sit on home, whose chunks stay small.
const isString = (value: unknown): value is string => typeof value === 'string';

function listOf<T>(value: unknown, keep: (entry: Record<string, unknown>) => boolean): T[] {
  if (!isRecord(value) || !Array.isArray(value.list)) throw new TypeError('Unexpected list');
  return value.list.filter((entry): entry is T => isRecord(entry) && keep(entry));
}

const parseMatches = (value: unknown) =>
  listOf<HotMatch>(
    value,
    (m) =>
      [m.id, m.sport, m.competition, m.home, m.away, m.startsAt, m.path].every(isString) &&
      (m.status === 'live' || m.status === 'upcoming'),
  );

const parseVideos = (value: unknown) =>
  listOf<Video>(
    value,
    (v) =>
      [v.id, v.title, v.url].every(isString) && (v.posterUrl === null || isString(v.posterUrl)),
  );

export const hotMatchesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'hotMatches', language],
    queryFn: ({ signal }) => api.get('/wps/system/hotMatches', { parse: parseMatches, signal }),
    // A match goes live on the minute: asked again every minute while home is open.
    staleTime: 60_000,
    refetchInterval: 60_000,
    meta: { silent: true },
  });

export const videosQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'videos', language],
    queryFn: ({ signal }) => api.get('/wps/system/videos', { parse: parseVideos, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useHotMatches = () => useQuery(hotMatchesQueryOptions(useLanguage()));
export const useVideos = () => useQuery(videosQueryOptions(useLanguage()));
