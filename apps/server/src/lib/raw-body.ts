/**
 * Signed calls from outside (a payment provider's notices, a game vendor's wallet calls) are
 * checked over the bytes as sent, so their plugin keeps each JSON body's raw text. A body that
 * is not JSON still reaches the signature check (401 before 400).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Makes the plugin's JSON parser keep the raw text (only this plugin's routes: the parser is
 * encapsulated); answers how to read it back for a request ('' when there was no body).
 */
export function keepRawJsonBodies(app: FastifyInstance): (request: FastifyRequest) => string {
  const rawBodies = new WeakMap<object, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, null);
    }
  });
  return (request) => rawBodies.get(request) ?? '';
}
