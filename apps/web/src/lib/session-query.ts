/**
 * Query options for a GET made with the member's session. The token is part of the key, so a new
 * login never shows the previous member's answer, and without a token the call waits for one.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, type Parser } from './api-client';

type QueryValue = string | number | boolean | undefined | null;

export interface SessionQuery<T> {
  /** The feature's key prefix (`['rewards']`); invalidating `[...scope, token]` refreshes all. */
  scope: readonly unknown[];
  token: string | undefined;
  /** What tells this call from the feature's others: `['centre']`, `['records', status]`. */
  key?: readonly unknown[];
  path: string;
  parse: Parser<T>;
  query?: Record<string, QueryValue>;
  staleTime?: number;
  /** `{ silent: true }`: a failure shows no toast (the screen says it). */
  meta?: Record<string, unknown>;
}

export const sessionQueryKey = (
  scope: readonly unknown[],
  token: string | undefined,
  ...key: unknown[]
) => [...scope, token ?? '', ...key];

export function sessionQueryOptions<T>({
  scope,
  token,
  key = [],
  path,
  parse,
  query,
  staleTime,
  meta,
}: SessionQuery<T>) {
  return queryOptions({
    queryKey: sessionQueryKey(scope, token, ...key),
    queryFn: ({ signal }) => api.get(path, { parse, query, signal }),
    enabled: Boolean(token),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(meta ? { meta } : {}),
  });
}
