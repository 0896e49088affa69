/** Test set-up: jest-dom matchers, English strings, a clean slate per test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';

// Screens load lazily; the first one in a file also pays for module loading.
configure({ asyncUtilTimeout: 3000 });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
