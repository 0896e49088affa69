import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, ok, requestUrl } from '../testing/mock-api';
import { memberSession } from '../testing/render-app';
import { api, ApiError, isHandledGlobally, isSessionEnded, onApiError } from './api-client';
import { DEVICE_ID_KEY, resetDeviceIdForTests } from './device-id';
import { changeLanguage } from './i18n';
import { useSessionStore } from './session-store';

afterEach(() => {
  useSessionStore.setState({ session: null });
});

describe('api client', () => {
  it('sends the current language and, with a session, the token', async () => {
    const server = mockApi({ '/wps/thing': ok({ a: 1 }) });
    await changeLanguage('EN');
    useSessionStore.setState({ session: memberSession({ token: 'abc' }) });

    await expect(api.get('/wps/thing', { query: { pageNo: 2 } })).resolves.toEqual({ a: 1 });

    const [input, init] = server.fetchMock.mock.calls[0] ?? ['/'];
    const url = requestUrl(input);
    expect(url.searchParams.get('language')).toBe('EN');
    expect(url.searchParams.get('pageNo')).toBe('2');
    expect(new Headers(init?.headers).get('token')).toBe('abc');
  });

  it('sends one random device id on every call, kept across page loads', async () => {
    window.localStorage.removeItem(DEVICE_ID_KEY);
    resetDeviceIdForTests();
    const server = mockApi({ '/wps/thing': ok(1), '/wps/other': ok(2) });
    await api.get('/wps/thing');
    await api.post('/wps/other', { body: { a: 1 } });
    const sent = server.fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('X-Device-Id'),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]);
    // A new page load (memory forgotten) reads the same id back from storage.
    resetDeviceIdForTests();
    await api.get('/wps/thing');
    expect(new Headers(server.fetchMock.mock.calls[2]?.[1]?.headers).get('X-Device-Id')).toBe(
      sent[0],
    );
    expect(window.localStorage.getItem(DEVICE_ID_KEY)).toBe(sent[0]);
  });

  it('keeps the device id in memory when storage is refused, and makes a new one per browser', async () => {
    window.localStorage.removeItem(DEVICE_ID_KEY);
    resetDeviceIdForTests();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    try {
      const server = mockApi({ '/wps/thing': ok(1) });
      await api.get('/wps/thing');
      await api.get('/wps/thing');
      const [first, second] = server.fetchMock.mock.calls.map(([, init]) =>
        new Headers(init?.headers).get('X-Device-Id'),
      );
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).toBe(first);
      // Another browser (nothing stored, nothing in memory) gets another id.
      resetDeviceIdForTests();
      await api.get('/wps/thing');
      expect(new Headers(server.fetchMock.mock.calls[2]?.[1]?.headers).get('X-Device-Id')).not.toBe(
        first,
      );
    } finally {
      setItem.mockRestore();
    }
  });

  it('sends no token without a session', async () => {
    const server = mockApi({ '/wps/thing': ok(1) });
    await api.get('/wps/thing');
    const [, init] = server.fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('token')).toBe(false);
  });

  it('sends JSON bodies as JSON', async () => {
    const server = mockApi({ '/wps/feedback': ok(true) });
    await api.put('/wps/feedback', { body: { content: 'hi' } });
    const [, init] = server.fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"content":"hi"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('checks the value with the given parser', async () => {
    mockApi({ '/wps/thing': ok({ n: '1' }) });
    const parse = (value: unknown) => {
      if (typeof value !== 'object' || value === null || !('n' in value)) throw new Error('bad');
      return Number(value.n);
    };
    await expect(api.get('/wps/thing', { parse })).resolves.toBe(1);
    await expect(api.get('/wps/thing', { parse: { parse: () => 'schema' } })).resolves.toBe(
      'schema',
    );
    const rejected = api.get('/wps/thing', {
      parse: () => {
        throw new Error('shape');
      },
    });
    await expect(rejected).rejects.toMatchObject({ errorCode: 'system.unknown' });
  });

  it('throws an ApiError carrying the server status, code, message and data', async () => {
    mockApi({
      '/wps/session/login': failure(400, 'validation.invalid', 'চিহ্নিত ঘরগুলো আবার দেখুন', {
        captchaRequired: true,
      }),
    });
    const error = await api.post('/wps/session/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'validation.invalid',
      message: 'চিহ্নিত ঘরগুলো আবার দেখুন',
      data: { captchaRequired: true },
    });
  });

  it('turns a lost connection into a "loading failed" error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/wps/thing')).rejects.toMatchObject({
      status: 0,
      errorCode: 'network',
      message: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
    });
  });

  it('turns an answer that is not an envelope into an unknown error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 500 })));
    await expect(api.get('/wps/thing')).rejects.toMatchObject({
      status: 500,
      errorCode: 'system.unknown',
      message: 'অজানা ত্রুটি',
    });
  });

  it('says the system is upgrading when the proxy answers for a restarting server', async () => {
    for (const status of [502, 503, 504]) {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status })));
      await expect(api.get('/wps/thing')).rejects.toMatchObject({
        status,
        errorCode: 'system.upgrading',
        message: 'সিস্টেম আপগ্রেড হচ্ছে, অনুগ্রহ করে পরে আবার চেষ্টা করুন',
      });
    }
  });

  it('tells its listeners about every failure', async () => {
    mockApi({ '/wps/thing': failure(503, 'system.maintenance', 'maintenance') });
    const heard: string[] = [];
    const stop = onApiError((error) => heard.push(error.errorCode));
    await api.get('/wps/thing').catch(() => undefined);
    stop();
    await api.get('/wps/thing').catch(() => undefined);
    expect(heard).toEqual(['system.maintenance']);
  });

  it('treats only an ended session as a logout, not every 401', () => {
    expect(isSessionEnded(new ApiError(401, 'session.expired', 'gone'))).toBe(true);
    expect(isSessionEnded(new ApiError(401, 'session.notLoggedIn', 'none'))).toBe(true);
    // A wrong password or a revoked remember-me token is the login form's business.
    expect(isSessionEnded(new ApiError(401, 'login.invalidCredentials', 'wrong'))).toBe(false);
    expect(isHandledGlobally(new ApiError(401, 'login.invalidCredentials', 'wrong'))).toBe(false);
    expect(isHandledGlobally(new ApiError(401, 'session.expired', 'gone'))).toBe(true);
  });
});
