import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const setSetting = (name: string, value: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/api/settings/${name}`,
    headers: opsHeaders(),
    payload: { value },
  });

describe('GET /wps/system/status', () => {
  it('answers status 0 with the white-label flags, merchant currency and the caller IP', async () => {
    const res = await get('/wps/system/status');
    expect(res.statusCode).toBe(200);
    const { value } = res.json();
    expect(value.status).toBe(0);
    expect(value.info.whitelabel.CBS3).toBe(true);
    expect(value.info.whitelabel.FACEBOOKLOGIN3).toBe(false);
    expect(value.info.merchant).toMatchObject({ currency: 'BDT', currencySymbol: '৳' });
    expect(value.location.ip).toBe('127.0.0.1');
    expect(value.maintenance.active).toBe(false);
  });

  it('gives each caller its own IP, in turn and after the settings move', async () => {
    const from = async (remoteAddress: string, language = 'BN') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/system/status?language=${language}`,
          remoteAddress,
        })
      ).json().value;
    expect((await from('10.0.0.7')).location.ip).toBe('10.0.0.7');
    expect((await from('2001:db8::1')).location.ip).toBe('2001:db8::1');
    expect((await from('10.0.0.7')).location.ip).toBe('10.0.0.7');
    expect((await from('10.0.0.7', 'EN')).location.ip).toBe('10.0.0.7');
    await setSetting('maintenance', true);
    try {
      expect(await from('10.0.0.7')).toMatchObject({
        status: 1,
        location: { ip: '10.0.0.7' },
        maintenance: { active: true },
      });
    } finally {
      await setSetting('maintenance', false);
    }
    expect(await from('10.0.0.7')).toMatchObject({ status: 0, maintenance: { active: false } });
  });

  it('reports maintenance as 1, region restriction as 2, and both as 1', async () => {
    await setSetting('regionRestriction', true);
    expect((await get('/wps/system/status')).json().value.status).toBe(2);
    await setSetting('maintenance', true);
    expect((await get('/wps/system/status')).json().value.status).toBe(1);
    await setSetting('regionRestriction', false);
    const res = await get('/wps/system/status?language=EN');
    expect(res.json().value).toMatchObject({ status: 1, maintenance: { active: true } });
    expect(res.json().value.maintenance.message).toMatch(/upgrading/);
    await setSetting('maintenance', false);
    expect((await get('/wps/system/status')).json().value.status).toBe(0);
  });

  it('rejects an unknown language with a 400 naming the field', async () => {
    const res = await get('/wps/system/status?language=FR');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'validation.invalid' });
    expect(Object.keys(res.json().data.fields)).toContain('language');
  });
});

describe('maintenance and region restriction gate', () => {
  it('answers every other /wps call with 503 in the player language while maintenance is on', async () => {
    await setSetting('maintenance', true);
    try {
      const bn = await get('/wps/system/country');
      expect(bn.statusCode).toBe(503);
      expect(bn.json()).toMatchObject({ errorCode: 'system.maintenance' });
      expect(bn.json().message).toMatch(/রক্ষণাবেক্ষণ/);
      const en = await get('/wps/system/helpCenter?lang=EN', { 'accept-language': 'en-GB,en' });
      expect(en.json().message).toMatch(/maintenance/);
      expect((await get('/wps/system/status')).statusCode).toBe(200);
    } finally {
      await setSetting('maintenance', false);
    }
  });

  it('refuses callers outside the allow-list with 403 while the region is restricted', async () => {
    await setSetting('regionRestriction', true);
    try {
      const res = await get('/wps/system/country');
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('system.ipBlocked');
      await setSetting('regionAllowedIps', ['127.0.0.1']);
      expect((await get('/wps/system/country')).statusCode).toBe(200);
      expect((await get('/wps/system/status')).json().value.status).toBe(0);
    } finally {
      await setSetting('regionRestriction', false);
      await setSetting('regionAllowedIps', []);
    }
  });
});

describe('GET /wps/system/country', () => {
  it('lists Bangladesh (+880) first, named in the requested language', async () => {
    const bn = (await get('/wps/system/country')).json().value;
    expect(bn[0]).toEqual({ countryCode: 'BD', dialingCode: '+880', name: 'বাংলাদেশ' });
    const en = (await get('/wps/system/country?language=EN')).json().value;
    expect(en[0].name).toBe('Bangladesh');
    expect(en.length).toBeGreaterThan(5);
  });

  it('rejects unknown query fields', async () => {
    const res = await get('/wps/system/country?foo=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('foo');
  });
});

describe('GET /wps/system/helpCenter', () => {
  it('serves the help items of the asked language', async () => {
    const en = (await get('/wps/system/helpCenter?lang=EN&device=MOBILE')).json().value;
    const bn = (await get('/wps/system/helpCenter?lang=BN&device=MOBILE')).json().value;
    expect(en.length).toBeGreaterThanOrEqual(3);
    expect(en).toHaveLength(bn.length);
    expect(en[0].title).toBe('How do I register?');
    expect(bn[0].title).toMatch(/নিবন্ধন/);
  });

  it('is compressed for a browser, while the small status answer is sent as is', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const help = await get('/wps/system/helpCenter?lang=BN', browser);
    expect(help.headers['content-encoding']).toBe('br');
    const status = await get('/wps/system/status', browser);
    expect(status.headers['content-encoding']).toBeUndefined();
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json().value.status).toBe(0);
  });

  it('names a bad device in a Bengali 400 by default and an English one on request', async () => {
    const bn = await get('/wps/system/helpCenter?device=TV');
    expect(bn.statusCode).toBe(400);
    expect(bn.json().data.fields.device[0]).toMatch(/[\u0980-\u09FF]/);
    const en = await get('/wps/system/helpCenter?device=TV&language=EN');
    expect(en.json().data.fields.device[0]).toBe('Not an allowed value');
  });
});

describe('customer service, downloads and the public key', () => {
  it('lists live chat and social channels', async () => {
    const list = (await get('/wps/system/customerService')).json().value;
    expect(list.map((entry: { csType: string }) => entry.csType)).toEqual(
      expect.arrayContaining(['LIVECHAT', 'TELEGRAM', 'FACEBOOK', 'WHATSAPP']),
    );
  });

  it('lists download links by resource type and follows operator changes', async () => {
    const before = (await get('/wps/system/download')).json().value;
    // The first start offers no app: no package to link to until the operator sets one.
    const types = before.map((l: { resourceType: string }) => l.resourceType);
    expect(types).not.toContain('Android');
    expect(types).not.toContain('IOS');
    const next = [
      {
        resourceType: 'Android',
        url: 'https://cdn.example.com/khela-1.4.apk',
        labelNameEn: 'Android app',
      },
      { resourceType: 'MOBILECONFIG', url: '/m/profile', labelNameEn: 'iOS profile' },
    ];
    expect((await setSetting('downloads', next)).statusCode).toBe(200);
    expect((await get('/wps/system/download')).json().value).toEqual(next);
    await setSetting('downloads', before);
  });

  it('publishes an RSA-OAEP-256 public key with a kid', async () => {
    const { value } = (await get('/wps/system/publicKey')).json();
    expect(value.jwk).toMatchObject({
      kty: 'RSA',
      alg: 'RSA-OAEP-256',
      use: 'enc',
      kid: value.kid,
    });
    expect(value.jwk).not.toHaveProperty('d');
  });
});

describe('unknown calls and health', () => {
  it('answers an unknown /wps path with a 404 envelope', async () => {
    const res = await get('/wps/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'resource.notFound' });
  });

  it('reports live and ready', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await get('/wps/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/wps/system/helpCenter', '/ops/api/flags']),
    );
    const doc = res.json();
    // The spec's calls named without a path, at the paths we chose (head icon, VIP renewal).
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/wps/member/headIcon', '/wps/member/vip/renewal']),
    );
    // The SMS request documents both of the spec's names for the number.
    const sms = JSON.stringify(doc.paths['/wps/verification/sms/noLogin'].post.requestBody);
    expect(sms).toContain('"mobileNo"');
    expect(sms).toContain('"mobileNum"');
  });

  it('sends the data security headers on JSON answers, without the page-only ones', async () => {
    const res = await get('/wps/system/country');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('tags every answer with a request id', async () => {
    const res = await get('/wps/system/status', { 'x-request-id': 'abc-123' });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe("home's hot matches and videos (common store)", () => {
  const HOUR = 60 * 60 * 1000;
  const side = (EN: string, BN: string) => ({ EN, BN });
  const match = (id: string, startsInMs: number) => ({
    id,
    sport: 'cricket',
    competition: side('Premier T20', 'প্রিমিয়ার টি-টোয়েন্টি'),
    home: side(`Home ${id}`, `স্বাগতিক ${id}`),
    away: side(`Away ${id}`, `অতিথি ${id}`),
    startsAt: new Date(Date.now() + startsInMs).toISOString(),
  });

  it('lists nothing until the operator publishes some', async () => {
    const res = await get('/wps/system/hotMatches');
    expect(res.statusCode).toBe(200);
    expect(res.json().value.list).toEqual([]);
    expect((await get('/wps/system/videos')).json().value.list).toEqual([]);
  });

  it('shows live matches first, then upcoming by start, and drops ended ones', async () => {
    const set = await setSetting('hotMatches', [
      match('later', 5 * HOUR),
      match('soon', HOUR),
      match('ended', -4 * HOUR),
      match('live', -HOUR),
    ]);
    expect(set.statusCode).toBe(200);
    const list = (await get('/wps/system/hotMatches?language=EN')).json().value.list;
    expect(list.map((m: { id: string }) => m.id)).toEqual(['live', 'soon', 'later']);
    expect(list[0]).toMatchObject({
      status: 'live',
      home: 'Home live',
      competition: 'Premier T20',
      path: '/m/sport-games',
    });
    expect(list[1].status).toBe('upcoming');
    const bn = (await get('/wps/system/hotMatches')).json().value.list;
    expect(bn[0].home).toBe('স্বাগতিক live');
  });

  it('refuses a match that leads off the site, and keeps the published ones', async () => {
    const bad = await setSetting('hotMatches', [{ ...match('x', HOUR), path: '//evil.example/m' }]);
    expect(bad.statusCode).toBe(400);
    expect((await get('/wps/system/hotMatches')).json().value.list).toHaveLength(3);
  });

  it('lists the videos in the player language, https only', async () => {
    const video = {
      id: 'welcome',
      title: side('How to deposit', 'কীভাবে জমা দেবেন'),
      url: 'https://video.example/deposit',
    };
    expect(
      (await setSetting('videos', [{ ...video, url: 'http://video.example/x' }])).statusCode,
    ).toBe(400);
    expect((await setSetting('videos', [video])).statusCode).toBe(200);
    expect((await get('/wps/system/videos?language=EN')).json().value.list).toEqual([
      {
        id: 'welcome',
        title: 'How to deposit',
        url: 'https://video.example/deposit',
        posterUrl: null,
      },
    ]);
    expect((await get('/wps/system/videos')).json().value.list[0].title).toBe('কীভাবে জমা দেবেন');
  });
});
