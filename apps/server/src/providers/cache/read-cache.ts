/**
 * A process-local read cache for answers read on every request (sessions, members, balances):
 * hits cost no database round trip. A change is announced on the shared cache's pub/sub, and
 * every process (this one synchronously) drops the entry at once; the TTL bounds how long an
 * entry can outlive a notice lost while Redis was unreachable.
 */
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { readCacheTally, type ReadCacheTally } from '../../lib/metrics';
import type { CacheStore } from './cache-store';

export interface ReadCacheOptions {
  /** Names the pub/sub channel: every process must use the same name for the same data. */
  name: string;
  max: number;
  ttlMs: number;
}

export class ReadCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V>;
  private readonly channel: string;
  /**
   * Counts invalidations. A load that began before one may hold the old value, so it is
   * answered but not kept (a notice can arrive between the read and the store).
   */
  private epoch = 0;
  /** Tells this cache's own notices apart: it has dropped the key already when it sends them. */
  private readonly sender = randomUUID();
  /** Hits and misses, for the operator's metrics. */
  private readonly tally: ReadCacheTally;

  constructor(
    private readonly shared: CacheStore,
    options: ReadCacheOptions,
  ) {
    this.entries = new LRUCache({ max: options.max, ttl: options.ttlMs });
    this.channel = `read-cache:${options.name}`;
    this.tally = readCacheTally(options.name);
  }

  /** Listens for other processes' notices; call once before serving. */
  async start() {
    await this.shared.subscribe(this.channel, (message) => {
      const space = message.indexOf(' ');
      if (message.slice(0, space) !== this.sender) this.drop(message.slice(space + 1));
    });
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) this.tally.misses += 1;
    else this.tally.hits += 1;
    return value;
  }

  /** The cached value, or else `load`'s (see `load`). */
  async getOrLoad(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    return this.get(key) ?? this.load(key, load);
  }

  /** Reads past the cache and keeps the answer, unless the key was invalidated meanwhile. */
  async load(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const epoch = this.epoch;
    const value = await load();
    if (value === undefined) this.entries.delete(key);
    else if (epoch === this.epoch) this.entries.set(key, value);
    return value;
  }

  /** Drops the key here and in every other process. Call after the change is committed. */
  async invalidate(...keys: string[]) {
    for (const key of keys) this.drop(key);
    await Promise.all(
      keys.map((key) => this.shared.publish(this.channel, `${this.sender} ${key}`)),
    );
  }

  private drop(key: string) {
    this.epoch += 1;
    this.entries.delete(key);
  }
}
