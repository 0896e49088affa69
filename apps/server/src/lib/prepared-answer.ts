/**
 * An answer that is the same for every caller until something changes (a settings version, a
 * catalogue revision): serialised, compressed and tagged once, then sent as bytes. A caller
 * that already holds it (If-None-Match) gets 304 and no body.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than the headers it adds. */
const COMPRESS_FROM_BYTES = 1024;

const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  // Browsers send a handful of distinct headers; bounded, as anyone can send any header.
  cache: new LRUCache<string, string>({ max: 100 }),
});

/** If-None-Match lists the caller's tags (weak ones marked W/), or '*' for any. */
function holds(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag || ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * How hard to compress: `best` for an answer sent many times (made once per version; brotli's
 * best level costs ~10 ms for 15 kB); `fast` for one kept per query (~170 µs); `once` for one
 * made for a single caller (a member's own page: ~55 µs, some 20 % larger).
 */
export type Compression = 'best' | 'fast' | 'once';

const LEVELS: Record<Compression, { br: number; gzip: number }> = {
  best: { br: constants.BROTLI_MAX_QUALITY, gzip: 9 },
  fast: { br: 4, gzip: 6 },
  once: { br: 1, gzip: 1 },
};

export class PreparedAnswer {
  readonly etag: string;
  private readonly identity: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    json: string,
    private readonly compression: Compression = 'fast',
  ) {
    this.identity = Buffer.from(json);
    this.etag = `"${createHash('sha256').update(this.identity).digest('base64url').slice(0, 22)}"`;
  }

  /** Bytes held, counting room for the compressed copies (for caches bounded by size). */
  get size(): number {
    return this.identity.length * 2;
  }

  /**
   * Sends the answer in the best encoding the caller accepts (its route must not ask the
   * compressor for `compress`: the bytes are compressed already).
   */
  send(request: FastifyRequest, reply: FastifyReply, cacheControl = 'no-cache') {
    reply
      .header('cache-control', cacheControl)
      .header('etag', this.etag)
      .header('vary', 'accept-encoding');
    if (holds(request.headers['if-none-match'], this.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const accepted = request.headers['accept-encoding'];
    const encoding =
      this.identity.length >= COMPRESS_FROM_BYTES && accepted
        ? negotiator.negotiate(accepted)
        : null;
    if (!encoding) return reply.send(this.identity);
    return reply.header('content-encoding', encoding).send(this.bytes(encoding));
  }

  private bytes(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      const levels = LEVELS[this.compression];
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: levels.br,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzipSync(this.identity, { level: levels.gzip });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** One prepared answer per version of what it is made from; remade when the version moves. */
export class VersionedAnswer {
  private current: { version: number; answer: PreparedAnswer } | undefined;

  constructor(private readonly make: () => string) {}

  get(version: number): PreparedAnswer {
    if (this.current?.version !== version) {
      this.current = { version, answer: new PreparedAnswer(this.make(), 'best') };
    }
    return this.current.answer;
  }
}
