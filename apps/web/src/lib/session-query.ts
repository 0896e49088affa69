/**
 * Query options for a GET made with the member's session: one answer (`sessionQueryOptions`), a
 * list read a cursor page at a time (`sessionPagesQueryOptions`), and either kept fresh by polling
 * (`poll`). The token is part of the key, so a new login never shows the previous member's
 * answer, and without a token the call waits for one. Every session-keyed query of the web app
 * is made here, so its key shape (`[...scope, token, ...key]`) is written once.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type Parser } from './api-client';

type QueryValue = string | number | boolean | undefined | null;

/** Asking again on a timer: every `every` ms, or as the last answer says (`false`: not now). */
export interface Poll<T> {
  every: number | ((data: T | undefined) => number | false);
  /** Also when the player comes back to the page. */
  onFocus?: boolean;
}

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
  poll?: Poll<T>;
  /** A page or filter of a paged list: the previous one stays shown while the next loads. */
  keepPrevious?: boolean;
}

export const sessionQueryKey = (
  scope: readonly unknown[],
  token: string | undefined,
  ...key: unknown[]
) => [...scope, token ?? '', ...key];

const polling = <T>(poll: Poll<T> | undefined) => {
  if (!poll) return {};
  const { every, onFocus } = poll;
  return {
    refetchInterval:
      typeof every === 'number'
        ? every
        : (query: { state: { data: T | undefined } }) => every(query.state.data),
    ...(onFocus ? { refetchOnWindowFocus: true } : {}),
  };
};

/** What every session query has: the key, the wait for a token, freshness, failure handling. */
const sessionBase = <T>({ scope, token, key = [], staleTime, meta }: SessionQuery<T>) => ({
  queryKey: sessionQueryKey(scope, token, ...key),
  enabled: Boolean(token),
  ...(staleTime === undefined ? {} : { staleTime }),
  ...(meta ? { meta } : {}),
});

export function sessionQueryOptions<T>(options: SessionQuery<T>) {
  const { path, parse, query, poll, keepPrevious } = options;
  return queryOptions({
    ...sessionBase(options),
    queryFn: ({ signal }) => api.get(path, { parse, query, signal }),
    ...polling(poll),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** A page of a list read by cursor: `nextCursor` asks for the page after it, null at the end. */
export interface CursorPage {
  nextCursor: string | null;
}

export type SessionPagesQuery<T extends CursorPage> = Omit<
  SessionQuery<T>,
  'poll' | 'keepPrevious'
>;

/** A list read a page at a time (`useInfiniteQuery`): each page asks with the last `nextCursor`. */
export function sessionPagesQueryOptions<T extends CursorPage>(options: SessionPagesQuery<T>) {
  const { path, parse, query } = options;
  return infiniteQueryOptions({
    ...sessionBase(options),
    queryFn: ({ signal, pageParam }) =>
      api.get(path, { parse, query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
