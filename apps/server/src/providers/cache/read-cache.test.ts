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

  it('forgets a key whose load finds nothing', async () => {
    const { here } = await twoProcesses();
    await here.getOrLoad('k', async () => ({ n: 1 }));
    expect(await here.load('k', async () => undefined)).toBeUndefined();
    expect(here.get('k')).toBeUndefined();
  });
});
