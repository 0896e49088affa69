/**
 * Asks whether a username is free while the player types: 500 ms after the last keystroke
 * (DEBOUNCE_MS.search), only for a name that already passes the local rule. Older answers are
 * dropped, so the status always belongs to the name on screen.
 */
import { DEBOUNCE_MS } from '@khela/contract/constants';
import { useEffect, useState } from 'react';
import { isUsernameAvailable } from '../api/registration';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

export function useUsernameAvailability(username: string, enabled: boolean): Availability {
  const [answer, setAnswer] = useState<{ username: string; available: boolean } | null>(null);
  const name = username.trim();

  useEffect(() => {
    if (!enabled || !name) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      isUsernameAvailable(name, controller.signal).then(
        (available) => setAnswer({ username: name, available }),
        () => undefined,
      );
    }, DEBOUNCE_MS.search);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, enabled]);

  if (!enabled || !name) return 'idle';
  if (answer?.username !== name) return 'checking';
  return answer.available ? 'available' : 'taken';
}
