/** Bad requests anywhere get a 400-class envelope in the player's language and change nothing. */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, opsHeaders, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 2048 });
});
afterAll(async () => {
  await t.close();
});

const putSetting = (payload: string, contentType = 'application/json', language = 'BN') =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/api/settings/maintenance?language=${language}`,
    headers: { ...opsHeaders(), 'content-type': contentType },
    payload,
  });

describe('malformed requests', () => {
  it('answers malformed JSON with 400 request.malformed', async () => {
    const res = await putSetting('{"value": tru');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'request.malformed' });
    expect(res.json().message).toMatch(/[\u0980-\u09FF]/);
  });

  it('answers an oversized body with 400 request.tooLarge and writes nothing', async () => {
    const res = await putSetting(
      JSON.stringify({ value: true, pad: 'x'.repeat(4096) }),
      'application/json',
      'EN',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'request.tooLarge',
      message: 'The request is too large',
    });
    expect(t.app.services.settings.get('maintenance')).toBe(false);
  });

  it('answers a wrong type with a 400 that names the field', async () => {
    const res = await putSetting(JSON.stringify({ value: 'yes' }), 'application/json', 'EN');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ value: ['Wrong kind of value'] });
    expect(res.json().message).toBe('Please check the highlighted fields: value');
  });

  it('answers a missing body field as required', async () => {
    const res = await putSetting('{}', 'application/json', 'EN');
    expect(res.statusCode).toBe(400);
  });

  it('refuses an unsupported content type', async () => {
    const res = await putSetting('value=true', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json().errorCode).toBe('request.unsupportedMediaType');
  });

  it('answers a malformed JWE with 400 sealed.invalid', async () => {
    const res = await putSetting('not.a.jwe', 'application/jose');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('sealed.invalid');
  });
});

describe('router-level errors', () => {
  const envelope = (res: { statusCode: number; body: string }) => JSON.parse(res.body);

  it('answers a path that does not decode with 400 in the envelope, not echoing the URL', async () => {
    const res = await t.app.inject({
      url: '/ops/api/chat/conversations/%E0%A4%Asecret-bit',
      headers: { ...opsHeaders(), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({
      success: false,
      errorCode: 'request.malformed',
      message: 'The request could not be read',
    });
    expect(res.body).not.toContain('secret-bit');
  });

  it('answers an over-long path parameter with 414 in the envelope, in Bengali by default', async () => {
    const res = await t.app.inject({ url: `/wps/wallet/deposits/${'9'.repeat(400)}` });
    expect(res.statusCode).toBe(414);
    expect(envelope(res)).toEqual({
      success: false,
      errorCode: 'request.urlTooLong',
      message: 'ঠিকানাটি খুব লম্বা',
    });
    expect(res.body).not.toContain('999');
  });

  it('answers a method an address does not take with 405 and the methods it does', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/wps/system/status?language=EN' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('OPTIONS, GET, HEAD');
    expect(envelope(res)).toMatchObject({ errorCode: 'request.methodNotAllowed' });
    const unknown = await t.app.inject({ method: 'PROPFIND', url: '/ops/api/settings' });
    expect(unknown.statusCode).toBe(405);
    expect(unknown.headers.allow).toBe('OPTIONS, GET, HEAD');
  });

  it('answers an address no route has with 404 in the envelope', async () => {
    for (const [method, url] of [
      ['POST', '/wps/no/such/thing'],
      ['GET', '/lgw/lottery/no-such-list'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res)).toMatchObject({ success: false, errorCode: 'resource.notFound' });
    }
  });

  it('answers what Node’s HTTP parser refuses (an unknown method) in the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('BREW /wps/system/status HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      errorCode: 'request.malformed',
      message: 'অনুরোধটি পড়া যায়নি',
    });
  });
});
