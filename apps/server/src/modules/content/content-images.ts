/**
 * Banner and promotion pictures drawn by us as SVG (no real brand art): a gradient and shapes
 * placed from the theme number and the content's id, darker on the left where the player's
 * site writes the headline over them as HTML (`caption` in the banner and promotion answers).
 * The pictures hold no `<text>`: a browser rasterises an SVG image on its main thread and the
 * first text in one makes it look fonts up (tens of milliseconds on the home page's first load),
 * and a phone without a Bengali font drew boxes. The address names the picture
 * (`/wps/img/{kind}/{id}-{lang}-{rev}.svg`, rev a hash of what is drawn), so it changes whenever
 * the picture does and the answer can be cached for a year.
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
const DRAWING_VERSION = 2;

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
  /** The address names it; the drawing is the same in both languages (it holds no words). */
  language: Language;
  theme: number;
}

const SPARKLE = (x: number, y: number, r: number) =>
  `M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}z`;

export function drawPicture(picture: Picture): string {
  const palette = PALETTES[picture.theme % PALETTES.length]!;
  const next = seededRandom(
    picture.theme * 7919 + picture.id * 104_729 + (picture.kind === 'promotion' ? 15_485_863 : 0),
  );
  const shapes: string[] = [];
  // A big soft disc the shapes gather round, on the right: the left is the caption's.
  const cx = Math.round(520 + next() * 160);
  const cy = Math.round(90 + next() * 120);
  shapes.push(
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(120 + next() * 40)}" fill="url(#h)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(70 + next() * 30)}" fill="none" stroke="${palette.accent}" stroke-width="6" opacity=".55"/>`,
  );
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
  for (let i = 0; i < 4; i += 1) {
    const x = Math.round(420 + next() * 300);
    const y = Math.round(30 + next() * 240);
    shapes.push(
      `<path d="${SPARKLE(x, y, Math.round(8 + next() * 14))}" fill="${palette.accent}"/>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">`,
    '<defs>',
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<radialGradient id="h"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".45"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
    // Dark under the caption (left and bottom), clear over the art.
    '<linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".55"/><stop offset=".55" stop-color="#000" stop-opacity="0"/></linearGradient>',
    '</defs>',
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#g)"/>`,
    ...shapes,
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#s)"/>`,
    '</svg>',
  ].join('');
}

/** Changes whenever anything drawn changes. */
export function pictureRevision(picture: Picture): string {
  return createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, picture.kind, picture.theme, picture.id]))
    .digest('hex')
    .slice(0, 10);
}

export function pictureUrl(picture: Picture): string {
  const lang = picture.language.toLowerCase();
  return `/wps/img/${picture.kind}/${picture.id}-${lang}-${pictureRevision(picture)}.svg`;
}

export const PICTURE_FILE = /^(\d{1,10})-(en|bn)-([0-9a-f]{10})\.svg$/;
