/**
 * Short-lived shared state (captchas, one-time codes, counters, cached answers) and change notices
 * between server processes. In memory for one process; Redis when REDIS_URL is set, so N processes
 * behind a load balancer share it.
 */
export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it (single-use tokens, locks). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step, so a value can be consumed once. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds one and returns the new count; the window starts at the first hit. */
  incr(key: string, windowMs: number): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}
