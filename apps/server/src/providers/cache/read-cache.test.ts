import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache';
import { ReadCache } from './read-cache';

const shared = new MemoryCache();
afterEach(() => shared.close());

async function twoProcesses() {
  const options = { name: `t${Math.random()}`, max: 100, ttlMs: 60_000 };
  const here = new ReadCache<{ n: number }>(shared, options);
  const there = new ReadCache<{ n: number }>(shared, options);
  await Promise.all([here.start(), there.start()]);
  return { here, there };
}

describe('ReadCache', () => {
  it('answers from the cache until the value is invalidated, then loads again', async () => {
    const { here } = await twoProcesses();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await here.getOrLoad('k', load)).toEqual({ n: 1 });
    expect(await here.getOrLoad('k', load)).toEqual({ n: 1 });
    await here.invalidate('k');
    expect(await here.getOrLoad('k', load)).toEqual({ n: 2 });
  });

  it("drops another process's copy when one process invalidates", async () => {
    const { here, there } = await twoProcesses();
    await there.getOrLoad('k', async () => ({ n: 1 }));
    await here.invalidate('k');
    expect(there.get('k')).toBeUndefined();
  });

  it('does not keep a value loaded while an invalidation arrived', async () => {
    const { here } = await twoProcesses();
    let finishLoad: (value: { n: number }) => void = () => undefined;
    const loading = here.getOrLoad('k', () => new Promise((resolve) => (finishLoad = resolve)));
    await here.invalidate('k');
    finishLoad({ n: 1 });
    // The in-flight request gets what it read, but the next one reads again.
    expect(await loading).toEqual({ n: 1 });
    expect(here.get('k')).toBeUndefined();
  });

  it('drops a key of a cache that follows another when that one drops it, and only then', async () => {
    const balances = `balance${Math.random()}`;
    const followed = new ReadCache<{ n: number }>(shared, {
      name: balances,
      max: 9,
      ttlMs: 60_000,
    });
    const options = { name: `badge${Math.random()}`, max: 9, ttlMs: 60_000, follows: balances };
    const badge = new ReadCache<{ n: number }>(shared, options);
    const otherProcess = new ReadCache<{ n: number }>(shared, options);
    await Promise.all([followed.start(), badge.start(), otherProcess.start()]);
    await badge.getOrLoad('7', async () => ({ n: 1 }));
    await badge.getOrLoad('8', async () => ({ n: 1 }));
    await otherProcess.getOrLoad('7', async () => ({ n: 1 }));

    await followed.invalidate('7');
    expect(badge.get('7')).toBeUndefined();
    expect(otherProcess.get('7')).toBeUndefined();
    expect(badge.get('8')).toEqual({ n: 1 });
    // Its own invalidations do not reach the cache it follows.
    await followed.getOrLoad('8', async () => ({ n: 2 }));
    await badge.invalidate('8');
    expect(followed.get('8')).toEqual({ n: 2 });
  });

  it('forgets a key whose load finds nothing', async () => {
    const { here } = await twoProcesses();
    await here.getOrLoad('k', async () => ({ n: 1 }));
    expect(await here.load('k', async () => undefined)).toBeUndefined();
    expect(here.get('k')).toBeUndefined();
  });
});
