/** Bad requests anywhere get a 400-class envelope in the player's language and change nothing. */
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
