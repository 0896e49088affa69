import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, requestUrl } from '../testing/mock-api';
import { sessionPagesQueryOptions, sessionQueryKey, sessionQueryOptions } from './session-query';

const parseCount = (value: unknown) => value as { count: number };
const parsePage = (value: unknown) => value as { items: number[]; nextCursor: string | null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session query options', () => {
  it('keys every call as [...scope, token, ...key] and waits for a token', () => {
    const options = sessionQueryOptions({
      scope: ['inbox'],
      token: 'abc',
      key: ['unread'],
      path: '/wps/inbox/unread-count',
      parse: parseCount,
    });
    expect(options.queryKey).toEqual(['inbox', 'abc', 'unread']);
    expect(options.queryKey).toEqual(sessionQueryKey(['inbox'], 'abc', 'unread'));
    expect(options.enabled).toBe(true);
    expect(
      sessionQueryOptions({ scope: ['inbox'], token: undefined, path: '/x', parse: parseCount }),
    ).toMatchObject({ queryKey: ['inbox', ''], enabled: false });
  });

  it('polls at a fixed pace, or as the last answer says, and on focus when asked', () => {
    const fixed = sessionQueryOptions({
      scope: ['chat', 'unread'],
      token: 't',
      path: '/x',
      parse: parseCount,
      poll: { every: 30_000, onFocus: true },
    });
    expect(fixed.refetchInterval).toBe(30_000);
    expect(fixed.refetchOnWindowFocus).toBe(true);

    const byAnswer = sessionQueryOptions({
      scope: ['cashier'],
      token: 't',
      path: '/x',
      parse: parseCount,
      poll: { every: (data) => (data && data.count > 0 ? 3000 : false) },
    });
    const interval = byAnswer.refetchInterval as (query: unknown) => number | false;
    expect(interval({ state: { data: { count: 1 } } })).toBe(3000);
    expect(interval({ state: { data: { count: 0 } } })).toBe(false);
    expect(byAnswer.refetchOnWindowFocus).toBeUndefined();

    const still = sessionQueryOptions({ scope: ['a'], token: 't', path: '/x', parse: parseCount });
    expect(still.refetchInterval).toBeUndefined();
    expect(still.placeholderData).toBeUndefined();
  });

  it('reads a list a page at a time, each page asking with the last cursor', async () => {
    const server = mockApi({
      '/wps/wallet/deposits': (url: URL) =>
        ok(
          url.searchParams.get('cursor') === 'c1'
            ? { items: [2], nextCursor: null }
            : { items: [1], nextCursor: 'c1' },
        ),
    });
    const options = sessionPagesQueryOptions({
      scope: ['cashier'],
      token: 'abc',
      key: ['records', 'pending'],
      path: '/wps/wallet/deposits',
      query: { status: 'pending' },
      parse: parsePage,
    });
    expect(options.queryKey).toEqual(['cashier', 'abc', 'records', 'pending']);

    const client = new QueryClient();
    await client.fetchInfiniteQuery(options);
    const data = await client.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(data.pages.map((page) => page.items)).toEqual([[1], [2]]);
    const asked = server.fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(asked.every((url) => url.searchParams.get('status') === 'pending')).toBe(true);
    expect(asked.map((url) => url.searchParams.get('cursor'))).toContain('c1');
  });
});
