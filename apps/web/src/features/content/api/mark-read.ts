/**
 * Marking a notice read (POST /wps/announcement/read, throttled 150 ms). Guests and trial
 * accounts (type 4) are never marked: for them a notice simply counts as read (spec §4). The
 * list shows the mark at once and the announcements reload after the call.
 */
import type { AnnouncementAnswer } from '@khela/contract/content';
import { THROTTLE_MS } from '@khela/contract/constants';
import { isGuest } from '@khela/contract/members';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { announcementsKey } from './get-announcements';

export const markAnnouncementRead = (announcementId: number, read = true) =>
  api.post('/wps/announcement/read', { body: { announcementId, read } });

/** Returns `markRead(id)`; a no-op for visitors and trial accounts. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const session = useSessionStore((state) => state.session);
  const lastSent = useRef(0);
  const pending = useRef<Set<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = useCallback(async () => {
    timer.current = undefined;
    lastSent.current = Date.now();
    const ids = [...pending.current];
    pending.current.clear();
    try {
      await Promise.all(ids.map((id) => markAnnouncementRead(id)));
    } finally {
      await queryClient.invalidateQueries({ queryKey: announcementsKey });
    }
  }, [queryClient]);

  return useCallback(
    (id: number) => {
      if (!session || isGuest(session.type)) return;
      // Shown as read at once, in every cached answer that lists it.
      queryClient.setQueriesData<AnnouncementAnswer>({ queryKey: announcementsKey }, (answer) => {
        if (!answer) return answer;
        const mark = (list: AnnouncementAnswer['player']) =>
          list?.map((notice) => (notice.id === id ? { ...notice, read: true } : notice));
        return { ...answer, player: mark(answer.player), announcement: mark(answer.announcement) };
      });
      pending.current.add(id);
      if (timer.current) return;
      const wait = Math.max(0, lastSent.current + THROTTLE_MS.readMark - Date.now());
      timer.current = setTimeout(() => void flush().catch(() => undefined), wait);
    },
    [session, queryClient, flush],
  );
}
