/** Decides the request's language once: `language` query, then Accept-Language, then Bengali. */
import fp from 'fastify-plugin';
import { pickLanguage, type Language } from '@khela/contract/language';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

export const languagePlugin = fp(async (app) => {
  app.decorateRequest('language', 'BN');
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    request.language = pickLanguage(
      query?.language ?? query?.lang,
      request.headers['accept-language'],
    );
    done();
  });
});
