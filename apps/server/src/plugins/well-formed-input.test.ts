/**
 * NUL and lone surrogates never reach the database: wherever they come (JSON, a form, a sealed
 * payload, the query, the path, a header), the answer is the validation 400 naming the field,
 * and nothing is written.
 */
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED } from '@khela/contract/system';
import { createTestApp, opsHeaders, type TestApp } from '../../test/test-app';
import { illFormedPaths } from './well-formed-input';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOT_ALLOWED = ['Contains characters that are not allowed'];

const putMessage = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'PUT',
    url: '/ops/api/settings/maintenanceMessage?language=EN',
    headers: { ...opsHeaders(), 'content-type': contentType },
    payload,
  });

const maintenanceMessage = () => t.app.services.settings.get('maintenanceMessage');

describe('ill-formed text in a request', () => {
  it('refuses NUL in a JSON field with the validation 400 naming it, and writes nothing', async () => {
    const before = maintenanceMessage();
    // Before this check PostgreSQL refused the jsonb and the operator got a 500.
    const res = await putMessage(JSON.stringify({ value: { EN: 'back soon\u0000', BN: 'শীঘ্রই' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      errorCode: 'validation.invalid',
      message: 'Please check the highlighted fields: value.EN',
      data: { fields: { 'value.EN': NOT_ALLOWED } },
    });
    expect(maintenanceMessage()).toEqual(before);
  });

  it('answers in the request’s language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/maintenanceMessage',
      headers: { ...opsHeaders(), 'accept-language': 'bn' },
      payload: { value: 'a\u0000' },
    });
    expect(res.json().data.fields.value).toEqual(['এতে অনুমোদিত নয় এমন অক্ষর আছে']);
  });

  it('refuses a lone high or low surrogate, and keeps a whole pair', async () => {
    // Before this check the driver stored U+FFFD in their place without a word.
    for (const text of ['"x\\ud800"', '"\\udc00x"', '"\\udc00\\ud800"']) {
      const res = await putMessage(`{"value":{"EN":${text},"BN":"x"}}`);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().data.fields, text).toEqual({ 'value.EN': NOT_ALLOWED });
    }
    const pair = await putMessage('{"value":{"EN":"Play \\ud83c\\udfb2","BN":"খেলা"}}');
    expect(pair.statusCode).toBe(200);
    expect(maintenanceMessage()).toEqual({ EN: 'Play 🎲', BN: 'খেলা' });
  });

  it('refuses NUL in an object key without echoing it', async () => {
    const res = await putMessage('{"value":{"E\\u0000N":"x"}}');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ 'value.E\uFFFDN': NOT_ALLOWED });
  });

  it('refuses NUL in a form-encoded body', async () => {
    const res = await putMessage('value=a%00b', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ value: NOT_ALLOWED });
  });

  it('refuses NUL inside a sealed payload once it is opened', async () => {
    const key = (await t.app.inject({ url: '/wps/system/publicKey' })).json().value;
    const jwe = await new CompactEncrypt(
      new TextEncoder().encode(JSON.stringify({ value: 'sealed\u0000' })),
    )
      .setProtectedHeader({ alg: SEALED.alg, enc: SEALED.enc, kid: key.kid })
      .encrypt(await importJWK(key.jwk, SEALED.alg));
    const res = await putMessage(jwe, SEALED.contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ value: NOT_ALLOWED });
  });

  it('refuses NUL in the query and in a path parameter (player and operator)', async () => {
    // Both were 500s: the affiliate lookup and the chat conversation lookup hit the database.
    const query = await t.app.inject({ url: '/wps/member/affiliate?domain=a%00b&language=EN' });
    expect(query.statusCode).toBe(400);
    expect(query.json().data.fields).toEqual({ domain: NOT_ALLOWED });
    const path = await t.app.inject({
      url: '/ops/api/chat/conversations/rahim%00?language=EN',
      headers: opsHeaders(),
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().data.fields).toEqual({ 'params.ref': NOT_ALLOWED });
  });

  it('refuses NUL in a header the database would keep (the user agent of a session)', async () => {
    const res = await t.app.inject({
      url: '/wps/member/trialuser?language=EN',
      headers: { 'user-agent': 'Mozilla\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ 'headers.user-agent': NOT_ALLOWED });
  });
});

describe('illFormedPaths', () => {
  it('finds every bad string and key, and walks deep values without recursion', () => {
    expect(illFormedPaths({ a: 'ok', b: ['x', 'y\u0000'], 'c\uD800': 1 })).toEqual([
      ['c\uFFFD'],
      ['b', '1'],
    ]);
    let deep: unknown = 'bottom\uDFFF';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(illFormedPaths(deep)[0]).toHaveLength(100_000);
    expect(illFormedPaths({ fine: 'emoji 🎲 and বাংলা' })).toEqual([]);
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('refuses a client address no IP address is, which the session would keep', async () => {
    // Before this check the 46th character overflowed the ip column: a 500.
    const res = await proxied.app.inject({
      url: '/wps/member/trialuser?language=EN',
      headers: { 'x-forwarded-for': `${'f'.repeat(46)}, 10.0.0.1` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({
      'headers.x-forwarded-for': ['Too long or too large'],
    });
    const fine = await proxied.app.inject({
      url: '/wps/member/trialuser?language=EN',
      headers: { 'x-forwarded-for': '2001:db8::1, 10.0.0.1' },
    });
    expect(fine.statusCode).toBe(200);
  });
});
