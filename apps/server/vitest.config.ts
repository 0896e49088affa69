import { configDefaults, defineProject } from 'vitest/config';

// Suites that need a real Postgres and Redis run only when both are configured (CI sets them).
const withServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(withServers ? [] : ['**/*.pg.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
