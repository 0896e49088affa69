/**
 * The server suites share a worker's modules between files (`isolate: false` in
 * vitest.config.ts: importing the app again for every file cost about half the suite's CPU).
 * Each file builds its own app on its own database, so nothing of a file's is seen by the next;
 * this puts back what a file may have changed in the worker itself.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
