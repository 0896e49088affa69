/** Test set-up: jest-dom matchers, English strings, a clean slate per test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { bars, plots } from './uplot-fake';

vi.mock('uplot', () => import('./uplot-fake'));

// jsdom has no layout: charts observe a container that never resizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Screens load lazily; the first one in a file also pays for module loading.
configure({ asyncUtilTimeout: 3000 });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  plots.length = 0;
  bars.mockClear();
  await i18n.changeLanguage('en');
});
