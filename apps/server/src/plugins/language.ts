/**
 * The request's language: `language` (or `lang`) query, then Accept-Language, then Bengali.
 * Worked out when first read, so calls that never need it pay nothing.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLanguage, type Language } from '@khela/contract/language';

declare module 'fastify' {
  interface FastifyRequest {
    readonly language: Language;
  }
}

export const languagePlugin = fp(async (app) => {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      const query = this.query as Record<string, unknown> | undefined;
      return pickLanguage(query?.language ?? query?.lang, this.headers['accept-language']);
    },
  });
});
