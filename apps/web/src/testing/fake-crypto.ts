/**
 * Stands in for lib/crypto in jsdom tests (jose checks Uint8Array by realm, which jsdom splits;
 * lib/crypto.test.ts checks the real sealing in Node). A "sealed" body here is readable, so the
 * fake server can see what the form sent: `vi.mock('…/lib/crypto', () => import('…/fake-crypto'))`.
 */
import { SEALED } from '@khela/contract/system';

const PREFIX = 'sealed:';

export async function sealJson(payload: unknown): Promise<string> {
  return `${PREFIX}${JSON.stringify(payload)}`;
}

export async function sealedBody(payload: unknown) {
  return { body: await sealJson(payload), headers: { 'Content-Type': SEALED.contentType } };
}

/** The payload of a sealed request; throws when the request was not sealed. */
export function openSealed(init: RequestInit | undefined): Record<string, unknown> {
  const type = new Headers(init?.headers).get('Content-Type');
  const body = typeof init?.body === 'string' ? init.body : '';
  if (type !== SEALED.contentType || !body.startsWith(PREFIX)) {
    throw new Error(`not a sealed request: ${type} ${body.slice(0, 20)}`);
  }
  return JSON.parse(body.slice(PREFIX.length)) as Record<string, unknown>;
}

/** The JSON body of a plain request. */
export function jsonBody(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
}
