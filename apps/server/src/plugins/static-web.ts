/**
 * Serves the built player site under /m: hashed assets cached for a year, index.html and the
 * service worker revalidated, brotli or gzip files picked when the browser takes them, and any
 * other /m path answered with index.html so the client router decides. Home aliases redirect.
 * A page the built HTML has a first paint for (`<template data-first-paint="/m/home">`) gets it
 * in front of #root, with the page's preloaded image in it, so it paints before any script runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { HOME_ALIASES, HOME_PATH } from '@khela/contract/routes';
import { apiNotFound, sendError } from './error-handler';
import type { ConsolePages } from './static-console';

const REDIRECTS = new Set<string>(HOME_ALIASES.filter((alias) => alias !== HOME_PATH));
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Something a page needs first, named in its HTML so the browser fetches it beside the scripts. */
export interface Preload {
  href: string;
  as: 'image' | 'fetch';
}

export interface StaticWebOptions {
  webDist: string;
  /** The back office's pages under /ops (static-console.ts), answered when no route matched. */
  consolePages?: ConsolePages;
  /**
   * What a page shows first and largest (home: its banners call and first banner image). The
   * image is also the picture in the page's first paint.
   */
  preloads?: (pathname: string) => readonly Preload[];
}

/** The `<img>` of a first paint whose address the server fills in (or drops, having none). */
const FIRST_PAINT_IMAGE = /<img\b[^>]*\bdata-first-paint-image\b[^>]*>/;
const ROOT = '<div id="root">';
/** Where preloads go: first in the head (after its charset), ahead of the scripts and styles. */
const HEAD_START = /<head>(\s*<meta charset="[^"]*"\s*\/?>)?/i;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the first paint of `pathname` in front of #root, or unchanged when it has
 * none: the template's content, its image given `image` as its address or left out.
 */
export function withFirstPaint(html: string, pathname: string, image: string | undefined) {
  const open = `<template data-first-paint="${escapeAttribute(pathname)}">`;
  const start = html.indexOf(open);
  const end = start < 0 ? -1 : html.indexOf('</template>', start);
  if (end < 0 || !html.includes(ROOT)) return html;
  const content = html
    .slice(start + open.length, end)
    .trim()
    .replace(FIRST_PAINT_IMAGE, (tag) =>
      image ? tag.replace(/\bdata-first-paint-image\b/, `src="${escapeAttribute(image)}"`) : '',
    );
  return html.replace(ROOT, `${content}${ROOT}`);
}

const preloadLink = ({ href, as }: Preload) =>
  as === 'image'
    ? `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`
    : // A same-origin fetch() is a CORS request with same-origin credentials: so is this.
      `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin>`;

export const staticWebPlugin = fp<StaticWebOptions>(
  async (app, { webDist, preloads, consolePages }) => {
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      // Cheap exit for the API, which is most of the traffic.
      if (url.startsWith('/wps/') || url.startsWith('/ops/')) return done();
      const [pathname = '', query] = url.split('?');
      // The service worker precaches /m/index.html as the app shell with a plain fetch; only a
      // page navigation (or a client that does not say) is redirected.
      const fetchMode = request.headers['sec-fetch-mode'];
      const shellFetch =
        pathname === '/m/index.html' && fetchMode !== undefined && fetchMode !== 'navigate';
      if (REDIRECTS.has(pathname) && !shellFetch) {
        void reply.redirect(query ? `${HOME_PATH}?${query}` : HOME_PATH, 302);
        return;
      }
      done();
    });

    const built = existsSync(path.join(webDist, 'index.html'));
    const indexHtml = built ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
    /** index.html with the page's preloads and first paint, or undefined when it has neither. */
    const pageHtml = (pathname: string) => {
      const wanted = preloads?.(pathname) ?? [];
      const image = wanted.find((preload) => preload.as === 'image')?.href;
      let html = withFirstPaint(indexHtml, pathname, image);
      if (wanted.length > 0) {
        html = html.replace(HEAD_START, (start) => `${start}${wanted.map(preloadLink).join('')}`);
      }
      return html === indexHtml ? undefined : html;
    };
    if (!built) {
      app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve /m');
    } else {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/m/',
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = path.relative(webDist, filePath).startsWith('assets');
          reply.header('cache-control', hashed ? IMMUTABLE : NO_CACHE);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const readsPage = request.method === 'GET' || request.method === 'HEAD';
      if (consolePages?.owns(pathname) && readsPage) return consolePages.page(request, reply);
      if (/^\/(wps|ops|lgw)\//.test(pathname)) return apiNotFound(request, reply);
      // A gateway's routes this server does not have (not in PAYMENT_PROVIDERS), and the
      // sandbox's pay page, which is the partners app's (an old link): gone, not the home page.
      if (/^\/(payments|sandbox-pay)(\/|$)/.test(pathname)) {
        return sendError(request, reply, 'resource.notFound', 404);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendError(request, reply, 'resource.notFound', 404);
      }
      const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html');
      if (pathname.startsWith('/m/') && !looksLikeFile) {
        if (!built) return reply.code(503).type('text/plain').send('The web app is not built.');
        reply.header('cache-control', NO_CACHE);
        const html = pageHtml(pathname);
        if (html) return reply.type('text/html; charset=utf-8').send(html);
        return reply.sendFile('index.html');
      }
      if (looksLikeFile) return reply.code(404).type('text/plain').send('Not found');
      return reply.redirect(HOME_PATH, 302);
    });
  },
);
