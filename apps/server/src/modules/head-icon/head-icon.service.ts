/**
 * Members' head icons (avatars): a drawn avatar's number, or an uploaded picture. An upload is
 * judged by decoding it, never by a name or declared type: sharp reads its header and only PNG,
 * JPEG and WebP pass (an SVG, GIF or anything else is refused before any pixel work), then it is
 * decoded, turned upright per EXIF, cropped to a square and re-encoded as a 256×256 WebP; sharp
 * keeps no metadata unless asked, so no EXIF, GPS or comment of the original survives. The
 * picture lives in the database (as KYC and feedback images do) under a random key that changes
 * with each upload, so its address is cached for good.
 */
import { randomBytes } from 'node:crypto';
import { drawnAvatarUrl, HEAD_ICON_IMAGE_PATH, HEAD_ICON_LIMITS } from '@khela/contract/head-icon';
import type { HeadIcon, HeadIconBody } from '@khela/contract/head-icon';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { headIconRepository as repo } from './head-icon.repository';

const DATA_URL = /^data:[^,]{0,100};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Decoding refuses pictures of more pixels than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export const headIconUrl = (key: string) => `${HEAD_ICON_IMAGE_PATH}/${key}.webp`;

/**
 * The picture as the server keeps it: decoded, upright, a centred 256×256 square, WebP, no
 * metadata. Throws headIcon.imageType for a file that is not a PNG, JPEG or WebP picture and
 * headIcon.imageUnreadable for one that claims to be but does not decode.
 */
export async function reencodeHeadIcon(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new AppError('headIcon.imageType');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('headIcon.imageType');
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(HEAD_ICON_LIMITS.size, HEAD_ICON_LIMITS.size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('headIcon.imageUnreadable');
  }
}

export class HeadIconService {
  constructor(private readonly db: Database) {}

  /** GET /wps/member/headIcon */
  async get(memberId: bigint): Promise<HeadIcon> {
    const row = await repo.choice(this.db, memberId);
    if (row?.kind === 'drawn' && row.drawnId !== null) {
      return { kind: 'drawn', drawnId: row.drawnId, url: drawnAvatarUrl(row.drawnId) };
    }
    if (row?.kind === 'upload' && row.key) {
      return { kind: 'upload', drawnId: null, url: headIconUrl(row.key) };
    }
    return { kind: 'none', drawnId: null, url: null };
  }

  /** POST /wps/member/headIcon: a drawn avatar, or a picture judged and re-encoded first. */
  async set(memberId: bigint, body: HeadIconBody): Promise<HeadIcon> {
    if ('drawnId' in body) {
      await repo.save(this.db, memberId, { kind: 'drawn', drawnId: body.drawnId });
    } else {
      const data = await reencodeHeadIcon(decodeBase64(body.image));
      const key = randomBytes(16).toString('hex');
      await repo.save(this.db, memberId, { kind: 'upload', key, data });
    }
    return this.get(memberId);
  }

  /** The served picture, by its key; undefined when there is none (an old key after a change). */
  picture(key: string): Promise<Buffer | undefined> {
    return repo.picture(this.db, key);
  }
}

function decodeBase64(text: string): Buffer {
  const base64 = text.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1) throw new AppError('headIcon.imageType');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > HEAD_ICON_LIMITS.imageBytes) throw new AppError('headIcon.imageTooLarge');
  if (bytes.length === 0) throw new AppError('headIcon.imageType');
  return bytes;
}
