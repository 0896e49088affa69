/**
 * The member's head icon (avatar), the spec's "head icon GET and POST" (named without path or
 * fields): GET and POST /wps/member/headIcon (members only). A member picks one of the drawn
 * avatars (ours, numbered 1–12, simple SVGs the server draws) or uploads a picture: PNG, JPEG or WebP
 * judged by decoding it (the file's name and declared type are not trusted), 2 MB at most. The
 * server re-encodes an upload as a 256×256 WebP without metadata and serves it at an address that
 * changes with each upload, so it may be cached for good.
 */
import { z } from 'zod';
import { LanguageSchema } from './language';

export const HEAD_ICON_PATH = '/wps/member/headIcon';
/**
 * Where pictures are served: uploads at `${HEAD_ICON_IMAGE_PATH}/{key}.webp`, the drawn avatars
 * at `${HEAD_ICON_IMAGE_PATH}/drawn/{n}.svg`.
 */
export const HEAD_ICON_IMAGE_PATH = '/wps/headIcon';

export const HEAD_ICON_LIMITS = {
  /** The uploaded file, before re-encoding. */
  imageBytes: 2 * 1024 * 1024,
  /** The served picture's width and height. */
  size: 256,
  /** How many drawn avatars there are (ids 1…drawnCount). */
  drawnCount: 12,
} as const;

/** The longest base64 text of an upload (with room for a `data:…;base64,` prefix). */
export const HEAD_ICON_BASE64_MAX = Math.ceil(HEAD_ICON_LIMITS.imageBytes / 3) * 4 + 64;
/** The POST's body limit: one largest picture with slack. */
export const HEAD_ICON_BODY_LIMIT = HEAD_ICON_BASE64_MAX + 4 * 1024;

export const DrawnIdSchema = z.number().int().min(1).max(HEAD_ICON_LIMITS.drawnCount);

/** POST /wps/member/headIcon: a drawn avatar, or a picture as base64 (one of the two). */
export const HeadIconBodySchema = z.union([
  z.object({ drawnId: DrawnIdSchema }).strict(),
  z
    .object({
      /** Base64 of the file, optionally as a data URL (its declared type is ignored). */
      image: z.string().min(1).max(HEAD_ICON_BASE64_MAX),
    })
    .strict(),
]);
export type HeadIconBody = z.infer<typeof HeadIconBodySchema>;

export const HeadIconQuerySchema = z.object({ language: LanguageSchema.optional() }).strict();

/** GET (and the answer to POST): `none` until the member chooses; the header then shows a silhouette. */
export const HeadIconSchema = z.object({
  kind: z.enum(['none', 'drawn', 'upload']),
  /** With `drawn`: which drawn avatar. */
  drawnId: DrawnIdSchema.nullable(),
  /** The picture's address: the drawn SVG, or the upload (256×256 WebP); null with `none`. */
  url: z.string().nullable(),
});
export type HeadIcon = z.infer<typeof HeadIconSchema>;

export const drawnAvatarUrl = (n: number) => `${HEAD_ICON_IMAGE_PATH}/drawn/${n}.svg`;
export const DRAWN_AVATAR_IDS = Array.from(
  { length: HEAD_ICON_LIMITS.drawnCount },
  (_, i) => i + 1,
);
