import { defineProject } from 'vitest/config';

// The demo vendor's suites play against the product's real wallet (its test harness, as a
// vendor tests against an operator's staging site), so they share the server's prepared database.
export default defineProject({
  test: {
    name: 'partners',
    environment: 'node',
    globalSetup: ['../server/test/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
