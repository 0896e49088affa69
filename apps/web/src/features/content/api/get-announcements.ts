/**
 * The announcement call (GET /wps/announcement): banners, notices, popups and promotions, lists
 * per type. Keyed by language, types, banner group and who is asking (popups and read marks
 * depend on the session). On the home page's critical path, so its answer is checked by hand
 * rather than with the contract's zod schema.
 */
import type {
  Announcement,
  AnnouncementAnswer,
  Banner,
  ContentType,
  Popup,
} from '@khela/contract/content';
import { HOME_BANNER_GROUP } from '@khela/contract/home';
import type { Language } from '@khela/contract/language';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { isRecord } from '../../../lib/storage';

/** What the home page asks for (spec §7: B, PL, PU plus PR and H on home). */
export const HOME_CONTENT_TYPES: readonly ContentType[] = ['B', 'PL', 'PU', 'PR', 'H'];
/** The notice page shows site announcements and player notices. */
export const NOTICE_CONTENT_TYPES: readonly ContentType[] = ['A', 'PL'];
/** The carousel asks for banners alone: the same for every viewer, so the page preloads it. */
export const BANNER_TYPES: readonly ContentType[] = ['B'];

const LISTS = ['banners', 'announcement', 'player', 'popup', 'promotion', 'hot'] as const;

function isItem(value: unknown): value is { id: number } {
  return isRecord(value) && typeof value.id === 'number';
}

export function parseAnnouncementAnswer(value: unknown): AnnouncementAnswer {
  if (!isRecord(value)) throw new TypeError('Unexpected announcement answer');
  for (const list of LISTS) {
    const items = value[list];
    if (items !== undefined && (!Array.isArray(items) || !items.every(isItem))) {
      throw new TypeError(`Unexpected ${list} list`);
    }
  }
  return value;
}

export const announcementsKey = ['content', 'announcements'] as const;

/** Visitors, trial accounts and each member see different popups and read marks. */
export function viewerKey(session: { userName: string; type: number } | null): string {
  return session ? `${session.type}:${session.userName}` : 'guest';
}

export const announcementsQueryOptions = (
  language: Language,
  types: readonly ContentType[],
  groupName: string,
  viewer: string,
) =>
  queryOptions({
    queryKey: [...announcementsKey, language, types.join(','), groupName, viewer],
    queryFn: ({ signal }) =>
      api.get('/wps/announcement', {
        query: { types: types.join(','), groupName, platform: 'M' },
        parse: parseAnnouncementAnswer,
        signal,
      }),
    staleTime: 60_000,
    // Each screen shows its own retry; no toast on top of it.
    meta: { silent: true },
  });

export function useAnnouncements(
  types: readonly ContentType[] = HOME_CONTENT_TYPES,
  groupName = HOME_BANNER_GROUP,
) {
  const session = useSessionStore((state) => state.session);
  return useQuery(announcementsQueryOptions(useLanguage(), types, groupName, viewerKey(session)));
}

/** Notices of both kinds, newest first. */
export function noticesOf(answer: AnnouncementAnswer | undefined): Announcement[] {
  const all = [...(answer?.player ?? []), ...(answer?.announcement ?? [])];
  return all.sort((a, b) => b.startDate.localeCompare(a.startDate));
}

export const bannersOf = (answer: AnnouncementAnswer | undefined): Banner[] =>
  answer?.banners ?? [];
export const popupsOf = (answer: AnnouncementAnswer | undefined): Popup[] => answer?.popup ?? [];
