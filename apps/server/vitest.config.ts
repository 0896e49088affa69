import { configDefaults, defineProject } from 'vitest/config';

// Suites that need a real Postgres and Redis run only when both are configured (CI sets them).
const withServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // A worker imports the app once for all its files, not once per file (which was about half
    // the suite's CPU time). Each file still builds its own app on its own database;
    // file-isolation.ts puts back timers, mocks and stubs after each file.
    isolate: false,
    setupFiles: ['./test/file-isolation.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(withServers ? [] : ['**/*.pg.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
