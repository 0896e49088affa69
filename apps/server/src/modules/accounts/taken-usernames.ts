/**
 * Whether a username is taken, as the registration form asks while the player types: answered
 * from a process-local cache, since players try the same popular names over and over. A new
 * member's name is announced to every process once its registration commits. The answer only
 * guides the form: registration itself relies on the unique index.
 */
import type { Database } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import { accountsRepository as repo } from './accounts.repository';

export class TakenUsernames {
  private readonly cache: ReadCache<{ taken: boolean }>;

  constructor(
    private readonly db: Database,
    shared: CacheStore,
  ) {
    this.cache = new ReadCache(shared, { name: 'username', max: 100_000, ttlMs: 60_000 });
  }

  start() {
    return this.cache.start();
  }

  async isTaken(username: string): Promise<boolean> {
    const key = username.toLowerCase();
    const entry = await this.cache.getOrLoad(key, async () => ({
      taken: await repo.usernameTaken(this.db, key),
    }));
    return entry!.taken;
  }

  /** Call once the member holding `username` is committed. */
  claimed(username: string) {
    return this.cache.invalidate(username.toLowerCase());
  }
}
