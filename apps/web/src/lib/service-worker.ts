/**
 * The service worker (vite-plugin-pwa's, generated at build) is registered once the first screen
 * has settled, not at the load event: installing it precaches the whole app shell (about 200
 * files, 1.2 MB), which on a first visit would otherwise download, and take a core, while the
 * page is still fetching and drawing its games. Measured on home's first visit (Lighthouse,
 * mobile preset): registered at load, about 150 precache requests ran during the page's first
 * two seconds.
 */

/** How long after the load event the worker is registered (then at the browser's next idle). */
export const SERVICE_WORKER_DELAY_MS = 5000;

export interface ServiceWorkerHost {
  navigator: Pick<Navigator, 'serviceWorker'>;
  document: Pick<Document, 'readyState'>;
  addEventListener: Window['addEventListener'];
  setTimeout: (callback: () => void, ms: number) => unknown;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => unknown;
}

/** Registers `scriptUrl` for `scope` a while after the page has loaded; a failure is left alone. */
export function registerServiceWorkerLater(
  scriptUrl: string,
  scope: string,
  host: ServiceWorkerHost = window,
  delayMs = SERVICE_WORKER_DELAY_MS,
): void {
  if (!('serviceWorker' in host.navigator)) return;
  const register = () => {
    // Offline support is a bonus: a browser that refuses it (private mode, storage full) still
    // has the site.
    host.navigator.serviceWorker.register(scriptUrl, { scope }).catch(() => undefined);
  };
  const whenIdle = () =>
    host.requestIdleCallback
      ? host.requestIdleCallback(register, { timeout: delayMs })
      : register();
  const afterLoad = () => host.setTimeout(whenIdle, delayMs);
  if (host.document.readyState === 'complete') afterLoad();
  else host.addEventListener('load', afterLoad, { once: true });
}
