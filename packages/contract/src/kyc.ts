/**
 * Identity checks (KYC), the player's side: from the security centre the player uploads an
 * identity document (front and back) and a selfie; an operator approves or rejects it, and the
 * decision reaches the inbox (topics kyc.approved, kyc.rejected). Images travel as base64 in a
 * JSON body (as feedback images do), are judged by their bytes (JPEG, PNG or WebP), 5 MB each at
 * most, and are re-encoded by the server as JPEG with no metadata (no EXIF, no GPS). They are
 * never served on a player route.
 *
 * States: none → waiting → approved | rejected; after a rejection the player may upload again.
 * Withdrawals above the operator's amounts (settings kycWithdrawalSingle, kycWithdrawal30Days)
 * wait for an approved identity (withdrawal status `waiting_kyc`).
 */
import { z } from 'zod';
import { LanguageSchema } from './language';

export const KYC_PATH = '/wps/member/kyc';

export const KYC_LIMITS = {
  /** Each image, as uploaded (before re-encoding). */
  imageBytes: 5 * 1024 * 1024,
  /** The longest side after re-encoding, in pixels (larger images are scaled down). */
  maxDimension: 2400,
} as const;

/** The longest base64 text of one image (with room for a `data:…;base64,` prefix). */
export const KYC_IMAGE_BASE64_MAX = Math.ceil(KYC_LIMITS.imageBytes / 3) * 4 + 64;

/** The upload call's body limit: three largest images with slack. */
export const KYC_BODY_LIMIT = 3 * KYC_IMAGE_BASE64_MAX + 64 * 1024;

export const KYC_SIDES = ['front', 'back', 'selfie'] as const;
export const KycSideSchema = z.enum(KYC_SIDES);
export type KycSide = z.infer<typeof KycSideSchema>;

export const KYC_STATES = ['none', 'waiting', 'approved', 'rejected'] as const;
export const KycStateSchema = z.enum(KYC_STATES);
export type KycState = z.infer<typeof KycStateSchema>;

/** Decided states of a submission (a submission is never `none`). */
export const KYC_SUBMISSION_STATES = ['waiting', 'approved', 'rejected'] as const;
export const KycSubmissionStateSchema = z.enum(KYC_SUBMISSION_STATES);
export type KycSubmissionState = z.infer<typeof KycSubmissionStateSchema>;

/** Image kinds accepted, by their first bytes (a file's name and declared type are not trusted). */
export type KycImageType = 'jpg' | 'png' | 'webp';

export function detectKycImageType(bytes: Uint8Array): KycImageType | null {
  const starts = (sig: number[], at = 0) =>
    bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

// ── Wire ─────────────────────────────────────────────────────────────────────────────────────

export const KycImageUploadSchema = z
  .object({
    /** Base64 of the file, optionally as a data URL (its declared type is ignored). */
    data: z.string().min(1).max(KYC_IMAGE_BASE64_MAX),
  })
  .strict();
export type KycImageUpload = z.infer<typeof KycImageUploadSchema>;

/** POST /wps/member/kyc: all three images at once. */
export const KycUploadBodySchema = z
  .object({
    front: KycImageUploadSchema,
    back: KycImageUploadSchema,
    selfie: KycImageUploadSchema,
  })
  .strict();
export type KycUploadBody = z.infer<typeof KycUploadBodySchema>;

export const KycQuerySchema = z.object({ language: LanguageSchema.optional() }).strict();

/** GET /wps/member/kyc (and the answer to an upload). */
export const KycStatusSchema = z.object({
  state: KycStateSchema,
  /** When the latest documents were sent; null in state none. */
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The operator's reason, when rejected. */
  reason: z.string().nullable(),
  /** The player may send documents now (state none or rejected). */
  canUpload: z.boolean(),
  /** Withdrawals of the player waiting for the identity check (status waiting_kyc). */
  waitingWithdrawals: z.number().int(),
});
export type KycStatus = z.infer<typeof KycStatusSchema>;
