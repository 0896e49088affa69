/**
 * The chat unread count (GET /wps/relay/CBS_unreadCount, `value.unReadCount`). Asked only for a
 * logged-in member who is not a guest, and only while the CBS3 flag is on (spec §4); at most once
 * per 250 ms however many badges ask. Light on purpose (no zod): it sits on the home page.
 */
import { THROTTLE_MS } from '@khela/contract/constants';
import { isGuest } from '@khela/contract/members';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../../lib/session-query';
import { useSessionStore } from '../../../lib/session-store';
import { isRecord } from '../../../lib/storage';

/** Matches every token's count, to refresh it after reading. */
export const chatUnreadQueryKey = ['chat', 'unread'] as const;

/** The badge refreshes this often while the page is visible (and on focus). */
export const CHAT_UNREAD_REFRESH_MS = 30_000;

function parseUnread(value: unknown): number {
  if (!isRecord(value) || typeof value.unReadCount !== 'number' || value.unReadCount < 0) {
    throw new TypeError('Unexpected unread count');
  }
  return Math.floor(value.unReadCount);
}

export const chatUnreadQueryOptions = (token: string) =>
  sessionQueryOptions({
    scope: chatUnreadQueryKey,
    token,
    path: '/wps/relay/CBS_unreadCount',
    query: { moduleId: 'CBS3' },
    parse: parseUnread,
    // The throttle: every badge shares one query, and a mount, focus or interval within 250 ms
    // of the last answer asks nothing. (Reading in the chat refreshes it explicitly.)
    staleTime: THROTTLE_MS.chatUnread,
    poll: { every: CHAT_UNREAD_REFRESH_MS, onFocus: true },
    // Chat calls raise no alerts (spec §7); a missing badge is the only sign.
    meta: { silent: true },
  });

/**
 * The member's unread chat count, or 0 when it is not asked for (logged out, guest, CBS3 off).
 * `chatEnabled` is the CBS3 flag from the system status, passed in by whoever composes the badge.
 */
export function useChatUnreadCount(chatEnabled: boolean): number {
  const session = useSessionStore((state) => state.session);
  const allowed = chatEnabled && session !== null && !isGuest(session.type);
  const query = useQuery({
    ...chatUnreadQueryOptions(session?.token ?? ''),
    enabled: allowed,
  });
  return allowed ? (query.data ?? 0) : 0;
}
