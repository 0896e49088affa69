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

  it('gives any other origin no CORS grant', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
