/**
 * A fake server behind `fetch`: each "METHOD /path" (or "/path" for any method) answers with an
 * envelope, as the real server does. Unknown paths answer 404, so a test notices a call it did
 * not expect.
 */
import { vi } from 'vitest';

export interface MockResponse {
  status: number;
  body: unknown;
}
export type MockHandler = (url: URL, init: RequestInit | undefined) => MockResponse;
export type MockRoutes = Record<string, MockResponse | MockHandler>;

export const ok = (value: unknown, status = 200): MockResponse => ({
  status,
  body: { success: true, value },
});

export const failure = (status: number, errorCode: string, message: string): MockResponse => ({
  status,
  body: { success: false, errorCode, message },
});

export function requestUrl(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

export function mockApi(routes: MockRoutes = {}) {
  const table: MockRoutes = { ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const method = init?.method ?? 'GET';
    const route = table[`${method} ${url.pathname}`] ?? table[url.pathname];
    const answer =
      route === undefined
        ? failure(404, 'resource.notFound', 'Not found')
        : typeof route === 'function'
          ? route(url, init)
          : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    set(key: string, response: MockResponse | MockHandler) {
      table[key] = response;
    },
    /** The calls made to `path` (any method), with their request. */
    calls(path: string) {
      return fetchMock.mock.calls
        .map(([input, init]) => ({ url: requestUrl(input), init }))
        .filter((call) => call.url.pathname === path);
    },
  };
}
