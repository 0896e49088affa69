/** Test set-up: jest-dom matchers, the browser APIs jsdom lacks, and a clean slate per test. */
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';

// A few pure tests run in the node environment; the browser set-up is for the rest.
if (typeof document !== 'undefined') {
  // The vm pool (vite.config.ts) makes jsdom's window the global, and jsdom's crypto has no
  // subtle (the fair-play check hashes with it); the browser's has.
  if (!globalThis.crypto.subtle) {
    const { webcrypto } = await import('node:crypto');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
  }
  const { cleanup, configure } = await import('@testing-library/react');
  const { i18n } = await import('../lib/i18n');
  // The app adds these with any screen but home (app/router.tsx); components render on their own here.
  await import('../locales/screens');
  const { useNotifyStore } = await import('../lib/notify');
  const { useGameLaunchStore } = await import('../lib/game-launch-store');
  const { setDisplayModeStandalone } = await import('./browser');

  // Screens load lazily; the first one in a file also pays for module loading.
  configure({ asyncUtilTimeout: 3000 });

  beforeEach(() => {
    setDisplayModeStandalone(false);
    window.scrollTo = vi.fn();
    Element.prototype.scrollIntoView = vi.fn();
  });

  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    localStorage.clear();
    sessionStorage.clear();
    document.body.style.overflow = '';
    useNotifyStore.setState({ toasts: [], loading: null });
    // A game one test opened must not open again over the next test's screen.
    useGameLaunchStore.setState({ request: null });
    await i18n.changeLanguage('bn');
  });
}
