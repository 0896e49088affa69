// @vitest-environment node
// jose checks Uint8Array by realm, which jsdom splits; browsers and Node have one realm.
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { sealedBody, sealJson } from './crypto';

describe('sealed payloads', () => {
  it('seals JSON so that only the server key opens it, with the contract algorithms', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const key = {
      kid: 'k1',
      jwk: {
        kty: 'RSA' as const,
        n: jwk.n ?? '',
        e: jwk.e ?? '',
        alg: 'RSA-OAEP-256' as const,
        use: 'enc' as const,
        kid: 'k1',
      },
    };

    const sealed = await sealJson({ username: 'player1', password: 'secret' }, key);
    expect(sealed.split('.')).toHaveLength(5);
    const { plaintext, protectedHeader } = await compactDecrypt(sealed, privateKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({
      username: 'player1',
      password: 'secret',
    });
    expect(protectedHeader).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k1' });

    const body = await sealedBody({ a: 1 }, key);
    expect(body.headers['Content-Type']).toBe('application/jose');
  });
});
