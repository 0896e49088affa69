import { Redis } from 'ioredis';
import { unreachable } from '../../lib/startup-error';
import type { CacheStore } from './cache-store';
import { MemoryCache } from './memory-cache';
import { RedisCache } from './redis-cache';

export function openCache(redisUrl: string | undefined, prefix: string): CacheStore {
  return redisUrl ? new RedisCache(redisUrl, prefix) : new MemoryCache();
}

/**
 * Start-up check: REDIS_URL's server answers a PING within `timeoutMs`, or a StartupError that
 * says where and what to check (the cache's own client would retry forever).
 */
export async function probeRedis(url: string, timeoutMs = 5000): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED, …) says more than connect()'s "Connection is closed".
  let socketError: unknown;
  client.on('error', (error) => void (socketError ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw unreachable('Redis', url, 'REDIS_URL', socketError ?? error);
  } finally {
    client.disconnect();
  }
}
