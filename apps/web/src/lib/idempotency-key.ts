import { useMemo, useRef } from 'react';
import { ApiError } from './api-client';

/** A UUID for the Idempotency-Key header (randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A screen's Idempotency-Keys, one per request: sent again after its answer was lost (a network
 * failure, or an error that is not the server's answer), the same request carries the same key,
 * so the server does it once; an answer, done or refused, spends the key. `request` says what
 * makes two submits the same request (the body's fields, the day claimed).
 */
export function useIdempotencyKeys() {
  const unanswered = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(request: string): string {
        const key = unanswered.current.get(request) ?? newIdempotencyKey();
        unanswered.current.set(request, key);
        return key;
      },
      /** The request ended: answered (no `error`, or the server's refusal), or lost. */
      settle(request: string, error?: unknown) {
        const answered = error === undefined || (error instanceof ApiError && error.status !== 0);
        if (answered) unanswered.current.delete(request);
      },
    }),
    [],
  );
}
