/**
 * Every string a request brings is well-formed text or the request is refused: NUL (which
 * PostgreSQL text and jsonb refuse, a 500 deep in a query) and lone surrogates (which the driver
 * would silently turn into U+FFFD) answer 400 validation.invalid naming each field, like a schema
 * failure. Checked once for every route, before validation: the parsed body (JSON, a form, or a
 * sealed payload already opened), the query, the path parameters and the headers, keys and values.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldErrors, type IssueLike } from '@khela/contract/validation';
import { invalid } from '../errors';

/** NUL, a high surrogate with no low one after it, or a low one with no high one before it. */
const ILL_FORMED = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ILL_FORMED_ALL = new RegExp(ILL_FORMED.source, 'g');

/** A field name fit to echo back: its bad characters shown as U+FFFD. */
const printable = (key: string) => key.replace(ILL_FORMED_ALL, '\uFFFD');

/** Whether any key or string value is ill-formed: the cheap walk every request takes. */
function anyIllFormed(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (ILL_FORMED.test(current)) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) {
        if (ILL_FORMED.test(key)) return true;
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
      if (ILL_FORMED.test(current)) found.push(pathOf(place));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (ILL_FORMED.test(key)) found.push(pathOf({ key: printable(key), up: place }));
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
  ['headers', (request: FastifyRequest) => request.headers],
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
    if (issues.length === 0) return done();
    done(invalid(fieldErrors(issues, request.language)));
  });
});
