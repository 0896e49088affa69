/**
 * The app icon, drawn by us: a gold coin with a dark "K" on the theme background. One shape list
 * feeds both the SVG icon and the PNG icons (rasterised here with 4×4 supersampling and encoded
 * with node:zlib), so the manifest has the PNG sizes Android and iOS expect without image tools.
 */
import { deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];
type Shape =
  | { kind: 'roundRect'; size: number; radius: number; fill: Rgb }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: Rgb }
  | { kind: 'polygon'; points: readonly Point[]; fill: Rgb };

export const THEME_COLOR = '#0f1923';
const BACKGROUND: Rgb = [0x0f, 0x19, 0x23];
const GOLD: Rgb = [0xf5, 0xb3, 0x01];
const VIEW = 512;

/** The letter K in the 512 grid, centred on (256, 256). */
const LETTER: readonly (readonly Point[])[] = [
  [
    [184, 160],
    [232, 160],
    [232, 352],
    [184, 352],
  ],
  [
    [226, 252],
    [298, 160],
    [354, 160],
    [258, 284],
  ],
  [
    [248, 244],
    [352, 352],
    [294, 352],
    [222, 280],
  ],
];

/** `maskable` keeps the coin inside the 80% safe circle and fills the whole square. */
function shapes(maskable: boolean): Shape[] {
  const scale = maskable ? 0.86 : 1;
  const at = ([x, y]: Point): Point => [256 + (x - 256) * scale, 256 + (y - 256) * scale];
  return [
    { kind: 'roundRect', size: VIEW, radius: maskable ? 0 : 112, fill: BACKGROUND },
    { kind: 'circle', cx: 256, cy: 256, r: 176 * scale, fill: GOLD },
    ...LETTER.map((points): Shape => ({
      kind: 'polygon',
      points: points.map(at),
      fill: BACKGROUND,
    })),
  ];
}

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

export function iconSvg(maskable = false): string {
  const body = shapes(maskable)
    .map((shape) => {
      switch (shape.kind) {
        case 'roundRect':
          return `<rect width="${shape.size}" height="${shape.size}" rx="${shape.radius}" fill="${hex(shape.fill)}"/>`;
        case 'circle':
          return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${hex(shape.fill)}"/>`;
        case 'polygon':
          return `<polygon points="${shape.points.map((p) => p.join(',')).join(' ')}" fill="${hex(shape.fill)}"/>`;
      }
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${VIEW} ${VIEW}">${body}</svg>\n`;
}

function inside(shape: Shape, x: number, y: number): boolean {
  switch (shape.kind) {
    case 'roundRect': {
      const r = shape.radius;
      const cx = Math.min(Math.max(x, r), shape.size - r);
      const cy = Math.min(Math.max(y, r), shape.size - r);
      return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= 0 && y >= 0;
    }
    case 'circle':
      return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2;
    case 'polygon': {
      let hit = false;
      const pts = shape.points;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i] as Point;
        const [xj, yj] = pts[j] as Point;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
      }
      return hit;
    }
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function iconPng(size: number, maskable = false): Buffer {
  const list = shapes(maskable);
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * VIEW) / size;
          const y = ((py + (sy + 0.5) / samples) * VIEW) / size;
          let fill: Rgb | undefined;
          for (const shape of list) if (inside(shape, x, y)) fill = shape.fill;
          if (fill) {
            r += fill[0];
            g += fill[1];
            b += fill[2];
            a += 1;
          }
        }
      }
      const offset = 1 + px * 4;
      if (a > 0) {
        row[offset] = Math.round(r / a);
        row[offset + 1] = Math.round(g / a);
        row[offset + 2] = Math.round(b / a);
      }
      row[offset + 3] = Math.round((a / (samples * samples)) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every icon file, by its path under the base ('/m/'). */
export function iconFiles(): { fileName: string; source: string | Buffer }[] {
  return [
    { fileName: 'icons/icon.svg', source: iconSvg() },
    { fileName: 'icons/icon-192.png', source: iconPng(192) },
    { fileName: 'icons/icon-512.png', source: iconPng(512) },
    { fileName: 'icons/maskable-512.png', source: iconPng(512, true) },
    { fileName: 'icons/apple-touch-icon.png', source: iconPng(180, true) },
  ];
}

export const MANIFEST_ICONS = [
  { src: '/m/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/m/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/m/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/m/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Emits the icons into the build and serves them in dev. */
export function appIcons(): Plugin {
  let cache: Map<string, string | Buffer> | undefined;
  const files = () => (cache ??= new Map(iconFiles().map((f) => [f.fileName, f.source])));
  return {
    name: 'khela:app-icons',
    generateBundle() {
      for (const [fileName, source] of files()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.replace(/^\/m\//, '').split('?')[0] ?? '';
        const source = files().get(name);
        if (!source) return next();
        res.setHeader('Content-Type', name.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
        res.end(source);
      });
    },
  };
}
