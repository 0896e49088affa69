import { EventEmitter } from 'node:events';
import type { CacheStore } from './cache-store';

interface Entry {
  value: string;
  expiresAt: number;
}

/** One process's cache: a Map with expiry, swept lazily on read and every minute. */
export class MemoryCache implements CacheStore {
  readonly kind = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly bus = new EventEmitter();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }

  async del(key: string) {
    this.entries.delete(key);
  }

  async incr(key: string, windowMs: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, {
      value: String(count),
      expiresAt: entry?.expiresAt ?? Date.now() + windowMs,
    });
    return count;
  }

  async publish(channel: string, message: string) {
    this.bus.emit(channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void) {
    this.bus.on(channel, onMessage);
  }

  async close() {
    clearInterval(this.sweeper);
    this.bus.removeAllListeners();
    this.entries.clear();
  }
}
