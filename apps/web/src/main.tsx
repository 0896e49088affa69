/**
 * Entry: fonts (Bengali and Latin, 400 and 700 only), theme, then the app, once its stylesheet
 * is applied (the built page fetches it without blocking the first paint: build/app-styles.ts).
 */
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import '@fontsource/noto-sans-bengali/latin-400.css';
import '@fontsource/noto-sans-bengali/latin-700.css';
import './styles/theme.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { STORAGE_KEYS } from '@khela/contract/constants';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { listenForInstallPrompt } from './lib/platform';
import { registerServiceWorkerLater } from './lib/service-worker';
import { readStorage } from './lib/storage';

listenForInstallPrompt();
// The built site's offline shell (vite.config.ts); development serves none.
if (import.meta.env.PROD)
  registerServiceWorkerLater(`${import.meta.env.BASE_URL}sw.js`, import.meta.env.BASE_URL);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** Resolves when the stylesheet the built page preloads is applied (at once in development). */
function appStylesApplied(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    // Unstyled beats not at all.
    link.addEventListener('error', () => resolve(), { once: true });
    link.rel = 'stylesheet';
  });
}

/** A player who chose English waits for its strings (their own chunk) rather than see Bengali. */
const languageReady = /^en/i.test(readStorage('local', STORAGE_KEYS.language) ?? '')
  ? import('./lib/i18n').then((module) => module.i18nReady)
  : Promise.resolve();

/** Resolves in a later task: the browser can paint and answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Start-up in short tasks on a slow phone: the route table is built in a task of its own while
// the stylesheet loads (it also starts loading the shell and the screen), and the first render
// is a transition, which React renders in slices of a few milliseconds instead of one long task.
const routerReady = nextTask().then(createAppRouter);

void Promise.all([appStylesApplied(), languageReady, routerReady]).then(([, , router]) => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
});
