import { Redis } from 'ioredis';
import type { CacheStore } from './cache-store';

/**
 * Redis-backed cache shared by every server process. Keys and channels carry the configured
 * prefix so several deployments (or test runs) can share one Redis.
 */
export class RedisCache implements CacheStore {
  readonly kind = 'redis';
  /** The command connection; the rate limiter uses it too. */
  readonly client: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();

  constructor(
    private readonly url: string,
    readonly prefix: string,
  ) {
    this.client = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async get(key: string) {
    return this.client.get(this.k(key));
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.client.set(this.k(key), value, 'PX', ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.client.set(this.k(key), value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async take(key: string) {
    return this.client.getdel(this.k(key));
  }

  async del(key: string) {
    await this.client.del(this.k(key));
  }

  async incr(key: string, windowMs: number) {
    const [[, count] = [null, 0]] = (await this.client
      .multi()
      .incr(this.k(key))
      .pexpire(this.k(key), windowMs, 'NX')
      .exec()) as Array<[Error | null, number]>;
    return Number(count);
  }

  async publish(channel: string, message: string) {
    await this.client.publish(this.k(channel), message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void) {
    if (!this.subscriber) {
      this.subscriber = new Redis(this.url, { maxRetriesPerRequest: 2 });
      this.subscriber.on('message', (fullChannel: string, message: string) => {
        for (const handler of this.handlers.get(fullChannel) ?? []) handler(message);
      });
    }
    const full = this.k(channel);
    const list = this.handlers.get(full) ?? [];
    list.push(onMessage);
    this.handlers.set(full, list);
    await this.subscriber.subscribe(full);
  }

  async close() {
    await Promise.allSettled([this.client.quit(), this.subscriber?.quit()]);
  }
}
