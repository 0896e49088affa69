/**
 * The live counters (pending withdrawals, open chats, identity checks waiting) from the server's
 * event stream (`GET /ops/api/live`, `event: counters`). EventSource reconnects by itself after a
 * dropped connection; when the server refuses it (closed), we open a new one after a growing pause.
 */
import { useEffect, useState } from 'react';

export const LIVE_PATH = '/ops/api/live';

/** Counter name → how many; names the console does not know are shown as they come. */
export type LiveCounters = Record<string, number>;

const MAX_PAUSE_MS = 30_000;

export function useLiveCounters(enabled: boolean): LiveCounters | null {
  const [counters, setCounters] = useState<LiveCounters | null>(null);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pause = 1000;
    let stopped = false;
    const open = () => {
      source = new EventSource(LIVE_PATH, { withCredentials: true });
      source.addEventListener('counters', (event) => {
        pause = 1000;
        try {
          const data: unknown = JSON.parse((event as MessageEvent<string>).data);
          if (typeof data === 'object' && data !== null) {
            setCounters(
              Object.fromEntries(
                Object.entries(data).filter(
                  (entry): entry is [string, number] => typeof entry[1] === 'number',
                ),
              ),
            );
          }
        } catch {
          // A malformed message: keep the last counters.
        }
      });
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        timer = setTimeout(open, pause);
        pause = Math.min(pause * 2, MAX_PAUSE_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled]);
  return counters;
}
