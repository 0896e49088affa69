/**
 * Home's first paint comes in the HTML (the server fills in its banner, see index.html) and
 * needs no script and no app stylesheet. So the entry script, the module preloads of the shell
 * and home chunks and the app's style preloads are fetched at low priority: on a slow
 * connection the first paint's banner, the fonts and the page's first calls go ahead of
 * 140 kB of script, which still starts downloading at once. Other pages paint with the app and
 * lose nothing: nothing else is fetched beside these.
 */
import type { Plugin } from 'vite';

const APP_FILES = [
  /<script type="module"(?![^>]*fetchpriority)/g,
  /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
  /<link rel="preload" as="style"(?![^>]*fetchpriority)/g,
];

export function firstPaintPriority(): Plugin {
  return {
    name: 'khela:first-paint-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('<script type="module"')) {
          throw new Error('first-paint-priority: no entry script');
        }
        return APP_FILES.reduce(
          (page, tag) => page.replace(tag, (start) => `${start} fetchpriority="low"`),
          html,
        );
      },
    },
  };
}
