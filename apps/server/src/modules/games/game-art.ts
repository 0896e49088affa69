/**
 * A game's tile art, drawn by us as a small SVG: the motif of its theme (fruit, temple, dragon,
 * dice, cards, lottery balls, …; see game-names.ts) over a background in its own palette, with
 * the layout varied by the game's seed (pattern, glow, placement, tilt, mirror, sparkles), so
 * thousands of tiles side by side look different while each says what the game is about. The
 * same (motif, colour family, seed) always draws the same picture, under 3 kB.
 *
 * Drawn in a 100 × 100 box. The few characters drawn (card ranks, ball numbers, a crash
 * multiplier) are strokes (stroke-lettering.ts), as big as 13 px type or more on a tile 100 px
 * wide: no `<text>`, which would make the browser look fonts up on its main thread.
 */
import type { Motif } from './game-names';
import { seededRandom, type SeededRandom } from '../../lib/seeded-random';
import { lettering } from './stroke-lettering';

type Random = SeededRandom;

const r1 = (value: number) => Math.round(value * 10) / 10;

/** "#rrggbb" of a hue (degrees), saturation and lightness (0–100). */
export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Base hues of the 8 colour families (the card themes' order: blue, crimson, green, …). */
const FAMILY_HUES = [222, 348, 150, 34, 272, 186, 318, 215];

interface Palette {
  /** Background, light end and dark end. */
  bg1: string;
  bg2: string;
  /** Bright accent (gold or the family's complement), second accent, light tint, shadow. */
  hi: string;
  ac: string;
  lt: string;
  hue: number;
}

function paletteOf(family: number, next: Random): Palette {
  const grey = family === 7;
  const hue = FAMILY_HUES[family % FAMILY_HUES.length]! + (next() - 0.5) * 30;
  const sat = grey ? 18 : 55 + next() * 25;
  const gold = next() < 0.55;
  return {
    bg1: hsl(hue, sat, 30 + next() * 10),
    bg2: hsl(hue + (next() - 0.5) * 50, sat + 5, 10 + next() * 7),
    hi: gold ? hsl(42 + next() * 12, 95, 58) : hsl(hue + 180, 85, 66),
    ac: hsl(hue + 120 + next() * 120, 75, 55),
    lt: hsl(hue, 70, 88),
    hue,
  };
}

// ── Small shapes ──────────────────────────────────────────────────────────────────────────────

const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
/** Figures on the art (card ranks, ball numbers, a multiplier): strokes, never `<text>`. */
const text = (x: number, y: number, size: number, fill: string, body: string) =>
  lettering(body, { x, y, capHeight: r1(size * 0.72), colour: fill, anchor: 'middle' });
const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;
const sparkle = (x: number, y: number, s: number, fill: string) =>
  path(
    `M${r1(x)} ${r1(y - 5 * s)}l${r1(1.2 * s)} ${r1(3.8 * s)} ${r1(3.8 * s)} ${r1(1.2 * s)}-${r1(3.8 * s)} ${r1(1.2 * s)}-${r1(1.2 * s)} ${r1(3.8 * s)}-${r1(1.2 * s)}-${r1(3.8 * s)}-${r1(3.8 * s)}-${r1(1.2 * s)} ${r1(3.8 * s)}-${r1(1.2 * s)}z`,
    fill,
  );

const SHADE = '#00000040';
const INK = '#1b1b24';

const HEART = 'M6 11 1 5.5C-1 3 0 0 3 0c1.5 0 2.5 1 3 2 .5-1 1.5-2 3-2 3 0 4 3 2 5.5z';
const SPADE = 'M6 0 1 6c-2 2.5 0 5.5 3 4.5L3 13h6L8 10.5c3 1 5-2 3-4.5z';
const DIAMOND = 'M6 0l5 6.5L6 13 1 6.5z';

function card(x: number, y: number, turn: number, next: Random): string {
  const red = next() < 0.5;
  const rank = ['A', 'K', 'Q', 'J', '9', '8'][Math.floor(next() * 6)]!;
  const suit = red ? (next() < 0.5 ? HEART : DIAMOND) : SPADE;
  const colour = red ? '#d3213c' : INK;
  return group(
    `translate(${x} ${y}) rotate(${turn})`,
    `<rect x="-15" y="-21" width="30" height="42" rx="4" fill="#fdfbf5" stroke="${SHADE}"/>` +
      text(-6.5, -5, 14, colour, rank) +
      group('translate(-1 2) scale(1.1)', path(suit, colour)),
  );
}

function fish(x: number, y: number, s: number, colour: string, flip: boolean): string {
  return group(
    `translate(${r1(x)} ${r1(y)}) scale(${flip ? -s : s} ${s})`,
    path('M-14 0c6-10 20-10 26 0-6 10-20 10-26 0z', colour) +
      path('M11 0l9-8v16z', colour) +
      path('M-4-6l6-6 4 6z', colour, ' opacity=".7"') +
      circle(-7, -2, 2, '#fff') +
      circle(-7.5, -2, 1, INK),
  );
}

function die(x: number, y: number, turn: number, value: number, pip: string): string {
  const spots: Record<number, number[][]> = {
    1: [[0, 0]],
    2: [
      [-7, -7],
      [7, 7],
    ],
    3: [
      [-7, -7],
      [0, 0],
      [7, 7],
    ],
    4: [
      [-7, -7],
      [7, -7],
      [-7, 7],
      [7, 7],
    ],
    5: [
      [-7, -7],
      [7, -7],
      [0, 0],
      [-7, 7],
      [7, 7],
    ],
    6: [
      [-7, -7],
      [7, -7],
      [-7, 0],
      [7, 0],
      [-7, 7],
      [7, 7],
    ],
  };
  return group(
    `translate(${x} ${y}) rotate(${turn})`,
    `<rect x="-15" y="-15" width="30" height="30" rx="6" fill="#fdfbf5" stroke="${SHADE}"/>` +
      spots[value]!.map(([px, py]) => circle(px!, py!, 3, value === 1 ? '#d3213c' : pip)).join(''),
  );
}

const CHERRY =
  stroke('M42 58q2-16 12-22M58 60q-4-14 4-24', '#3d8b2f', 2.5) +
  path('M54 36q10-8 16 0-8 6-16 0z', '#4caf50') +
  circle(42, 60, 9, '#d3213c') +
  circle(58, 62, 9, '#c2182f') +
  circle(39, 57, 2.5, '#ffffff99');
const MELON =
  path('M20 50a30 30 0 0 0 60 0z', '#2e8b3a') +
  path('M24 50a26 26 0 0 0 52 0z', '#f0424f') +
  [32, 42, 50, 58, 68].map((x, i) => circle(x, 58 + (i % 2) * 6, 1.6, INK)).join('');
const LEMON =
  path('M22 52c4-16 26-22 40-10 6 6 6 16 0 20-14 10-36 6-40-10z', '#f7d733') +
  circle(36, 48, 3, '#ffffffaa');
const MANGO =
  path('M30 40c10-16 38-10 40 12 2 18-18 28-34 20-10-6-12-20-6-32z', '#f59a23') +
  path('M36 44c6-8 18-8 22-2', '#ffd15c', ' opacity=".7"') +
  path('M52 30q10-12 22-6-10 10-22 6z', '#3d8b2f');

// ── The motifs, each about the middle of the box ─────────────────────────────────────────────

type Draw = (p: Palette, next: Random) => string;

const DRAW: Record<Motif, Draw> = {
  fruit: (_p, next) => {
    const main = [MELON, LEMON, MANGO][Math.floor(next() * 3)]!;
    return next() < 0.4 ? CHERRY : main + group('translate(22 20) scale(.6)', CHERRY);
  },
  cherry: (_p, next) =>
    next() < 0.6
      ? CHERRY
      : group('translate(-12 4)', CHERRY) + group('translate(46 30) scale(.55)', CHERRY),
  melon: (_p, next) => MELON + (next() < 0.5 ? group('translate(24 -22) scale(.6)', CHERRY) : ''),
  lemon: (_p, next) => LEMON + (next() < 0.5 ? group('translate(22 20) scale(.6)', CHERRY) : ''),
  mango: (_p, next) => MANGO + (next() < 0.5 ? group('translate(6 40) scale(.5)', LEMON) : ''),
  sevens: (p, next) => {
    const seven = (x: number, y: number, s: number) =>
      group(
        `translate(${x} ${y}) scale(${s})`,
        path(
          'M-20-26h40v9L2 26h-12l17-40h-27z',
          p.hi,
          ` stroke="${INK}" stroke-width="3" stroke-linejoin="round"`,
        ),
      );
    const bell =
      path(
        'M50 24c-12 0-18 10-18 24v10l-7 8h50l-7-8V48c0-14-6-24-18-24z',
        p.hi,
        ` stroke="${INK}" stroke-width="2"`,
      ) + circle(50, 70, 5, INK);
    const form = next();
    if (form < 0.4) return seven(50, 50, 1.3);
    if (form < 0.75) return seven(24, 52, 0.6) + seven(50, 52, 0.6) + seven(76, 52, 0.6);
    return group('translate(-16 0)', bell) + seven(72, 52, 0.8);
  },
  temple: (p) => {
    const stone = hsl(34, 45, 72);
    const dark = hsl(30, 35, 52);
    return (
      `<rect x="22" y="70" width="56" height="10" fill="${dark}"/>` +
      `<rect x="28" y="58" width="44" height="12" fill="${stone}"/>` +
      `<rect x="34" y="46" width="32" height="12" fill="${dark}"/>` +
      path('M38 46q12-34 24 0z', stone) +
      path('M50 12l3 8h-6z', p.hi) +
      `<rect x="49" y="18" width="2" height="8" fill="${p.hi}"/>` +
      path('M44 80V68a6 6 0 0 1 12 0v12z', INK) +
      circle(50, 38, 3, p.hi)
    );
  },
  dragon: (p, next) => {
    const body = hsl(
      p.hue < 100 || p.hue > 300 ? 4 : p.hue < 200 ? 145 : next() < 0.5 ? 4 : 145,
      65,
      48,
    );
    return (
      circle(28, 30, 8, p.hi, ' opacity=".9"') +
      stroke('M16 76C30 44 44 88 58 58S78 40 80 30', body, 11) +
      stroke('M16 76C30 44 44 88 58 58S78 40 80 30', p.hi, 2, ' stroke-dasharray="3 5"') +
      path('M72 22l14 2 4 10-6 6-12-4z', body) +
      stroke('M76 22l-6-10M82 23l2-11M88 34q8 6 4 14', p.hi, 2) +
      circle(80, 27, 2, '#fff')
    );
  },
  tiger: () => {
    const fur = '#f08c1e';
    return (
      circle(30, 30, 9, fur) +
      circle(70, 30, 9, fur) +
      circle(30, 30, 4, INK) +
      circle(70, 30, 4, INK) +
      circle(50, 52, 26, fur) +
      path('M36 60q14-14 28 0 0 14-14 14T36 60z', '#fff8ea') +
      path('M45 58h10l-5 6z', INK) +
      stroke('M50 27v9M42 29l3 7M58 29l-3 7M25 48h8M26 57h7M75 48h-8M74 57h-7', INK, 3) +
      path('M36 45q6-5 10 0-5 4-10 0zM54 45q4-5 10 0-5 4-10 0z', '#f5e642') +
      circle(41, 45, 1.6, INK) +
      circle(59, 45, 1.6, INK)
    );
  },
  lotus: (p, next) => {
    const pink = hsl(330 + next() * 20, 80, 72);
    const deep = hsl(335 + next() * 15, 70, 58);
    const petal = (turn: number, fill: string) =>
      group(`rotate(${turn} 50 64)`, path('M50 64c-10-10-10-30 0-40 10 10 10 30 0 40z', fill));
    return (
      `<ellipse cx="50" cy="72" rx="34" ry="8" fill="#2f8f5b"/>` +
      [-64, 64, -34, 34].map((turn, i) => petal(turn, i < 2 ? deep : pink)).join('') +
      petal(0, pink) +
      circle(50, 60, 4, p.hi)
    );
  },
  gems: (p, next) => {
    const gem = (x: number, y: number, s: number, hue: number) =>
      group(
        `translate(${x} ${y}) scale(${s})`,
        path('M-20-12-10-24H10L20-12 0 24z', hsl(hue, 80, 55)) +
          path('M-20-12H20L0 24z', hsl(hue, 85, 42)) +
          stroke('M-10-24-6-12 0 24 6-12 10-24', '#ffffff80', 1.2),
      );
    const hue = p.hue + (next() - 0.5) * 20;
    return gem(50, 50, 1.3, hue) + gem(22, 72, 0.5, hue + 120) + gem(79, 70, 0.55, hue + 220);
  },
  treasure: (p) => {
    const wood = '#8a4b22';
    return (
      circle(38, 38, 7, p.hi) +
      circle(52, 34, 7, '#f2c230') +
      circle(64, 39, 7, p.hi) +
      `<rect x="24" y="50" width="52" height="28" rx="3" fill="${wood}"/>` +
      path('M24 50v-8a26 12 0 0 1 52 0v8z', '#6d3916') +
      `<rect x="24" y="50" width="52" height="4" fill="#f2c230"/>` +
      `<rect x="46" y="50" width="8" height="12" rx="2" fill="#f2c230"/>` +
      circle(20, 80, 5, '#f2c230') +
      circle(82, 80, 5, p.hi)
    );
  },
  elephant: (p, next) => {
    const grey = hsl(215, 12, 58 + next() * 10);
    return (
      `<ellipse cx="56" cy="54" rx="25" ry="17" fill="${grey}"/>` +
      ['38', '48', '62', '72']
        .map((x) => `<rect x="${x}" y="62" width="7" height="18" rx="2" fill="${grey}"/>`)
        .join('') +
      circle(32, 44, 13, grey) +
      stroke('M22 48q-8 14 0 24', grey, 6) +
      `<ellipse cx="39" cy="44" rx="7" ry="11" fill="${hsl(215, 12, 48)}"/>` +
      path('M46 40h22l-4 14H50z', p.hi) +
      path('M26 54q6 2 8-2', '#fff') +
      circle(28, 40, 1.8, INK)
    );
  },
  peacock: () =>
    `<g id="f"><ellipse cx="50" cy="34" rx="7" ry="16" fill="#1f8f6a"/>${circle(50, 28, 5, '#f2c230')}${circle(50, 28, 3, '#1c4fb8')}</g>` +
    [-75, -50, -25, 25, 50, 75]
      .map((turn) => `<use href="#f" transform="rotate(${turn} 50 70)"/>`)
      .join('') +
    `<ellipse cx="50" cy="66" rx="7" ry="14" fill="#1c5fd0"/>` +
    circle(50, 50, 5, '#1c5fd0') +
    path('M54 50l6 2-6 2z', '#f2c230') +
    stroke('M48 45l-3-6M50 44v-7M52 45l3-6', '#1c5fd0', 1.2),
  kite: (p) =>
    path('M50 14 72 44H28z', p.hi) +
    path('M28 44h44L50 78z', p.ac) +
    stroke('M50 14v64M28 44h44', '#ffffffb0', 1.4) +
    stroke('M50 78q6 8 0 14t4 10', p.lt, 1.5) +
    path('M47 86l6-3v6zM49 95l6-3v6z', p.hi) +
    stroke('M50 44 14 94', '#ffffff70', 0.8),
  boat: (p) =>
    circle(76, 24, 9, p.hi) +
    stroke('M50 20v42', '#5a3618', 2.5) +
    path('M48 24v34H26z', '#fdfbf5') +
    path('M53 28v30h20z', p.ac) +
    path('M16 62h68l-10 12H26z', '#8a3b1c') +
    stroke('M8 82q10-5 20 0t20 0 20 0 20 0 20 0', p.lt, 2.5, ' opacity=".8"'),
  night: (p, next) =>
    path('M58 18a30 30 0 1 0 24 44 24 24 0 1 1-24-44z', hsl(50, 90, 80)) +
    [0, 1, 2, 3]
      .map(() => sparkle(18 + next() * 30, 16 + next() * 30, 0.6 + next() * 0.6, p.lt))
      .join(''),
  festival: (p, next) =>
    [0, 1, 2, 3, 4, 5]
      .map((i) => circle(8 + next() * 84, 8 + next() * 30, 2.5, [p.hi, p.ac, p.lt][i % 3]!))
      .join('') +
    group(
      'rotate(-12 50 56)',
      `<rect x="24" y="44" width="52" height="26" fill="#c0392b"/>` +
        `<ellipse cx="24" cy="57" rx="6" ry="13" fill="#f3e3c3"/>` +
        `<ellipse cx="76" cy="57" rx="6" ry="13" fill="#e8d3a8"/>` +
        stroke('M28 46l8 22 8-22 8 22 8-22 8 22', p.hi, 2),
    ) +
    stroke('M30 30l14 16M72 26l-12 18', '#8a4b22', 3),
  crown: (p, next) =>
    path(
      'M22 68 26 32 39 50 50 24 61 50 74 32 78 68z',
      p.hi,
      ` stroke="${INK}" stroke-width="1.5" stroke-linejoin="round"`,
    ) +
    `<rect x="22" y="66" width="56" height="10" rx="2" fill="${hsl(40, 90, 45)}"/>` +
    circle(26, 31, 3.5, p.lt) +
    circle(50, 23, 4, p.lt) +
    circle(74, 31, 3.5, p.lt) +
    [34, 50, 66].map((x, i) => circle(x, 71, 3, hsl(next() * 360 + i * 90, 80, 50))).join(''),
  space: (p, next) =>
    [0, 1, 2, 3, 4].map(() => circle(next() * 100, next() * 100, 0.8 + next(), '#fff')).join('') +
    circle(50, 52, 20, p.ac) +
    path('M36 44q14-8 28 2-14 10-28-2z', '#ffffff33') +
    `<ellipse cx="50" cy="52" rx="34" ry="9" fill="none" stroke="${p.hi}" stroke-width="3" transform="rotate(-18 50 52)"/>` +
    circle(80, 22, 6, p.lt),
  fish: (p, next) => {
    const hue = next() * 360;
    return (
      fish(54, 48, 1.5, hsl(hue, 85, 58), next() < 0.5) +
      fish(26, 72, 0.8, hsl(hue + 60, 85, 62), next() < 0.5) +
      fish(78, 76, 0.7, hsl(hue + 200, 80, 60), next() < 0.5) +
      circle(30, 26, 3, 'none', ` stroke="${p.lt}"`) +
      circle(38, 16, 2, 'none', ` stroke="${p.lt}"`) +
      stroke('M12 96q6-12 0-24M88 96q-6-10 0-20', '#2f9e57', 3)
    );
  },
  shark: (p) =>
    path('M12 58q30-24 62-8l12-10-2 14 4 12-14-8q-30 12-62 0z', hsl(210, 15, 60)) +
    path('M42 42l10-16 6 18z', hsl(210, 15, 50)) +
    path('M16 60q30 10 58-4-28 16-58 4z', '#f2f4f7') +
    circle(24, 54, 1.8, INK) +
    stroke('M6 86q10-5 20 0t20 0 20 0 20 0 20 0', p.lt, 2.5, ' opacity=".6"'),
  whale: (p) =>
    path(
      'M12 58c0-16 20-24 40-22 18 2 24 12 30 4l8-10-2 14 6 8-12-2c-6 14-24 22-44 20-16-2-26-6-26-12z',
      hsl(p.hue + 180, 45, 52),
    ) +
    path('M14 62c10 8 30 10 50 4-16 10-38 10-50-4z', '#eaf2f8') +
    circle(26, 54, 1.8, INK) +
    stroke('M34 30q-4-8-10-8M34 30q4-8 10-8M34 30V18', p.lt, 2) +
    stroke('M6 88q10-5 20 0t20 0 20 0 20 0 20 0', p.lt, 2.5, ' opacity=".6"'),
  octopus: (p) => {
    const skin = hsl(p.hue + 150, 65, 55);
    return (
      [22, 34, 46, 56, 68, 80]
        .map((x, i) =>
          stroke(
            `M${x + (50 - x) / 2} 52q${i % 2 ? 8 : -8} 14 ${x - 50 + (50 - x) / 2} 30`,
            skin,
            6,
          ),
        )
        .join('') +
      `<ellipse cx="50" cy="40" rx="20" ry="18" fill="${skin}"/>` +
      circle(43, 42, 4, '#fff') +
      circle(57, 42, 4, '#fff') +
      circle(44, 43, 2, INK) +
      circle(58, 43, 2, INK) +
      circle(38, 30, 2.5, '#ffffff55')
    );
  },
  cards: (_p, next) => card(38, 52, -12, next) + card(62, 50, 12, next),
  live: (p, next) =>
    card(38, 46, -10, next) +
    circle(62, 64, 17, p.ac) +
    circle(62, 64, 13, 'none', ' stroke="#fff" stroke-width="4" stroke-dasharray="5 4"') +
    circle(62, 64, 8, p.hi),
  dice: (_p, next) =>
    die(36, 44, -14, 1 + Math.floor(next() * 6), INK) +
    die(64, 62, 12, 1 + Math.floor(next() * 6), INK),
  crash: (p, next) =>
    stroke('M14 84H88M14 84V16', '#ffffff40', 1.5) +
    stroke('M14 84Q58 82 76 30', p.hi, 4) +
    group(
      'translate(77 28) rotate(30)',
      path('M0-12c5 4 6 12 4 18H-4c-2-6-1-14 4-18z', '#eef2f7') +
        path('M-4 6-8 11V2zM4 6l4 5V2z', '#d3213c') +
        path('M-3 7h6l-3 8z', '#ffb02e') +
        circle(0, -3, 2, '#2a7de1'),
    ) +
    text(38, 34, 15, '#fff', `${(1.2 + next() * 8).toFixed(2)}x`),
  pick: (_p, next) =>
    [26, 50, 74]
      .map((x, i) => {
        const y = i === 1 ? 44 : 56;
        return (
          circle(x, y, 13, hsl(next() * 360, 80, 55)) +
          circle(x, y, 9, '#fdfbf5') +
          text(x, y + 5, 13, INK, String(Math.floor(next() * 10)))
        );
      })
      .join(''),
  keno: (p, next) => {
    // A 6 × 6 ticket (one patterned square) with its picks marked.
    let marks = '';
    for (let i = 0; i < 6; i += 1) {
      const cell = Math.floor(next() * 36);
      marks += circle(20.5 + (cell % 6) * 11.5, 20.5 + Math.floor(cell / 6) * 11.5, 5, p.hi);
    }
    return (
      `<pattern id="k" x="16" y="16" width="11.5" height="11.5" patternUnits="userSpaceOnUse"><rect width="9" height="9" rx="2" fill="#ffffff2e"/></pattern>` +
      `<rect x="16" y="16" width="69" height="69" fill="url(#k)"/>${marks}`
    );
  },
  bingo: (p, next) => {
    let marks = '';
    for (let i = 0; i < 4; i += 1) {
      const cell = Math.floor(next() * 16);
      marks += `<rect x="${12 + (cell % 4) * 11}" y="${14 + Math.floor(cell / 4) * 11}" width="9" height="9" rx="1.5" fill="${p.hi}"/>`;
    }
    return (
      `<pattern id="n" x="12" y="14" width="11" height="11" patternUnits="userSpaceOnUse"><rect width="9" height="9" rx="1.5" fill="#ffffff40"/></pattern>` +
      `<rect x="12" y="14" width="44" height="44" fill="url(#n)"/>${marks}` +
      circle(66, 64, 20, p.ac) +
      circle(66, 64, 13, '#fdfbf5') +
      text(66, 70, 15, INK, String(1 + Math.floor(next() * 75)))
    );
  },
  cricket: () =>
    `<rect x="66" y="30" width="3" height="46" fill="#f3e3c3"/><rect x="72" y="30" width="3" height="46" fill="#f3e3c3"/><rect x="78" y="30" width="3" height="46" fill="#f3e3c3"/>` +
    `<rect x="65" y="27" width="17" height="3" fill="#e0b060"/>` +
    group(
      'rotate(-35 40 56)',
      `<rect x="34" y="30" width="12" height="40" rx="3" fill="#e8c27a"/><rect x="38" y="16" width="4" height="16" fill="#5a3618"/>`,
    ) +
    circle(58, 74, 6, '#c8242f') +
    stroke('M53 72q5 4 10 0', '#fff', 1),
  football: (p) => {
    const pentagon = [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `${r1(50 + 9 * Math.sin((i * 2 * Math.PI) / 5))},${r1(50 - 9 * Math.cos((i * 2 * Math.PI) / 5))}`,
      )
      .join(' ');
    return (
      `<ellipse cx="50" cy="80" rx="30" ry="5" fill="${SHADE}"/>` +
      circle(50, 50, 25, '#fdfbf5') +
      `<polygon points="${pentagon}" fill="${INK}"/>` +
      stroke('M50 41V26M58.6 47.2 72 42M55.3 57.3l9 12M44.7 57.3l-9 12M41.4 47.2 28 42', INK, 2) +
      circle(50, 50, 25, 'none', ` stroke="${p.hi}" stroke-width="2"`)
    );
  },
  esports: (p) =>
    path('M26 40h48c10 0 14 24 8 30-4 4-10 2-14-6H32c-4 8-10 10-14 6-6-6-2-30 8-30z', '#2a2f3d') +
    stroke('M34 48v10M29 53h10', '#fff', 3) +
    circle(64, 50, 3, p.hi) +
    circle(70, 56, 3, p.ac) +
    circle(58, 56, 3, '#4caf50') +
    circle(64, 62, 3, '#d3213c'),
  rooster: (p) =>
    stroke('M36 56q-20-10-16-34M36 58q-24 2-28-18M38 60q-18 12-30 4', p.ac, 5) +
    `<ellipse cx="50" cy="60" rx="17" ry="13" fill="#b5482a"/>` +
    circle(64, 42, 8, '#b5482a') +
    circle(62, 32, 3.5, '#d3213c') +
    circle(67, 33, 3, '#d3213c') +
    path('M71 40l8 3-8 3z', '#f2c230') +
    path('M66 48q2 6-2 8-2-4 0-8z', '#d3213c') +
    circle(66, 40, 1.5, INK) +
    stroke('M46 72v12M56 72v12', '#f2c230', 2.5),
};

/** The backgrounds' patterns, drawn faintly over the gradient. */
const PATTERNS: Array<(p: Palette, next: Random) => string> = [
  // rays from the middle
  (p) => {
    let d = '';
    for (let i = 0; i < 10; i += 1) {
      const a = (i * Math.PI) / 5;
      const b = a + Math.PI / 12;
      const at = (angle: number) =>
        `${Math.round(50 + 75 * Math.cos(angle))} ${Math.round(50 + 75 * Math.sin(angle))}`;
      d += `M50 50L${at(a)}L${at(b)}z`;
    }
    return path(d, p.lt, ' opacity=".08"');
  },
  // dots
  (p) =>
    `<pattern id="d" width="10" height="10" patternUnits="userSpaceOnUse">${circle(5, 5, 1.4, p.lt)}</pattern><rect width="100" height="100" fill="url(#d)" opacity=".18"/>`,
  // diagonal stripes
  (p, next) =>
    `<pattern id="s" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(${next() < 0.5 ? 45 : -45})"><rect width="5" height="12" fill="${p.lt}"/></pattern><rect width="100" height="100" fill="url(#s)" opacity=".07"/>`,
  // rings
  (p) =>
    [22, 36, 50, 64]
      .map((r) => circle(50, 50, r, 'none', ` stroke="${p.lt}" stroke-width="3" opacity=".09"`))
      .join(''),
  // waves
  (p) =>
    [24, 48, 72, 96]
      .map((y) => stroke(`M-5 ${y}q12-7 25 0t25 0 25 0 25 0 25 0`, p.lt, 3, ' opacity=".1"'))
      .join(''),
  // a low hill
  (p) => path('M0 80q50-22 100 0v20H0z', p.bg2, ' opacity=".6"'),
];

/** The art of a game: its motif in its palette, placed by its seed. */
export function gameArtSvg(motif: Motif, family: number, seed: number): string {
  const next = seededRandom(seed);
  const p = paletteOf(family, next);
  const angle = [0, 45, 90, 135][Math.floor(next() * 4)]!;
  const pattern = PATTERNS[Math.floor(next() * PATTERNS.length)]!(p, next);
  const glow = next() < 0.7;
  const scale = r1(0.9 + next() * 0.2);
  const dx = Math.round((next() - 0.5) * 8);
  const dy = Math.round((next() - 0.5) * 6);
  const tilt = Math.round((next() - 0.5) * 12);
  // Mirrored pictures carry no writing, so any text stays readable.
  const mirror =
    !['cards', 'live', 'crash', 'pick', 'bingo', 'sevens'].includes(motif) && next() < 0.4;
  const body = DRAW[motif](p, next);
  const sparkles = Array.from({ length: Math.floor(next() * 3) }, () =>
    sparkle(8 + next() * 84, 8 + next() * 20, 0.5 + next() * 0.5, p.hi),
  ).join('');
  const frame =
    next() < 0.35
      ? `<rect x="4" y="4" width="92" height="92" rx="10" fill="none" stroke="${p.hi}" stroke-width="1.5" opacity=".55"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="256" height="256">` +
    `<defs><linearGradient id="b" gradientTransform="rotate(${angle} .5 .5)"><stop stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>` +
    (glow
      ? `<radialGradient id="g"><stop stop-color="${p.hi}" stop-opacity=".45"/><stop offset="1" stop-color="${p.hi}" stop-opacity="0"/></radialGradient>`
      : '') +
    `</defs><rect width="100" height="100" fill="url(#b)"/>${pattern}` +
    (glow ? circle(50 + dx, 52 + dy, 40, 'url(#g)') : '') +
    `<g id="${motif}" transform="translate(${50 + dx} ${50 + dy}) rotate(${tilt}) scale(${mirror ? -scale : scale} ${scale}) translate(-50 -50)">${body}</g>` +
    sparkles +
    frame +
    `</svg>`
  );
}
