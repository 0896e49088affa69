/**
 * TanStack Query defaults: failed calls show the server's message as a toast (unless the query
 * says `meta.silent` or the shell handles the error with a page), and only network and server
 * faults are retried.
 */
import { focusManager, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isHandledGlobally } from './api-client';
import { showToast } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function toastError(error: unknown) {
  if (isHandledGlobally(error)) return;
  if (error instanceof ApiError) showToast(error.message, 'error');
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || (error.status >= 500 && error.status !== 503);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
  });
}

/** Refetch-on-focus also when the window regains focus, not only when the tab becomes visible. */
focusManager.setEventListener((handleFocus) => {
  const onVisibility = () => handleFocus(document.visibilityState === 'visible');
  const onFocus = () => handleFocus(true);
  const onBlur = () => handleFocus(false);
  window.addEventListener('visibilitychange', onVisibility, false);
  window.addEventListener('focus', onFocus, false);
  window.addEventListener('blur', onBlur, false);
  return () => {
    window.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('blur', onBlur);
  };
});
