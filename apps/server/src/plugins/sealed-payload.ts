/**
 * Sealed payloads (API.md): a compact JWE (RSA-OAEP-256 + A256GCM) sent as application/jose whose
 * plaintext is the JSON body. Opened before validation, so a sealed body is validated like a plain
 * one. Routes with `config: { sealed: true }` refuse plain JSON while the operator setting
 * `requireSealedPayload` is on.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { SEALED } from '@khela/contract/system';
import { AppError } from '../errors';
import type { KeysService } from '../modules/keys/keys.service';
import type { SettingsService } from '../modules/settings/settings.service';

declare module 'fastify' {
  interface FastifyRequest {
    sealed: boolean;
  }
  interface FastifyContextConfig {
    sealed?: boolean;
  }
}

const COMPACT_JWE =
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const sealedPayloadPlugin = fp<{ keys: KeysService; settings: SettingsService }>(
  async (app, { keys, settings }) => {
    app.decorateRequest('sealed', false);

    app.addContentTypeParser(
      SEALED.contentType,
      { parseAs: 'string' },
      async (request: FastifyRequest, body: string | Buffer) => {
        const jwe = String(body).trim();
        if (!COMPACT_JWE.test(jwe)) throw new AppError('sealed.invalid');
        try {
          const header = decodeProtectedHeader(jwe);
          if (header.alg !== SEALED.alg || header.enc !== SEALED.enc) throw new Error('algorithm');
          const key = keys.privateKeyFor(header.kid);
          if (!key) throw new Error('unknown kid');
          const { plaintext } = await compactDecrypt(jwe, key, {
            keyManagementAlgorithms: [SEALED.alg],
            contentEncryptionAlgorithms: [SEALED.enc],
          });
          request.sealed = true;
          return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
        } catch {
          throw new AppError('sealed.invalid');
        }
      },
    );

    // A callback hook: every request passes here, and an async one costs each a promise.
    app.addHook('preValidation', (request, _reply, done) => {
      if (
        request.routeOptions.config.sealed &&
        !request.sealed &&
        settings.get('requireSealedPayload')
      ) {
        return done(new AppError('sealed.required'));
      }
      done();
    });
  },
);
