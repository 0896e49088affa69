/**
 * The partners' own copy of a Bengali font for their pages (the demo vendor's game page): without
 * it a phone with no Bengali font shows boxes there. @fontsource/noto-sans-bengali (its Bengali
 * subset) is read from node_modules once at start and served under /fonts/ with its content hash
 * in the name, so it is cached for a year. Latin text keeps the phone's own font (unicode-range).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

export const FONT_PREFIX = '/fonts';
const PACKAGE = '@fontsource/noto-sans-bengali';
const FAMILY = 'Noto Sans Bengali';
const WEIGHTS = [400, 700] as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The font stack of server-written pages: Bengali from our font, the rest from the phone's. */
export const PAGE_FONT_STACK = `'${FAMILY}',system-ui,sans-serif`;

export interface PageFont {
  /** The @font-face rules to put in a page's <style>; empty when the font is not installed. */
  css: string;
  /** The regular weight's address, for a page's preload. */
  preload: string | undefined;
  /** Address (under FONT_PREFIX) → the woff2 file. */
  files: ReadonlyMap<string, Buffer>;
}

export const NO_PAGE_FONT: PageFont = { css: '', preload: undefined, files: new Map() };

/** The Bengali subset's unicode-range as the package declares it (its weight's CSS). */
function bengaliRange(css: string): string {
  const block = /bengali-bengali-\d+-normal \*\/\s*@font-face\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.trim() ?? 'U+0980-09FE';
}

/**
 * Reads the font from node_modules; NO_PAGE_FONT when it is missing, so the pages fall back to
 * the phone's fonts.
 */
export function loadPageFont(resolveFrom: string = import.meta.url): PageFont {
  let require: NodeRequire;
  let stylesheet: string;
  try {
    require = createRequire(resolveFrom);
    stylesheet = require.resolve(`${PACKAGE}/400.css`);
  } catch {
    return NO_PAGE_FONT;
  }
  const range = bengaliRange(readFileSync(stylesheet, 'utf8'));
  const files = new Map<string, Buffer>();
  const faces = WEIGHTS.map((weight) => {
    const name = `noto-sans-bengali-bengali-${weight}-normal`;
    const bytes = readFileSync(path.join(path.dirname(stylesheet), 'files', `${name}.woff2`));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const url = `${FONT_PREFIX}/${name}.${hash}.woff2`;
    files.set(url, bytes);
    return { url, face: fontFace(weight, url, range) };
  });
  return { css: faces.map((f) => f.face).join(''), preload: faces[0]?.url, files };
}

const fontFace = (weight: number, url: string, range: string) =>
  `@font-face{font-family:'${FAMILY}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${range}}`;

/** The <link> that starts the regular weight with the page (fonts are fetched in CORS mode). */
export const fontPreloadLink = (font: PageFont) =>
  font.preload
    ? `<link rel="preload" as="font" type="font/woff2" href="${font.preload}" crossorigin>`
    : '';

/** GET /fonts/<name>.<hash>.woff2: the files of `font`, cached for a year. */
export const pageFontRoutes: FastifyPluginAsync<{ font: PageFont }> = async (app, { font }) => {
  app.get<{ Params: { file: string } }>(
    `${FONT_PREFIX}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const bytes = font.files.get(`${FONT_PREFIX}/${request.params.file}`);
      if (!bytes) return reply.callNotFound();
      return reply.header('cache-control', IMMUTABLE).type('font/woff2').send(bytes);
    },
  );
};
