/**
 * A fake server behind `fetch`: each path answers with an envelope, the way the real server does.
 * Unknown paths answer 404, so a test notices a call it did not expect.
 */
import { vi } from 'vitest';
import { buildSystemStatus } from './factories';

export interface MockResponse {
  status: number;
  body: unknown;
}

export type MockHandler = (url: URL, init: RequestInit | undefined) => MockResponse;
export type MockRoutes = Record<string, MockResponse | MockHandler>;

export const ok = (value: unknown): MockResponse => ({
  status: 200,
  body: { success: true, value },
});

export const failure = (
  status: number,
  errorCode: string,
  message: string,
  data?: Record<string, unknown>,
): MockResponse => ({ status, body: { success: false, errorCode, message, data } });

export const defaultRoutes = (): MockRoutes => ({
  '/wps/system/status': ok(buildSystemStatus()),
  '/wps/system/download': ok([]),
  '/wps/system/helpCenter': ok([]),
  // No content unless a test gives some (testing/content.ts).
  '/wps/announcement': ok({}),
  '/wps/system/customerService': ok([]),
  '/wps/relay/CBS_unreadCount': ok({ unReadCount: 0 }),
  // An empty catalogue, so any screen may show the home page (testing/games.ts has a full one).
  '/wps/game/vendors': ok({ mapping: {}, sorting: [], prizeMode: 'LOTT' }),
  '/wps/game/hot': ok({ list: [] }),
  '/wps/game/winners': ok([]),
  // No hot matches or videos unless a test publishes some.
  '/wps/system/hotMatches': ok({ list: [] }),
  '/wps/system/videos': ok({ list: [] }),
  // No social login configured unless a test says so.
  '/wps/social/providers': ok({ google: false, facebook: false, telegram: null }),
});

/** The address a fetch call asked for, whatever form it was given in. */
export function requestUrl(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

export function mockApi(routes: MockRoutes = {}) {
  const table: MockRoutes = { ...defaultRoutes(), ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const route = table[url.pathname];
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
    /** Replaces one path's answer from now on. */
    set(path: string, response: MockResponse | MockHandler) {
      table[path] = response;
    },
    /** The calls made to `path`, as URLs. */
    calls(path: string): URL[] {
      return fetchMock.mock.calls
        .map(([input]) => requestUrl(input))
        .filter((url) => url.pathname === path);
    },
  };
}
