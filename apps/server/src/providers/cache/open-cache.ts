import type { CacheStore } from './cache-store';
import { MemoryCache } from './memory-cache';
import { RedisCache } from './redis-cache';

export function openCache(redisUrl: string | undefined, prefix: string): CacheStore {
  return redisUrl ? new RedisCache(redisUrl, prefix) : new MemoryCache();
}
