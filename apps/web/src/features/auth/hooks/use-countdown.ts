/**
 * The SMS resend countdown: whole seconds until the code's expiry time, refreshed every 500 ms
 * (SMS.countdownRefreshMs); 0 when nothing is counting.
 */
import { SMS } from '@khela/contract/constants';
import { useCallback, useEffect, useState } from 'react';

export function useCountdown() {
  const [state, setState] = useState<{ until: number; now: number } | null>(null);
  useEffect(() => {
    if (!state || state.now >= state.until) return;
    const timer = setTimeout(
      () => setState((current) => current && { ...current, now: Date.now() }),
      SMS.countdownRefreshMs,
    );
    return () => clearTimeout(timer);
  }, [state]);
  // Stable, so an effect may start the count.
  const start = useCallback((until: number) => setState({ until, now: Date.now() }), []);
  return {
    seconds: state ? Math.max(0, Math.ceil((state.until - state.now) / 1000)) : 0,
    /** Count to `until` (epoch ms). */
    start,
  };
}
