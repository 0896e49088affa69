/**
 * Every string a request brings is well-formed text or the request is refused: NUL (which
 * PostgreSQL text and jsonb refuse, a 500 deep in a query) and lone surrogates (which the driver
 * would silently turn into U+FFFD) answer 400 validation.invalid naming each field, like a schema
 * failure. Checked once for every route, before validation: the parsed body (JSON, a form, or a
 * sealed payload already opened), the query, the path parameters, keys and values, and the
 * headers the database keeps. The client address (from X-Forwarded-For behind a proxy) must fit
 * the 45 characters an IP address takes: sessions and sign-in records keep it.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldErrors, type IssueLike } from '@khela/contract/validation';
import { invalid } from '../errors';

/** NUL, a high surrogate with no low one after it, or a low one with no high one before it. */
const ILL_FORMED = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ILL_FORMED_ALL = new RegExp(ILL_FORMED.source, 'g');
/** A cheaper first look: nearly every string has neither NUL nor any surrogate. */
const SUSPECT = /[\0\uD800-\uDFFF]/;
const illFormed = (text: string) => SUSPECT.test(text) && ILL_FORMED.test(text);

/**
 * Headers the database keeps or looks up (session and sign-in records, a vendor's code, a
 * money call's key). Node's HTTP parser lets neither NUL nor a surrogate into any header, so
 * this guards other ways in (tests, an HTTP/2 front) at the cost of three lookups.
 */
const STORED_HEADERS = ['user-agent', 'x-vendor-provider', 'idempotency-key'] as const;
/** The longest IP address as text (IPv6 with an IPv4 tail), and the width of the ip columns. */
const MAX_ADDRESS_LENGTH = 45;

/** A field name fit to echo back: its bad characters shown as U+FFFD. */
const printable = (key: string) => key.replace(ILL_FORMED_ALL, '\uFFFD');

/** Whether any key or string value is ill-formed: the walk every request takes, flat first. */
function anyIllFormed(value: unknown): boolean {
  if (typeof value === 'string') return illFormed(value);
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (illFormed(key)) return true;
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === 'string') {
      if (illFormed(child)) return true;
    } else if (child !== null && typeof child === 'object' && anyIllFormedDeep(child)) {
      return true;
    }
  }
  return false;
}

function anyIllFormedDeep(value: object): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (illFormed(current)) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) {
        if (illFormed(key)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** A place in a value: its key and the place above it, so a path costs nothing until needed. */
interface Place {
  key: string;
  up: Place | undefined;
}

const pathOf = (place: Place | undefined) => {
  const path: string[] = [];
  for (let at = place; at; at = at.up) path.push(at.key);
  return path.reverse();
};

/**
 * Every path (as keys) where a key or string value is ill-formed, up to `limit`. Iterative and
 * linear, as a body may nest tens of thousands deep within the size limit.
 */
export function illFormedPaths(value: unknown, limit = 10): string[][] {
  const found: string[][] = [];
  const stack: [unknown, Place | undefined][] = [[value, undefined]];
  while (stack.length > 0 && found.length < limit) {
    const [current, place] = stack.pop()!;
    if (typeof current === 'string') {
      if (illFormed(current)) found.push(pathOf(place));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (illFormed(key)) found.push(pathOf({ key: printable(key), up: place }));
        else stack.push([child, { key, up: place }]);
      }
    }
  }
  return found;
}

/** The request's parts as the validation answer names them (body and query fields bare). */
const PARTS = [
  ['', (request: FastifyRequest) => request.body],
  ['', (request: FastifyRequest) => request.query],
  ['params', (request: FastifyRequest) => request.params],
] as const;

export const wellFormedInputPlugin = fp(async (app) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const issues: IssueLike[] = [];
    for (const [prefix, part] of PARTS) {
      const value = part(request);
      if (!anyIllFormed(value)) continue;
      for (const path of illFormedPaths(value)) {
        issues.push({ code: 'invalid_characters', path: prefix ? [prefix, ...path] : path });
      }
    }
    for (const name of STORED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string' && illFormed(value)) {
        issues.push({ code: 'invalid_characters', path: ['headers', name] });
      }
    }
    // Behind a proxy the address is the client's own X-Forwarded-For entry, which may be anything;
    // some proxies add a port, so only what no address is (longer than IPv6 text) is refused.
    if (request.ip && request.ip.length > MAX_ADDRESS_LENGTH) {
      issues.push({ code: 'too_big', path: ['headers', 'x-forwarded-for'] });
    }
    if (issues.length === 0) return done();
    done(invalid(fieldErrors(issues, request.language)));
  });
});
