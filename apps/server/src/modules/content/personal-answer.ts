/**
 * An answer made for one caller (a member's notices with their read marks): tagged over its
 * bytes, so a caller holding the tag gets 304, and gzipped at a modest level when accepted.
 * Shared answers use PreparedAnswer instead, which compresses hard once for everyone; doing that
 * on every member's request would cost more than the bytes save.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COMPRESS_FROM_BYTES = 1024;

export class PersonalAnswer {
  readonly etag: string;
  private readonly bytes: Buffer;

  constructor(json: string) {
    this.bytes = Buffer.from(json);
    this.etag = `"p${createHash('sha256').update(this.bytes).digest('base64url').slice(0, 22)}"`;
  }

  send(request: FastifyRequest, reply: FastifyReply, cacheControl: string) {
    reply
      .header('cache-control', cacheControl)
      .header('etag', this.etag)
      .header('vary', 'accept-encoding');
    const held = request.headers['if-none-match'];
    if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === this.etag)) {
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    if (!gzip || this.bytes.length < COMPRESS_FROM_BYTES) return reply.send(this.bytes);
    return reply.header('content-encoding', 'gzip').send(gzipSync(this.bytes, { level: 5 }));
  }
}
