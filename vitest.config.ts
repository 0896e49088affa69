import { defineConfig } from 'vitest/config';

// One test command for the whole workspace; each project has its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/partners', 'apps/web', 'apps/console'],
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one worker, so the
    // second core idled through the whole suite (the files are CPU-bound: PGlite, jsdom).
    maxWorkers: '100%',
  },
});
