/**
 * The entry's stylesheet is fetched without blocking the first paint: index.html names it as a
 * style preload (marked data-app-styles) instead of a stylesheet, and main.tsx turns it into the
 * stylesheet and waits for it before the app renders. Home's first paint, sent in the HTML by
 * the server, brings its own few styles, so it paints as soon as the HTML is in, not a round trip
 * later; other pages show the theme's background until the app renders, as before.
 */
import type { Plugin } from 'vite';

const ENTRY_STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/;

export function appStyles(): Plugin {
  return {
    name: 'khela:app-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!ENTRY_STYLESHEET.test(html)) throw new Error('app-styles: no entry stylesheet link');
        return html.replace(
          ENTRY_STYLESHEET,
          (_tag, crossorigin: string | undefined, href: string) =>
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" data-app-styles>`,
        );
      },
    },
  };
}
