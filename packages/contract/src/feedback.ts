/**
 * Player feedback (/m/feedback): text between the operator's word bounds (settings
 * feedbackMinWords and feedbackMaxWords) and up to 3 images, PNG or JPEG judged by their bytes,
 * 5 MB each. Images travel as base64 in the JSON body (the feedback call has its own body limit);
 * the server keeps them in the database. The operator answers through the operator API and the
 * player is told in the inbox (topic feedback.answered).
 */
import { z } from 'zod';
import { languageDigits } from './date';
import type { Language, Localized } from './language';

export const FEEDBACK_LIMITS = {
  images: 3,
  imageBytes: 5 * 1024 * 1024,
  /** Characters, whatever the word bounds: keeps a body's size known. */
  contentChars: 20_000,
  answerChars: 4000,
  pageSize: 20,
} as const;

/** The longest base64 text of one image (with room for a `data:…;base64,` prefix). */
export const IMAGE_BASE64_MAX = Math.ceil(FEEDBACK_LIMITS.imageBytes / 3) * 4 + 64;

/** The feedback call's body limit: three largest images and the longest text, with slack. */
export const FEEDBACK_BODY_LIMIT = FEEDBACK_LIMITS.images * IMAGE_BASE64_MAX + 256 * 1024;

/** The flag of the feedback entry and the player calls. */
export const FEEDBACK_FLAG = 'FEEDBACK3';

/** Words as a reader counts them: runs of characters between white space (Bengali too). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export const FEEDBACK_MESSAGES = {
  wordCount: {
    EN: 'Feedback must be between {0} and {1} words',
    BN: 'মতামত {0} থেকে {1} শব্দের মধ্যে হতে হবে',
  },
  tooManyImages: { EN: 'At most {0} images', BN: 'সর্বোচ্চ {0}টি ছবি' },
  imageType: { EN: 'Images must be PNG or JPG', BN: 'ছবি PNG বা JPG হতে হবে' },
  imageTooLarge: { EN: 'Each image must be at most 5 MB', BN: 'প্রতিটি ছবি সর্বোচ্চ ৫ MB হতে পারে' },
} as const satisfies Record<string, Localized>;

export function feedbackMessage(
  key: keyof typeof FEEDBACK_MESSAGES,
  language: Language,
  ...args: Array<string | number>
): string {
  return FEEDBACK_MESSAGES[key][language].replace(/\{(\d)\}/g, (_, i: string) =>
    typeof args[Number(i)] === 'number'
      ? languageDigits(String(args[Number(i)]), language)
      : String(args[Number(i)] ?? ''),
  );
}

export type ImageType = 'png' | 'jpg';

/** PNG or JPEG by the file's first bytes (its name and declared type are not trusted). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpg';
  return null;
}

// ── Wire ─────────────────────────────────────────────────────────────────────────────────────

const IdSchema = z.string().regex(/^\d{1,19}$/);

export const FeedbackImageUploadSchema = z
  .object({
    /** The file's name, kept for the operator; not used to judge the type. */
    name: z.string().max(255).optional(),
    /** Base64 of the file, optionally as a data URL (its declared type is ignored). */
    data: z.string().min(1).max(IMAGE_BASE64_MAX),
  })
  .strict();

export const FeedbackCreateSchema = z
  .object({
    content: z.string().max(FEEDBACK_LIMITS.contentChars),
    // Counted again by the service, which answers with a clearer message than a length error.
    images: z.array(FeedbackImageUploadSchema).max(10).default([]),
  })
  .strict();
export type FeedbackCreate = z.input<typeof FeedbackCreateSchema>;

export const FeedbackImageSchema = z.object({
  index: z.number().int().min(0),
  type: z.enum(['png', 'jpg']),
  bytes: z.number().int(),
  name: z.string().nullable(),
});

export const FeedbackSchema = z.object({
  id: IdSchema,
  content: z.string(),
  images: z.array(FeedbackImageSchema),
  status: z.enum(['open', 'answered']),
  /** The operator's answer, plain text. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackListQuerySchema = z
  .object({
    cursor: IdSchema.optional(),
    language: z.enum(['EN', 'BN']).optional(),
  })
  .strict();

export const FeedbackListSchema = z.object({
  list: z.array(FeedbackSchema),
  nextCursor: IdSchema.nullable(),
  /** The operator's word bounds, for the form. */
  minWords: z.number().int(),
  maxWords: z.number().int(),
});
export type FeedbackList = z.infer<typeof FeedbackListSchema>;

// ── Operator ─────────────────────────────────────────────────────────────────────────────────

export const OpsFeedbackSchema = FeedbackSchema.extend({ username: z.string() });
export type OpsFeedback = z.infer<typeof OpsFeedbackSchema>;

export const OpsFeedbackListQuerySchema = z
  .object({ status: z.enum(['open', 'answered', 'all']).default('all') })
  .strict();

export const OpsFeedbackParamsSchema = z.object({ id: IdSchema }).strict();
export const OpsFeedbackImageParamsSchema = z
  .object({ id: IdSchema, index: z.coerce.number().int().min(0).max(9) })
  .strict();

export const OpsFeedbackAnswerSchema = z
  .object({ answer: z.string().trim().min(1).max(FEEDBACK_LIMITS.answerChars) })
  .strict();
