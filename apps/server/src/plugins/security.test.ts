import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ corsOrigins: ['https://app.khela.example'] });
});
afterAll(async () => {
  await t.close();
});

const preflight = (origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/wps/system/country',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'token',
    },
  });

describe('CORS allow-list', () => {
  it('lets a listed origin call the API with a session token', async () => {
    const res = await preflight('https://app.khela.example');
    expect(res.headers['access-control-allow-origin']).toBe('https://app.khela.example');
    expect(String(res.headers['access-control-allow-headers'])).toContain('token');
  });

  it("lets a listed origin send the browser's device id", async () => {
    const res = await preflight('https://app.khela.example');
    expect(String(res.headers['access-control-allow-headers']).split(/,\s*/)).toContain(
      'x-device-id',
    );
  });

  it('refuses any other origin in words, with no CORS grant', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'request.originNotAllowed' });
  });

  it('tells a plain OPTIONS which methods the address takes', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/ops/api/settings/maintenance' });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('OPTIONS, GET, HEAD, PUT');
  });

  it('answers OPTIONS for an address no route has with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/wps/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'resource.notFound' });
  });
});

describe('same origin only (no CORS_ORIGINS)', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => {
    await own.close();
  });

  it('refuses a preflight from another site with 403 in the envelope, in its language', async () => {
    const res = await own.app.inject({
      method: 'OPTIONS',
      url: '/wps/member/info',
      headers: {
        origin: 'https://app.khela.example',
        'access-control-request-method': 'GET',
        'accept-language': 'en',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.json()).toEqual({
      success: false,
      errorCode: 'request.originNotAllowed',
      message: 'This site may not call the API from another address',
    });
  });

  it('answers a plain OPTIONS with the methods the address takes', async () => {
    const res = await own.app.inject({ method: 'OPTIONS', url: '/wps/wallet/payees' });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('OPTIONS, GET, HEAD, POST');
  });
});
