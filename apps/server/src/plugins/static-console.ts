/**
 * Serves the built back office (apps/console/dist) under /ops/: hashed assets cached for a year,
 * index.html revalidated every time, brotli or gzip files picked when the browser takes them, and
 * any other /ops/ path that is not the operator API (/ops/api/, /ops/metrics) answered with
 * index.html so the console's router decides. The console's pages get a CSP of their own: only
 * this origin, no frames either way, no inline script.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Identity documents come from /ops/api/kyc/…/images; charts are drawn inline (SVG).
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** The operator API and metrics under /ops: never the console's pages. */
export const isOpsApi = (pathname: string) =>
  pathname === '/ops/api' ||
  pathname.startsWith('/ops/api/') ||
  pathname === '/ops/metrics' ||
  pathname.startsWith('/ops/metrics/');

/** The console's pages: /ops and everything under /ops/ but the API and metrics. */
export const isConsolePage = (pathname: string) =>
  (pathname === '/ops' || pathname.startsWith('/ops/')) && !isOpsApi(pathname);

/**
 * What answers a console address no file matched: its client routes get index.html (the
 * console's router decides), a missing file 404. It is called by the site's not-found handler
 * (static-web.ts), not a wildcard route, so the API's 404 and 405 answers stay as they are.
 */
export function consolePages(consoleDist: string) {
  const built = existsSync(path.join(consoleDist, 'index.html'));
  const indexHtml = built ? readFileSync(path.join(consoleDist, 'index.html'), 'utf8') : '';
  return {
    built,
    owns: isConsolePage,
    page(request: FastifyRequest, reply: FastifyReply) {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/ops') return reply.redirect('/ops/', 302);
      const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html');
      if (looksLikeFile) return reply.code(404).type('text/plain').send('Not found');
      if (!built) return reply.code(503).type('text/plain').send('The console is not built.');
      return reply
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    },
  };
}
export type ConsolePages = ReturnType<typeof consolePages>;

export interface StaticConsoleOptions {
  consoleDist: string;
}

/** The console's files (hashed assets, index.html) and the headers of its pages. */
export const staticConsolePlugin = fp<StaticConsoleOptions>(async (app, { consoleDist }) => {
  // After the security headers (registered earlier): the console's own policy, no indexing.
  app.addHook('onRequest', (request, reply, done) => {
    if (isConsolePage(request.url.split('?')[0] ?? '')) {
      reply.header('content-security-policy', CONSOLE_CSP);
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    done();
  });

  if (!existsSync(path.join(consoleDist, 'index.html'))) {
    app.log.warn({ consoleDist }, 'console not built: run `npm run build` to serve /ops');
    return;
  }
  // Only the files that exist get routes (no wildcard): any other /ops/ address goes to the
  // not-found handler, which asks consolePages.
  await app.register(fastifyStatic, {
    root: consoleDist,
    prefix: '/ops/',
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = path.relative(consoleDist, filePath).startsWith('assets');
      reply.header('cache-control', hashed ? IMMUTABLE : NO_CACHE);
    },
  });
});
