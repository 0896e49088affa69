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
  /**
   * Another read cache (by name) whose dropped keys this one drops too, in this process at once
   * and in the others by its notices: for what is derived from that cache's data (a member's VIP
   * badge follows the member's balance).
   */
  follows?: string;
}

/** Caches that follow a channel (ReadCacheOptions.follows), by that channel, in this process. */
const followers = new Map<string, Set<{ drop(key: string): void }>>();

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
    this.followed = options.follows ? `read-cache:${options.follows}` : undefined;
    this.tally = readCacheTally(options.name);
  }

  /** The channel of the cache this one follows, if any. */
  private readonly followed: string | undefined;

  /** Listens for other processes' notices; call once before serving. */
  async start() {
    await this.shared.subscribe(this.channel, (message) => {
      const space = message.indexOf(' ');
      if (message.slice(0, space) !== this.sender) this.drop(message.slice(space + 1));
    });
    if (this.followed) {
      const local = followers.get(this.followed) ?? new Set();
      local.add(this);
      followers.set(this.followed, local);
      // Another process's notices; this process's own have dropped the key already.
      await this.shared.subscribe(this.followed, (message) =>
        this.drop(message.slice(message.indexOf(' ') + 1)),
      );
    }
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
    for (const key of keys) {
      this.drop(key);
      for (const follower of followers.get(this.channel) ?? []) follower.drop(key);
    }
    await Promise.all(
      keys.map((key) => this.shared.publish(this.channel, `${this.sender} ${key}`)),
    );
  }

  drop(key: string) {
    this.epoch += 1;
    this.entries.delete(key);
  }
}
