/**
 * The drawn avatars: our own simple SVG pictures (a head and shoulders on a coloured disc), made
 * from their number, so an address always names the same picture. Twelve: four backgrounds ×
 * three hair styles, with skin tones and shirts varied by number.
 */
import { HEAD_ICON_LIMITS } from '@khela/contract/head-icon';

const BACKGROUNDS = ['#1f7a5c', '#2f5fa8', '#a8472f', '#6b3fa0'];
const SKINS = ['#f1c7a1', '#d9a06f', '#a86b3c', '#7a4a26'];
const SHIRTS = ['#f2b134', '#e8e8e8', '#3cb4c8', '#e05a7a', '#8bc34a', '#ff8a3d'];
const HAIR = ['#2b1d14', '#5a3a1e', '#111111', '#8a5a2b'];

/** Hair over the head (centre 64,52, radius 22): short, long, and a cap-like bun. */
const HAIR_STYLES = [
  (c: string) => `<path d="M42 50a22 22 0 0 1 44 0q-8-10-22-10t-22 10z" fill="${c}"/>`,
  (c: string) =>
    `<path d="M40 54a24 24 0 0 1 48 0v22h-8v-22q-6-10-16-10t-16 10v22h-8z" fill="${c}"/>`,
  (c: string) =>
    `<circle cx="64" cy="26" r="9" fill="${c}"/><path d="M42 48a22 22 0 0 1 44 0q-10-6-22-6t-22 6z" fill="${c}"/>`,
];

export const isDrawnId = (n: number) =>
  Number.isInteger(n) && n >= 1 && n <= HEAD_ICON_LIMITS.drawnCount;

export function drawnAvatarSvg(n: number): string {
  const i = n - 1;
  const bg = BACKGROUNDS[i % BACKGROUNDS.length]!;
  const hair = HAIR_STYLES[Math.floor(i / BACKGROUNDS.length) % HAIR_STYLES.length]!;
  const skin = SKINS[(i * 3) % SKINS.length]!;
  const shirt = SHIRTS[(i * 5) % SHIRTS.length]!;
  const hairColour = HAIR[(i * 7) % HAIR.length]!;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">',
    `<circle cx="64" cy="64" r="64" fill="${bg}"/>`,
    `<path d="M22 118a42 34 0 0 1 84 0a64 64 0 0 1-84 0z" fill="${shirt}"/>`,
    `<rect x="56" y="68" width="16" height="14" rx="4" fill="${skin}"/>`,
    `<circle cx="64" cy="52" r="22" fill="${skin}"/>`,
    hair(hairColour),
    '<circle cx="56" cy="54" r="2.5" fill="#222"/><circle cx="72" cy="54" r="2.5" fill="#222"/>',
    '<path d="M57 63q7 6 14 0" stroke="#222" stroke-width="2.5" fill="none" stroke-linecap="round"/>',
    '</svg>',
  ].join('');
}
