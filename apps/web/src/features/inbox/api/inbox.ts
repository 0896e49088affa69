/**
 * Inbox calls. The unread count is asked only for a logged-in member who is not a guest, while
 * MAILCEN is on (spec §4, §6), at most once per 250 ms however many badges ask (THROTTLE_MS).
 * The list pages by cursor; reading a message updates the count everywhere at once.
 */
import { THROTTLE_MS } from '@khela/contract/constants';
import {
  InboxPageSchema,
  InboxReadAnswerSchema,
  InboxUnreadSchema,
  type InboxPage,
} from '@khela/contract/inbox';
import type { Language } from '@khela/contract/language';
import { isGuest } from '@khela/contract/members';
import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  sessionPagesQueryOptions,
  sessionQueryKey,
  sessionQueryOptions,
} from '../../../lib/session-query';
import { useSessionStore } from '../../../lib/session-store';

export const inboxQueryKey = ['inbox'] as const;

/** The badge refreshes this often while the page is visible (and on focus). */
export const INBOX_UNREAD_REFRESH_MS = 30_000;

export const inboxUnreadQueryOptions = (token: string) =>
  sessionQueryOptions({
    scope: inboxQueryKey,
    token,
    key: ['unread'],
    path: '/wps/inbox/unread-count',
    parse: InboxUnreadSchema,
    // The spec's 250 ms throttle: every badge shares one query; within 250 ms nothing is asked.
    staleTime: THROTTLE_MS.inboxUnread,
    poll: { every: INBOX_UNREAD_REFRESH_MS, onFocus: true },
    meta: { silent: true },
  });

/** Unread messages, or 0 when not asked for (logged out, guest, inbox off). */
export function useInboxUnreadCount(inboxEnabled: boolean): number {
  const session = useSessionStore((state) => state.session);
  const allowed = inboxEnabled && session !== null && !isGuest(session.type);
  const query = useQuery({ ...inboxUnreadQueryOptions(session?.token ?? ''), enabled: allowed });
  return allowed ? (query.data ?? 0) : 0;
}

export const inboxPagesQueryOptions = (token: string, language: Language) =>
  sessionPagesQueryOptions({
    scope: inboxQueryKey,
    token,
    key: ['list', language],
    path: '/wps/inbox',
    query: { language },
    parse: InboxPageSchema,
    staleTime: 0,
  });

export const markRead = (id: string) =>
  api.post(`/wps/inbox/${id}/read`, { parse: InboxReadAnswerSchema });

export const markAllRead = () => api.post('/wps/inbox/read-all', { parse: InboxReadAnswerSchema });

/** After a read mark: the message shows read in the lists and the badges show the new count. */
export function applyRead(
  queryClient: QueryClient,
  token: string,
  unreadCount: number,
  /** A message id, or null for all of them. */
  id: string | null,
) {
  queryClient.setQueryData(inboxUnreadQueryOptions(token).queryKey, unreadCount);
  queryClient.setQueriesData<InfiniteData<InboxPage>>(
    { queryKey: sessionQueryKey(inboxQueryKey, token, 'list') },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          unreadCount,
          list: page.list.map((m) => (id === null || m.id === id ? { ...m, read: true } : m)),
        })),
      },
  );
}
