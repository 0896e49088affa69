import { defineProject } from 'vitest/config';

// The demo vendor's suites play against the product's real wallet (its test harness, as a
// vendor tests against an operator's staging site), so they share the server's prepared database.
export default defineProject({
  test: {
    name: 'partners',
    environment: 'node',
    globalSetup: ['../server/test/global-setup.ts'],
    // As the server's suites: modules imported once per worker, timers and mocks put back per file.
    isolate: false,
    setupFiles: ['../server/test/file-isolation.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
