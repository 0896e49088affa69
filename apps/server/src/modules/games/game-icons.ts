/**
 * Game and vendor icons, drawn by us as SVG from a seed: no real brand art ships with the site.
 * The same (theme, seed) always draws the same picture, so the URL names the picture and the
 * answer can be cached for a year.
 */

/** The 8 card themes: background gradient, glow and two accents. */
export const CARD_THEMES = [
  { from: '#1d3b8f', to: '#0b1640', glow: '#5b8cff', accents: ['#ffd25a', '#7fe3ff'] },
  { from: '#8f1d3b', to: '#3d0a18', glow: '#ff6b8e', accents: ['#ffd25a', '#ffe1e8'] },
  { from: '#1d8f5b', to: '#08361f', glow: '#5bffb0', accents: ['#fff27a', '#c7ffe6'] },
  { from: '#8f5b1d', to: '#3a2308', glow: '#ffb45b', accents: ['#fff3c4', '#ff7a3d'] },
  { from: '#5b1d8f', to: '#200a3d', glow: '#b07bff', accents: ['#ffd25a', '#e5d4ff'] },
  { from: '#1d7f8f', to: '#082f36', glow: '#5be7ff', accents: ['#ffe45b', '#d4fbff'] },
  { from: '#8f1d7a', to: '#3a0832', glow: '#ff5bd8', accents: ['#7afff0', '#ffe0f8'] },
  { from: '#3b3f4a', to: '#121419', glow: '#c9ced9', accents: ['#ffcc33', '#ff5b5b'] },
] as const;

export const THEME_COUNT = CARD_THEMES.length;

/** mulberry32, as the demo catalogue uses: tiny and deterministic. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function star(cx: number, cy: number, outer: number, inner: number, points: number, turn: number) {
  const corners: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = turn + (Math.PI * i) / points;
    corners.push(`${round(cx + radius * Math.sin(angle))},${round(cy - radius * Math.cos(angle))}`);
  }
  return corners.join(' ');
}

/** The central emblems a game icon can carry. */
const EMBLEMS = [
  (fill: string) => `<polygon points="${star(128, 128, 62, 28, 5, 0)}" fill="${fill}"/>`,
  (fill: string) => `<polygon points="128,58 190,128 128,198 66,128" fill="${fill}"/>`,
  (fill: string) =>
    `<circle cx="128" cy="128" r="56" fill="${fill}"/><circle cx="128" cy="128" r="38" fill="none" stroke="#0006" stroke-width="8"/>`,
  (fill: string) =>
    `<polygon points="70,170 78,92 104,124 128,78 152,124 178,92 186,170" fill="${fill}"/>`,
  (fill: string) => `<polygon points="${star(128, 128, 64, 40, 8, 0.2)}" fill="${fill}"/>`,
  (fill: string) =>
    `<path d="M64 150q32-64 64 0t64 0" fill="none" stroke="${fill}" stroke-width="18" stroke-linecap="round"/><circle cx="128" cy="96" r="22" fill="${fill}"/>`,
];

export function gameIconSvg(theme: number, seed: number): string {
  const palette = CARD_THEMES[theme % THEME_COUNT]!;
  const next = random(seed);
  const angle = Math.floor(next() * 360);
  const shapes: string[] = [];
  const count = 4 + Math.floor(next() * 4);
  for (let i = 0; i < count; i += 1) {
    const x = round(next() * 256);
    const y = round(next() * 256);
    const size = round(10 + next() * 40);
    const fill = palette.accents[i % 2]!;
    const opacity = round(0.15 + next() * 0.35);
    shapes.push(
      next() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}" opacity="${opacity}"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${fill}" opacity="${opacity}" transform="rotate(${Math.floor(next() * 90)} ${x} ${y})"/>`,
    );
  }
  const emblem = EMBLEMS[Math.floor(next() * EMBLEMS.length)]!(palette.accents[0]);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">` +
    `<defs><linearGradient id="b" gradientTransform="rotate(${angle} .5 .5)">` +
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>` +
    `<radialGradient id="g"><stop offset="0" stop-color="${palette.glow}" stop-opacity=".8"/>` +
    `<stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="256" height="256" rx="32" fill="url(#b)"/>${shapes.join('')}` +
    `<circle cx="128" cy="128" r="100" fill="url(#g)"/>${emblem}</svg>`
  );
}

/** A vendor's badge: its code's first letters on a themed disc. */
export function vendorIconSvg(seed: number, code: string): string {
  const palette = CARD_THEMES[seed % THEME_COUNT]!;
  const letters = code.replace(/[^A-Z0-9]/gi, '').slice(0, 4) || '?';
  const fontSize = letters.length > 3 ? 34 : letters.length > 2 ? 42 : 54;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>` +
    `<rect width="128" height="128" rx="28" fill="url(#b)"/>` +
    `<circle cx="64" cy="64" r="50" fill="none" stroke="${palette.accents[0]}" stroke-width="4" opacity=".7"/>` +
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${fontSize}" fill="${palette.accents[1]}">${letters}</text></svg>`
  );
}

export const gameIconPath = (theme: number, seed: number) => `/wps/img/game/${theme}/${seed}.svg`;
export const vendorIconPath = (seed: number, code: string) =>
  `/wps/img/vendor/${seed}/${encodeURIComponent(code)}.svg`;
