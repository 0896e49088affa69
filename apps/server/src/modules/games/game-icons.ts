/**
 * Game and vendor icons, drawn by us as SVG: no real brand art ships with the site. A game's icon
 * is its art (game-art.ts: the motif its name speaks of, in its colour family, laid out by its
 * seed); a vendor's is its mark: a monogram on an emblem, big enough to read at the 32 px the
 * vendor strip shows it (the vendor's full name is always written beside it). An address names
 * its picture, so the answer is cached for a year.
 */
import { seededRandom } from '../../lib/seeded-random';
import { gameArtSvg, hsl } from './game-art';
import { letteringWidth, lettering } from './stroke-lettering';
import { MOTIFS, type Motif } from './game-names';

/** The 8 colour families a game's art is drawn in (the card themes' order). */
export const THEME_COUNT = 8;

export { gameArtSvg };

/** The motif of an icon address from before motifs (…/game/{theme}/{seed}.svg): by its seed. */
const LEGACY_MOTIFS: readonly Motif[] = ['fruit', 'sevens', 'gems', 'treasure', 'crown', 'night'];
export const legacyGameIconSvg = (theme: number, seed: number) =>
  gameArtSvg(LEGACY_MOTIFS[seed % LEGACY_MOTIFS.length]!, theme, seed);

export const gameIconPath = (motif: Motif, theme: number, seed: number) =>
  `/wps/img/game/${theme % THEME_COUNT}/${motif}/${seed}.svg`;

export const isMotif = (value: string): value is Motif =>
  (MOTIFS as readonly string[]).includes(value);

// ── Vendor marks ─────────────────────────────────────────────────────────────────────────────

/** The mark's writing: at most 4 capitals or digits. */
export const MARK_PATTERN = /^[A-Z0-9]{1,4}$/;

/**
 * A vendor's monogram from its English name: a short code-like name as it is ("JILI", "PGE",
 * "DS88"), a longer code's letters ("WS168 Ring": "WS"), else the initials of its first two words
 * ("Monsoon Play": "MP"). Never a code cut off in the middle of a word.
 */
export function markOf(nameEn: string, code: string): string {
  const words = nameEn.split(/[\s-]+/).filter((word) => /^[A-Za-z0-9]/.test(word));
  const first = words[0] ?? code;
  if (/^[A-Z0-9]+$/.test(first) && /[A-Z]/.test(first)) {
    if (first.length <= 4) return first;
    const letters = /^[A-Z]+/.exec(first)?.[0] ?? '';
    return (letters.length >= 2 ? letters : first).slice(0, 3);
  }
  const initials = words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .replace(/[^A-Z0-9]/g, '');
  return initials || code.replace(/[^A-Z0-9]/g, '').slice(0, 2) || '?';
}

/** Width the mark's letters may take in the 100-unit box (inside the emblem). */
export const MARK_BOX = 74;
/** Tallest a mark's capitals are drawn, in the 100-unit box. */
export const MARK_MAX_CAP = 34;

/** The cap height (in the 100-unit box) a mark is drawn at: as big as fits. */
export const markCapHeight = (mark: string) =>
  Math.min(MARK_MAX_CAP, Math.floor((MARK_BOX / letteringWidth(mark)) * 100) / 10);

const EMBLEMS = [
  // ring
  (stroke: string) =>
    `<circle cx="50" cy="50" r="43" fill="none" stroke="${stroke}" stroke-width="4"/>`,
  // hexagon
  (stroke: string) =>
    `<path d="M50 5l39 22.5v45L50 95 11 72.5v-45z" fill="none" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/>`,
  // shield
  (stroke: string) =>
    `<path d="M50 5l40 12v30c0 24-18 40-40 48C28 87 10 71 10 47V17z" fill="none" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/>`,
  // double ring
  (stroke: string) =>
    `<circle cx="50" cy="50" r="44" fill="none" stroke="${stroke}" stroke-width="2"/><circle cx="50" cy="50" r="38" fill="none" stroke="${stroke}" stroke-width="2"/>`,
];

/** A vendor's mark: its monogram on an emblem in colours of its own. */
export function vendorMarkSvg(seed: number, mark: string): string {
  const next = seededRandom(seed);
  const hue = Math.floor(next() * 360);
  const from = hsl(hue, 70, 36);
  const to = hsl(hue + 30, 75, 16);
  const accent = next() < 0.5 ? hsl(44, 95, 60) : hsl(hue + 180, 85, 70);
  const emblem = EMBLEMS[Math.floor(next() * EMBLEMS.length)]!(accent);
  const cap = markCapHeight(mark);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="128" height="128">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1">` +
    `<stop stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100" height="100" rx="22" fill="url(#b)"/>${emblem}` +
    lettering(mark, {
      x: 50,
      y: Math.round((50 + cap / 2) * 10) / 10,
      capHeight: cap,
      colour: '#fff',
      anchor: 'middle',
      weight: 1.7,
      outline: '#0008',
    }) +
    '</svg>'
  );
}

export const vendorIconPath = (seed: number, code: string, nameEn: string) =>
  `/wps/img/vendor/${seed}/${encodeURIComponent(code)}/${markOf(nameEn, code)}.svg`;
