/**
 * Security headers, the CORS allow-list, and response compression. helmet decides the headers;
 * none of ours varies per request (no nonces), so they are worked out once at start. Pages and
 * static files get them all; JSON answers get the few that matter to data (no sniffing, no
 * cross-origin reads, HTTPS only, no referrer), which keeps the hottest calls cheap.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { methodsAt, sendError } from './error-handler';

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
};

/** Runs helmet once against a stand-in response and keeps the headers it set. */
export function securityHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  return new Promise((resolve, reject) => {
    helmet(HELMET_OPTIONS)(
      { headers: {} } as IncomingMessage,
      res as unknown as ServerResponse,
      (error?: unknown) =>
        error ? reject(new Error('helmet failed', { cause: error })) : resolve(headers),
    );
  });
}

const API_HEADER_NAMES = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'referrer-policy',
];

// Under /ops only the operator API and metrics are API; the rest is the console's pages.
const isApi = (url: string) =>
  url.startsWith('/wps/') || url.startsWith('/ops/api') || url.startsWith('/ops/metrics');

export interface SecurityOptions {
  corsOrigins: string[];
  /** Other origins the site's pages may frame (game vendors' pages); read at each page answer. */
  frameOrigins?: () => string[];
  /** Other origins the site's pages may load scripts from (a configured Telegram login widget). */
  scriptOrigins?: string[];
}

/** The page headers with `frame-src` widened to these origins too. */
export function withFrameOrigins(headers: Record<string, string>, origins: readonly string[]) {
  const csp = headers['content-security-policy'];
  if (origins.length === 0 || !csp) return headers;
  const widened = csp.replace("frame-src 'self'", `frame-src 'self' ${origins.join(' ')}`);
  return { ...headers, 'content-security-policy': widened };
}

export const securityPlugin = fp<SecurityOptions>(async (app, options) => {
  const { corsOrigins, frameOrigins, scriptOrigins = [] } = options;
  const documentHeaders = await securityHeaders();
  if (scriptOrigins.length > 0 && documentHeaders['content-security-policy']) {
    documentHeaders['content-security-policy'] = documentHeaders['content-security-policy'].replace(
      "script-src 'self'",
      `script-src 'self' ${scriptOrigins.join(' ')}`,
    );
  }
  const apiHeaders: Record<string, string> = {
    ...Object.fromEntries(
      API_HEADER_NAMES.flatMap((name) =>
        documentHeaders[name] ? [[name, documentHeaders[name]]] : [],
      ),
    ),
    // Answers are per player and per moment; a route that can be cached says so itself.
    'cache-control': 'no-store',
  };
  const apiEntries = Object.entries(apiHeaders);
  // Worked out again only when the framed origins change (an operator's registry change).
  let framed = '';
  let documentEntries = Object.entries(documentHeaders);
  const documentEntriesNow = () => {
    const origins = frameOrigins?.() ?? [];
    const key = origins.join(' ');
    if (key !== framed) {
      framed = key;
      documentEntries = Object.entries(withFrameOrigins(documentHeaders, origins));
    }
    return documentEntries;
  };
  const allowList = new Set(corsOrigins);
  // One hook for every request (each hook costs every call): the headers, then OPTIONS.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApi(request.url) ? apiEntries : documentEntriesNow()) {
      reply.header(name, value);
    }
    // Echo the request id so a player's report can be matched with the logs.
    reply.header('x-request-id', request.id);
    // OPTIONS, before CORS: a preflight from a listed origin goes on to @fastify/cors; one from
    // any other origin is refused in words (the browser would only say "CORS error"); a plain
    // OPTIONS is told which methods the address takes. Other methods pass at the cost of one test.
    if (request.method !== 'OPTIONS') return done();
    const origin = request.headers.origin;
    const preflight =
      origin !== undefined && request.headers['access-control-request-method'] !== undefined;
    if (preflight && allowList.has(origin)) return done();
    const allowed = methodsAt(app, request.url);
    if (allowed.length === 0) return void sendError(request, reply, 'resource.notFound', 404);
    if (preflight) return void sendError(request, reply, 'request.originNotAllowed', 403);
    void reply
      .code(204)
      .header('allow', ['OPTIONS', ...allowed].join(', '))
      .send();
  });
  // Same origin only unless the operator lists other origins (an app shell on another domain);
  // same-origin calls need no CORS headers, so without a list there is no CORS hook at all.
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: corsOrigins,
      allowedHeaders: [
        'content-type',
        'token',
        'authorization',
        'accept-language',
        'x-request-id',
        'idempotency-key',
        'x-device-id',
      ],
      exposedHeaders: ['x-request-id', 'retry-after'],
      maxAge: 600,
    });
  }
  // Off unless a route asks (`compress: {}`): most answers are small, static files come
  // compressed at build time and cached answers once per version (PreparedAnswer), so a global
  // hook would only cost every call.
  await app.register(compress, { global: false, threshold: 1024, encodings: ['br', 'gzip'] });
});
