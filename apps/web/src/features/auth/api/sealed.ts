/**
 * Sealed calls (login, both registers, set password by phone or e-mail link): the JSON body is
 * encrypted to the server's public key. The key is asked for once and kept; when the server
 * cannot open a body (it rotated its key) the key is asked for again and the call sent once more.
 */
import { PublicKeySchema, type PublicKey } from '@khela/contract/system';
import { api, ApiError, type Parser } from '../../../lib/api-client';
import { sealedBody } from '../../../lib/crypto';
import { isStandalone } from '../../../lib/platform';

let publicKey: Promise<PublicKey> | null = null;

export function getPublicKey(): Promise<PublicKey> {
  publicKey ??= api.get('/wps/system/publicKey', { parse: PublicKeySchema }).catch((error) => {
    publicKey = null;
    throw error;
  });
  return publicKey;
}

/** Forget the cached key (tests, or after the server said it could not open a body). */
export function forgetPublicKey(): void {
  publicKey = null;
}

/** The spec's device header: an installed web app says OTHERS. */
function deviceHeaders(): Record<string, string> {
  return isStandalone() ? { device: 'OTHERS' } : {};
}

export async function sealedRequest<T>(
  method: 'post' | 'put',
  path: string,
  payload: unknown,
  parse: Parser<T>,
): Promise<T> {
  const send = async () => {
    const sealed = await sealedBody(payload, await getPublicKey());
    return api[method](path, {
      ...sealed,
      headers: { ...sealed.headers, ...deviceHeaders() },
      parse,
    });
  };
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 'sealed.invalid') {
      forgetPublicKey();
      return send();
    }
    throw error;
  }
}
