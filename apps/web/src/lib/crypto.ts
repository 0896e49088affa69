/**
 * Sealed payloads (login, register, set-password): the JSON is encrypted to the server's RSA
 * public key as a compact JWE (RSA-OAEP-256 + A256GCM) and sent as application/jose. Only the
 * screens that send them import this file, so jose stays out of the first page load.
 */
import type { PublicKey } from '@khela/contract/system';
import { SEALED } from '@khela/contract/system';
import { CompactEncrypt, importJWK } from 'jose';

export async function sealJson(payload: unknown, publicKey: PublicKey): Promise<string> {
  const key = await importJWK(publicKey.jwk, SEALED.alg);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: SEALED.alg, enc: SEALED.enc, kid: publicKey.kid })
    .encrypt(key);
}

/** Request options for a sealed body: pass them to api.post/put. */
export async function sealedBody(payload: unknown, publicKey: PublicKey) {
  return {
    body: await sealJson(payload, publicKey),
    headers: { 'Content-Type': SEALED.contentType },
  };
}
