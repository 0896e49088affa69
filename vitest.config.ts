import { defineConfig } from 'vitest/config';

// One test command for the whole workspace; each project has its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/partners', 'apps/web', 'apps/console'],
  },
});
