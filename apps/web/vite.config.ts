/**
 * The player site build: served under /m/ by the server, with a generated service worker that
 * keeps the app shell working offline, app icons drawn at build time, and .br/.gz siblings of
 * every text asset for the server's pre-compressed static serving.
 */
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { appIcons, MANIFEST_ICONS, THEME_COLOR } from './build/app-icons.ts';
import { appStyles } from './build/app-styles.ts';
import { jsBudget } from './build/js-budget.ts';
import { homeChunk } from './build/home-chunk.ts';
import { preloadHome } from './build/preload-home.ts';
import { firstPaintPriority } from './build/first-paint-priority.ts';
import { compileHints } from './build/compile-hints.ts';
import { precompress } from '../../packages/build/precompress.ts';

/**
 * react-i18next imports `use-sync-external-store/shim` for Reacts before 18; on React 19 it is
 * React's own hook, so the page gets that directly instead of the CommonJS shim (about 0.7 kB of
 * home's critical path). Tests resolve the same way.
 */
const SHIM = {
  find: /^use-sync-external-store\/shim$/,
  replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
};

/**
 * react-router's package exports name only its development build (the production one differs in
 * its dev warnings, which it leaves out): the built page takes the production build (about 0.6 kB
 * of home's critical path). Development and tests keep the warnings.
 */
const ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

/** The lazy modules the home page renders first: the shell and the home route. */
const HOME_MODULES = ['src/app/root-layout.tsx', 'src/app/routes/home.tsx'];

/**
 * What home loads in its first seconds after the first screen (the parts below the banner, the
 * shell's widgets and the operator's popups): one chunk instead of some 27 files of 0.2 to 4 kB,
 * each a request of its own and a round trip on a slow phone.
 */
const HOME_LATER_MODULES = [
  'src/app/routes/home-later.ts',
  'src/features/content/components/home-extras.tsx',
  'src/features/content/components/popups.tsx',
  'src/features/chat/components/service-widget.tsx',
  'src/features/account/components/account-menu.tsx',
  'src/features/download/components/download-bar.tsx',
];

/**
 * Modules the packages home imports re-export, which other screens use and home does not: out of
 * the home chunk (build/home-chunk.ts). Mutations and infinite lists (about 1.5 kB).
 */
const NOT_ON_HOME = [
  /@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/,
];

export default defineConfig(({ command, mode }) => ({
  base: '/m/',
  resolve: { alias: command === 'build' ? [SHIM, ROUTER_PRODUCTION] : [SHIM] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Fonts are in their own files; small icons are fine inline.
    assetsInlineLimit: 2048,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            homeChunk('src/main.tsx', HOME_MODULES, NOT_ON_HOME),
            homeChunk('src/main.tsx', HOME_LATER_MODULES, [], {
              name: 'home-later',
              after: HOME_MODULES,
            }),
          ],
        },
      },
    },
  },
  server: {
    // The API is served by the server on the same origin; in dev, point at it.
    proxy: { '/wps': 'http://localhost:3000' },
  },
  plugins: [
    react(),
    ...(mode === 'test'
      ? []
      : [
          appIcons(),
          VitePWA({
            registerType: 'autoUpdate',
            // Registered by the app once the first screen has settled (src/lib/service-worker.ts).
            injectRegister: false,
            strategies: 'generateSW',
            scope: '/m/',
            base: '/m/',
            manifestFilename: 'manifest.webmanifest',
            includeAssets: ['icons/apple-touch-icon.png'],
            manifest: {
              id: '/m/home',
              name: 'Khela',
              short_name: 'Khela',
              description: 'Khela: slots, live casino, sports and more, made for your phone.',
              lang: 'bn',
              dir: 'ltr',
              start_url: '/m/home',
              scope: '/m/',
              display: 'standalone',
              orientation: 'portrait',
              theme_color: THEME_COLOR,
              background_color: THEME_COLOR,
              icons: MANIFEST_ICONS,
            },
            workbox: {
              // The app shell: scripts, styles, the HTML, icons and the woff2 fonts (not the
              // woff fallbacks, which modern browsers never fetch).
              globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
              maximumFileSizeToCacheInBytes: 512 * 1024,
              navigateFallback: '/m/index.html',
              navigateFallbackAllowlist: [/^\/m(\/|$)/],
              navigateFallbackDenylist: [/^\/wps\//, /^\/ops\//, /^\/lgw\//],
              cleanupOutdatedCaches: true,
              clientsClaim: true,
              skipWaiting: true,
            },
          }),
          appStyles(),
          preloadHome(HOME_MODULES),
          firstPaintPriority(),
          compileHints(HOME_MODULES),
          jsBudget(HOME_MODULES),
          precompress(),
        ]),
  ],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file runs in a fresh vm context of a long-lived process: its own modules and jsdom, as
    // before, without loading jsdom and Vitest's runtime again per file (the 76 files took about
    // 115 s of CPU instead of 235 s with 'threads'). Sharing the modules and jsdom themselves
    // (isolate: false) leaks the language, mocks and stores from one file into the next: 27
    // tests failed.
    pool: 'vmForks',
    setupFiles: ['./src/testing/setup.ts'],
  },
}));
