/**
 * Capitals, digits and the few signs our pictures write (card ranks, ball numbers, a crash
 * multiplier, vendor monograms), drawn as strokes rather than SVG `<text>`: a browser rasterises
 * an SVG image on its main thread, and the first `<text>` in one makes it look fonts up, which
 * blocked the home page's first load for tens of milliseconds; strokes also look the same on
 * every phone, with or without the font. Our own letterforms on a 10-unit cap height, y down,
 * each glyph's box starting at x 0.
 */

interface Glyph {
  /** Advance width, in the same units as the 10-unit cap height. */
  width: number;
  d: string;
}

const O = 'M3 0C-1 0-1 10 3 10 7 10 7 0 3 0Z';
const P = 'M0 10V0H3.4C6.4 0 6.4 5.4 3.4 5.4H0';

// prettier-ignore
const GLYPHS: Record<string, Glyph> = {
  A: { width: 6, d: 'M0 10 3 0l3 10M1.1 6.6h3.8' },
  B: { width: 6, d: 'M0 10V0h3.2c3 0 3 4.8 0 4.8H0m3.2 0c3.7 0 3.7 5.2 0 5.2H0z' },
  C: { width: 6, d: 'M6 1.6C4.6-.6 0-.7 0 5s4.6 5.6 6 3.4' },
  D: { width: 6, d: 'M0 0v10h2.4c4.8 0 4.8-10 0-10z' },
  E: { width: 5.4, d: 'M5.4 0H0v10h5.4M0 4.9h4.4' },
  F: { width: 5.2, d: 'M5.2 0H0v10M0 4.9h4.2' },
  G: { width: 6.2, d: 'M6 1.6C4.6-.6 0-.7 0 5s5.3 5.7 6.2 3V5.6H3.4' },
  H: { width: 6, d: 'M0 0v10M6 0v10M0 5h6' },
  I: { width: 3, d: 'M0 0h3M1.5 0v10M0 10h3' },
  J: { width: 5, d: 'M5 0v6.8c0 4.2-5 4.2-5 .8' },
  K: { width: 6, d: 'M0 0v10M6 0 0 6.4M2.1 4.3 6 10' },
  L: { width: 5.2, d: 'M0 0v10h5.2' },
  M: { width: 7.4, d: 'M0 10V0l3.7 7 3.7-7v10' },
  N: { width: 6, d: 'M0 10V0l6 10V0' },
  O: { width: 6, d: O },
  P: { width: 6, d: P },
  Q: { width: 6, d: `${O}M3.8 7.2 6.4 10.4` },
  R: { width: 6, d: `${P}M3 5.4 6 10` },
  S: { width: 5.8, d: 'M5.6 1.4C4.4-.5.2-.2.3 2.6c.2 2.7 5.4 2.1 5.5 4.9C5.9 10.4 1.4 10.7 0 8.6' },
  T: { width: 6, d: 'M0 0h6M3 0v10' },
  U: { width: 6, d: 'M0 0v6.4c0 4.8 6 4.8 6 0V0' },
  V: { width: 6, d: 'M0 0l3 10 3-10' },
  W: { width: 8, d: 'M0 0l2 10 2-7 2 7 2-10' },
  X: { width: 6, d: 'M0 0l6 10M6 0 0 10' },
  Y: { width: 6, d: 'M0 0l3 5 3-5M3 5v5' },
  Z: { width: 6, d: 'M0 0h6L0 10h6' },
  0: { width: 6, d: 'M3 0C-.6 0-.6 10 3 10s3.6-10 0-10z' },
  1: { width: 6, d: 'M1.2 2.2 3.6 0v10M1.2 10h4.8' },
  2: { width: 6, d: 'M.3 2.4C.8-.8 6-.7 5.8 2.6 5.6 5.3 0 7.7 0 10h6' },
  3: { width: 6, d: 'M.4 .6h5.2L2.6 4.4c3.6-.3 4.4 5.6.4 5.6-1.4 0-2.4-.5-3-1.4' },
  4: { width: 6, d: 'M4.6 10V0L0 7h6' },
  5: { width: 6, d: 'M5.6 0H.9L.4 4.6C2.4 3.3 6 3.7 6 7c0 3.5-4.5 3.8-6 1.8' },
  6: { width: 6, d: 'M5.3.8C2.2-1 0 2 0 6.4s6 4.6 6 .6S1 3.4 0 6.4' },
  7: { width: 6, d: 'M0 0h6L2.2 10' },
  8: { width: 6, d: 'M3 4.8C-.4 4.8 0 0 3 0s3.4 4.8 0 4.8-3.6 5.2 0 5.2 3.6-5.2 0-5.2z' },
  9: { width: 6, d: 'M6 3.6C5 6.6 0 6.4 0 3.4S6-1 6 3.6c0 4.4-2 7.4-5.3 5.6' },
  x: { width: 4.4, d: 'M0 4.2 4.4 10M4.4 4.2 0 10' },
  '.': { width: 1.2, d: 'M.6 9.7h.01' },
};

/** Space between two glyphs, in cap-height units (10 = the cap height). */
const SPACING = 1.8;

/** The characters lettering can draw. */
export const LETTERING_PATTERN = /^[A-Z0-9x.]*$/;

/** Width of `text` in cap-height units (10 = the cap height), spacing included. */
export function letteringWidth(text: string): number {
  const chars = [...text];
  return chars.reduce((sum, char) => sum + glyph(char).width, 0) + SPACING * (chars.length - 1);
}

function glyph(char: string): Glyph {
  const found = GLYPHS[char];
  if (!found) throw new Error(`lettering cannot draw ${JSON.stringify(char)}`);
  return found;
}

const r2 = (value: number) => Math.round(value * 100) / 100;

export interface LetteringOptions {
  /** Where the text starts (`anchor` start) or its middle (`middle`). */
  x: number;
  /** Baseline, as SVG text's y. */
  y: number;
  /** Height of a capital, in the picture's units. */
  capHeight: number;
  colour: string;
  anchor?: 'start' | 'middle';
  /** Stroke weight in cap-height units: 1.6 reads as bold. */
  weight?: number;
  /** A darker outline under the strokes (for white on a busy picture). */
  outline?: string;
}

/** `text` as stroked paths, one a glyph, in a group that places and scales them. */
export function lettering(text: string, options: LetteringOptions): string {
  const { capHeight, colour, anchor = 'start', weight = 1.6, outline } = options;
  const scale = capHeight / 10;
  const left = anchor === 'middle' ? options.x - (letteringWidth(text) * scale) / 2 : options.x;
  let glyphs = '';
  let at = 0;
  for (const char of text) {
    const { width, d } = glyph(char);
    glyphs += at === 0 ? `<path d="${d}"/>` : `<path transform="translate(${r2(at)})" d="${d}"/>`;
    at += width + SPACING;
  }
  const strokes = (paint: string, width: number) =>
    `<g stroke="${paint}" stroke-width="${r2(width)}">${glyphs}</g>`;
  return (
    `<g class="lettering" transform="translate(${r2(left)} ${r2(options.y - capHeight)}) scale(${r2(scale)})" fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    (outline ? strokes(outline, weight * 2.2) : '') +
    strokes(colour, weight) +
    '</g>'
  );
}
