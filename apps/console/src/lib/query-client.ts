/** TanStack Query defaults for the console: only network and server faults are retried. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= 2 || !(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
