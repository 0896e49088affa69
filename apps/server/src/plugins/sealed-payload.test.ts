/**
 * A sealed request made the way the browser makes it: fetch the public key, import the JWK and
 * seal the JSON as a compact JWE (RSA-OAEP-256 + A256GCM) with jose.
 */
import { CompactEncrypt, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEALED } from '@khela/contract/system';
import { createTestApp, opsHeaders, type TestApp } from '../../test/test-app';

let t: TestApp;
let publicKey: { kid: string; jwk: Record<string, string> };

beforeAll(async () => {
  // A route that takes a sealed body, as login and register will; it echoes what it received.
  t = await createTestApp({}, (app) => {
    app.post(
      '/wps/test/sealed-echo',
      {
        config: { sealed: true },
        schema: { body: z.object({ username: z.string().min(3), password: z.string() }).strict() },
      },
      async (request) => ({ success: true, value: { body: request.body, sealed: request.sealed } }),
    );
  });
  publicKey = (await t.app.inject({ url: '/wps/system/publicKey' })).json().value;
});
afterAll(async () => {
  await t.close();
});

async function seal(payload: unknown, key = publicKey) {
  const imported = await importJWK(key.jwk, SEALED.alg);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: SEALED.alg, enc: SEALED.enc, kid: key.kid })
    .encrypt(imported);
}

const send = (payload: string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/test/sealed-echo?language=EN',
    headers: { 'content-type': contentType },
    payload,
  });

describe('sealed payloads', () => {
  it('opens a sealed body and validates it like a plain one', async () => {
    const res = await send(
      await seal({ username: 'rahim', password: 's3cret!' }),
      SEALED.contentType,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      body: { username: 'rahim', password: 's3cret!' },
      sealed: true,
    });
  });

  it('validates the sealed plaintext and names the bad field', async () => {
    const res = await send(await seal({ username: 'ra', password: 'x' }), SEALED.contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('username');
  });

  it('refuses a JWE sealed to another key', async () => {
    const other = await generateKeyPair(SEALED.alg, { extractable: true });
    const jwe = await new CompactEncrypt(
      new TextEncoder().encode('{"username":"abc","password":"x"}'),
    )
      .setProtectedHeader({ alg: SEALED.alg, enc: SEALED.enc, kid: publicKey.kid })
      .encrypt(other.publicKey);
    const res = await send(jwe, SEALED.contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('sealed.invalid');
  });

  it('refuses a tampered JWE', async () => {
    const jwe = await seal({ username: 'rahim', password: 'x' });
    const parts = jwe.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    expect((await send(parts.join('.'), SEALED.contentType)).json().errorCode).toBe(
      'sealed.invalid',
    );
  });

  it('takes plain JSON until the operator requires sealing, then refuses it', async () => {
    const plain = JSON.stringify({ username: 'rahim', password: 'x' });
    expect((await send(plain, 'application/json')).json().value.sealed).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/requireSealedPayload',
      headers: opsHeaders(),
      payload: { value: true },
    });
    const refused = await send(plain, 'application/json');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'sealed.required',
      message: 'This request must be encrypted',
    });
    const sealed = await send(await seal({ username: 'rahim', password: 'x' }), SEALED.contentType);
    expect(sealed.statusCode).toBe(200);
  });
});
