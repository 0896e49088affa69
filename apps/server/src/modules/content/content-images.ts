/**
 * Banner and promotion pictures drawn by us as SVG (no real brand art): a gradient, a few shapes
 * placed from the theme number, and the headline in the picture's language. The address names
 * the picture (`/wps/img/{kind}/{id}-{lang}-{rev}.svg`, rev a hash of what is drawn), so it
 * changes whenever the picture does and the answer can be cached for a year.
 */
import { createHash } from 'node:crypto';
import type { Language } from '@khela/contract/language';
import { seededRandom } from '../../lib/seeded-random';

export const IMAGE_KINDS = ['banner', 'promotion'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Banners and promotion covers share one shape, 5:2, which the web client reserves. */
export const IMAGE_WIDTH = 750;
export const IMAGE_HEIGHT = 300;
/** Bump when the drawing changes, so every address changes with it. */
const DRAWING_VERSION = 1;

const PALETTES = [
  { from: '#0f5132', to: '#0a1f33', accent: '#f5b301', shape: '#1fa463' },
  { from: '#7a1236', to: '#1d0b2e', accent: '#ffd25a', shape: '#ff6b8e' },
  { from: '#123d8f', to: '#0b1640', accent: '#7fe3ff', shape: '#5b8cff' },
  { from: '#8f4a12', to: '#2e1406', accent: '#fff3c4', shape: '#ff9d3d' },
  { from: '#4b1d8f', to: '#170a33', accent: '#ffe45b', shape: '#b07bff' },
  { from: '#0f6f74', to: '#06262b', accent: '#fff27a', shape: '#5be7ff' },
] as const;

export interface Picture {
  kind: ImageKind;
  id: number;
  language: Language;
  headline: string;
  /** A second, smaller line (the promotion's category, the site name). */
  tagline: string;
  theme: number;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** Splits a headline into at most two lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && [...line].length + 1 + [...word].length > width) {
      out.push(line);
      line = word;
      if (out.length === 2) break;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (out.length < 2 && line) out.push(line);
  const all = words.join(' ');
  if (out.join(' ').length < all.length && out.length === 2) out[1] = `${out[1]!.slice(0, -1)}…`;
  return out;
}

export function drawPicture(picture: Picture): string {
  const palette = PALETTES[picture.theme % PALETTES.length]!;
  const next = seededRandom(picture.theme * 7919 + picture.id * 104_729);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const x = Math.round(380 + next() * 380);
    const y = Math.round(next() * IMAGE_HEIGHT);
    const r = Math.round(24 + next() * 90);
    const opacity = (0.12 + next() * 0.25).toFixed(2);
    shapes.push(
      i % 3 === 2
        ? `<polygon points="${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}" fill="${palette.shape}" opacity="${opacity}"/>`
        : `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? palette.accent : palette.shape}" opacity="${opacity}"/>`,
    );
  }
  const headline = lines(picture.headline, picture.language === 'BN' ? 18 : 20);
  const size = headline.length > 1 ? 46 : 56;
  const top = headline.length > 1 ? 128 : 160;
  const text = headline
    .map(
      (line, index) =>
        `<text x="44" y="${top + index * (size + 10)}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" role="img" aria-label="${escapeXml(picture.headline)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#g)"/>`,
    ...shapes,
    `<rect x="44" y="44" width="72" height="8" rx="4" fill="${palette.accent}"/>`,
    `<g font-family="'Noto Sans Bengali','Hind Siliguri',system-ui,sans-serif">`,
    text,
    `<text x="44" y="${IMAGE_HEIGHT - 40}" font-size="24" fill="${palette.accent}">${escapeXml(picture.tagline)}</text>`,
    '</g></svg>',
  ].join('');
}

/** Changes whenever anything drawn changes. */
export function pictureRevision(picture: Picture): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        DRAWING_VERSION,
        picture.headline,
        picture.tagline,
        picture.theme,
        picture.id,
      ]),
    )
    .digest('hex')
    .slice(0, 10);
}

export function pictureUrl(picture: Picture): string {
  const lang = picture.language.toLowerCase();
  return `/wps/img/${picture.kind}/${picture.id}-${lang}-${pictureRevision(picture)}.svg`;
}

export const PICTURE_FILE = /^(\d{1,10})-(en|bn)-([0-9a-f]{10})\.svg$/;
