import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerLater, type ServiceWorkerHost } from './service-worker';

/** A page whose timers, idle callbacks and load event the test runs by hand. */
function fakePage(readyState: DocumentReadyState, withIdle = true) {
  const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
  const timers: Array<{ run: () => void; ms: number }> = [];
  const idle: Array<{ run: () => void; timeout?: number }> = [];
  const load: Array<() => void> = [];
  const host: ServiceWorkerHost = {
    navigator: { serviceWorker: { register } as unknown as ServiceWorkerContainer },
    document: { readyState },
    addEventListener: ((type: string, listener: () => void) => {
      if (type === 'load') load.push(listener);
    }) as Window['addEventListener'],
    setTimeout: (run, ms) => timers.push({ run, ms }),
    ...(withIdle
      ? { requestIdleCallback: (run, options) => idle.push({ run, timeout: options?.timeout }) }
      : {}),
  };
  return { host, register, timers, idle, load };
}

describe('registerServiceWorkerLater', () => {
  it('registers only after the load event, a delay and an idle moment', () => {
    const page = fakePage('loading');
    registerServiceWorkerLater('/m/sw.js', '/m/', page.host, 5000);
    expect(page.timers).toHaveLength(0);

    page.load.forEach((listener) => listener());
    expect(page.timers.map((timer) => timer.ms)).toEqual([5000]);
    expect(page.register).not.toHaveBeenCalled();

    page.timers[0]!.run();
    expect(page.register).not.toHaveBeenCalled();
    // The browser is asked to find an idle moment, and not to wait for one longer than the delay.
    expect(page.idle[0]?.timeout).toBe(5000);

    page.idle[0]!.run();
    expect(page.register).toHaveBeenCalledWith('/m/sw.js', { scope: '/m/' });
  });

  it('starts the delay at once when the page has already loaded', () => {
    const page = fakePage('complete', false);
    registerServiceWorkerLater('/m/sw.js', '/m/', page.host, 5000);
    expect(page.load).toHaveLength(0);
    page.timers[0]!.run();
    // Without requestIdleCallback (Safari), it registers when the delay ends.
    expect(page.register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers, and ignores a refusal', async () => {
    const page = fakePage('complete');
    const bare = { ...page.host, navigator: {} as ServiceWorkerHost['navigator'] };
    registerServiceWorkerLater('/m/sw.js', '/m/', bare, 5000);
    expect(page.timers).toHaveLength(0);

    const refusing = fakePage('complete', false);
    refusing.register.mockReturnValueOnce(Promise.reject(new Error('SecurityError')));
    registerServiceWorkerLater('/m/sw.js', '/m/', refusing.host, 5000);
    refusing.timers[0]!.run();
    await Promise.resolve();
    expect(refusing.register).toHaveBeenCalledTimes(1);
  });
});
