/**
 * Readiness: whether this process can serve, i.e. its database and (when REDIS_URL is set) Redis
 * answer. Each is asked at once and given READY_TIMEOUT_MS: a store that is gone often does not
 * refuse but stays silent (a Postgres pool waits for a connection, Redis's client for its
 * reconnect), and the load balancer must hear "not ready" before its own probe gives up.
 */
import type { DatabaseHandle } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';

export const READY_TIMEOUT_MS = 1500;

export type Dependency = 'database' | 'redis';

/** Resolves when `check` answers in time; rejects when it fails or stays silent. */
async function answersWithin(check: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), silent]);
  } finally {
    clearTimeout(timer);
  }
}

/** The dependencies that did not answer, with why (empty: ready). */
export async function unreadyDependencies(
  stores: { database: Pick<DatabaseHandle, 'ping'>; cache: CacheStore },
  timeoutMs = READY_TIMEOUT_MS,
): Promise<{ dependency: Dependency; reason: string }[]> {
  const checks: [Dependency, () => Promise<unknown>][] = [
    ['database', () => stores.database.ping()],
  ];
  // The in-memory cache is this process's own memory: nothing to lose.
  if (stores.cache.kind === 'redis') checks.push(['redis', () => stores.cache.get('readyz')]);
  const results = await Promise.allSettled(
    checks.map(([, check]) => answersWithin(check, timeoutMs)),
  );
  return results.flatMap((result, i) =>
    result.status === 'rejected'
      ? [
          {
            dependency: checks[i]![0],
            reason: String((result.reason as Error)?.message ?? result.reason),
          },
        ]
      : [],
  );
}
