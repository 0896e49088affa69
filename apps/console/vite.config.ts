/**
 * The back office build: served under /ops/ by the server (apps/server/src/plugins/static-console.ts),
 * its own entry and bundle; nothing of the player site's build is shared but the build-time
 * precompress plugin (packages/build). Screens are lazy
 * chunks, so the first load is the shell and the screen asked for.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../packages/build/precompress.ts';
import { consoleBundle } from './build/bundle.ts';

export default defineConfig(({ mode }) => ({
  base: '/ops/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 2048,
  },
  server: {
    port: 5601,
    // The API is served by the server on the same origin; in dev, point at it.
    proxy: { '/ops/api': 'http://localhost:3000' },
  },
  plugins: [react(), ...(mode === 'test' ? [] : [consoleBundle(), precompress('console')])],
  test: {
    name: 'console',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // As the player site's (apps/web/vite.config.ts): each file its own vm context, modules and
    // jsdom in a long-lived process (12 files: 30.3 s of CPU with forked processes, 18.3 s).
    pool: 'vmForks',
    // Whole-console journeys load lazy screens on a shared two-core machine.
    testTimeout: 15_000,
  },
}));
