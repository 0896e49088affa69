import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS, demoGames } from './demo-catalogue';
import { gameArtSvg } from './game-art';
import { MARK_BOX, markCapHeight, markOf, vendorMarkSvg } from './game-icons';
import { letteringWidth } from './stroke-lettering';
import { MOTIFS, motifOf } from './game-names';

/**
 * Well-formed XML, checked by hand: every tag closes in order, attributes are quoted, no stray
 * `<` or `&` in text.
 */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < xml.length) {
    tag.lastIndex = at;
    match = tag.exec(xml);
    if (!match) return false;
    at = tag.lastIndex;
    const [, closing, name, , selfClosing, textPart] = match;
    if (textPart !== undefined) {
      if (/&(?!(amp|lt|gt|quot|#\d+);)/.test(textPart) || stack.length === 0) return false;
    } else if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      stack.push(name!);
    }
  }
  return stack.length === 0;
}

const demo = demoGames();
const categoryOf = new Map(DEMO_VENDORS.map((vendor) => [vendor.code, vendor.category]));
const artOf = (game: (typeof demo)[number]) =>
  gameArtSvg(
    motifOf(game.nameEn, categoryOf.get(game.vendorCode)!, game.classification),
    game.theme,
    game.iconSeed,
  );

describe('game art', () => {
  it('is well-formed SVG under 3 kB for every demo game, the same every time', () => {
    let largest = 0;
    for (const game of demo) {
      const svg = artOf(game);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(wellFormed(svg), svg).toBe(true);
      largest = Math.max(largest, Buffer.byteLength(svg));
    }
    expect(largest).toBeLessThanOrEqual(3000);
    expect(artOf(demo[42]!)).toBe(artOf(demo[42]!));
    expect(wellFormed('<svg><g></svg></g>')).toBe(false);
  });

  it('draws a different picture for every game', () => {
    expect(new Set(demo.map(artOf)).size).toBe(demo.length);
  });

  it("draws the game's motif, and another motif differently", () => {
    for (const motif of MOTIFS) {
      const svg = gameArtSvg(motif, 2, 1234);
      expect(svg, motif).toContain(`<g id="${motif}"`);
      const body = (text: string) => text.slice(text.indexOf('<g id='));
      const other = MOTIFS[(MOTIFS.indexOf(motif) + 1) % MOTIFS.length]!;
      expect(body(gameArtSvg(other, 2, 1234))).not.toBe(body(svg));
    }
    // The demo catalogue's dice game shows dice, its lottery balls, its live tables cards.
    const first = (test: (game: (typeof demo)[number]) => boolean) => artOf(demo.find(test)!);
    expect(first((game) => game.nameEn.endsWith(' Dice'))).toContain('<g id="dice"');
    expect(first((game) => game.nameEn.endsWith(' Pick 3'))).toContain('<g id="pick"');
    expect(first((game) => game.vendorCode === 'ROYALTABLE')).toContain('<g id="live"');
  });

  it('writes no <text> (the browser would look fonts up on its main thread): big, unmirrored strokes', () => {
    let lettered = 0;
    for (const motif of MOTIFS) {
      for (let seed = 0; seed < 40; seed += 1) {
        const svg = gameArtSvg(motif, seed % 8, seed * 7919);
        expect(svg, motif).not.toMatch(/<text\b/);
        for (const [, scale] of svg.matchAll(/class="lettering"[^>]*scale\(([\d.]+)\)/g)) {
          // Cap height 10 × scale: as tall as the capitals of 13-unit type (0.72 em) or more.
          expect(Number(scale) * 10, motif).toBeGreaterThanOrEqual(13 * 0.72 - 0.1);
          lettered += 1;
        }
        if (svg.includes('class="lettering"')) expect(svg, motif).not.toMatch(/scale\(-/);
      }
    }
    // Cards, balls and the crash multiplier are still written.
    expect(lettered).toBeGreaterThan(40);
  });
});

describe('vendor marks', () => {
  it('are monograms or short names, never a code cut off inside a word', () => {
    const marks = Object.fromEntries(
      DEMO_VENDORS.map((vendor) => [vendor.code, markOf(vendor.nameEn, vendor.code)]),
    );
    expect(marks).toMatchObject({
      JILI: 'JILI',
      PGE: 'PGE',
      MONSOON: 'MP',
      LOTUS: 'LR',
      WS168: 'WS',
      DS88: 'DS88',
      IMES: 'IM',
    });
    for (const mark of Object.values(marks)) expect(mark).toMatch(/^[A-Z0-9]{1,4}$/);
  });

  it('fit inside the emblem and read at 32 px, the smallest size the site shows them', () => {
    for (const vendor of DEMO_VENDORS) {
      const mark = markOf(vendor.nameEn, vendor.code);
      const cap = markCapHeight(mark);
      expect((letteringWidth(mark) * cap) / 10, mark).toBeLessThanOrEqual(MARK_BOX);
      // Capitals in screen pixels at 32 px for the 100-unit box: as tall as 9 px type's (0.72 em).
      expect((cap * 32) / 100, mark).toBeGreaterThanOrEqual(9 * 0.72);
      const svg = vendorMarkSvg(1234, mark);
      expect(wellFormed(svg)).toBe(true);
      expect(svg).not.toMatch(/<text\b/);
      // Each letter drawn twice: its dark outline, then the white stroke.
      const letters = svg.slice(svg.indexOf('class="lettering"'));
      expect(letters.match(/<path\b/g)!.length, mark).toBe(2 * mark.length);
    }
    // Two vendors' marks differ.
    expect(vendorMarkSvg(1234, 'MP')).not.toBe(vendorMarkSvg(1234, 'LR'));
  });
});
