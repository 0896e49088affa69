/**
 * Content as both sides see it (spec games-and-content §2, §3, §7): banners, notices
 * (announcements), popups, promotions and their categories, read marks and promotion applications,
 * with the queries and answers of the content calls and the operator's content API.
 */
import { z } from 'zod';
import { BonusKindSchema } from './bonus';
import { INPUT_LIMITS } from './constants';
import { LanguageSchema } from './language';

/**
 * Content types of the announcement call (spec §3, §7). A: site announcements; PL: player notices
 * (the notice page and the home marquee); B: banners; PU: popups; PR: promotions; H: hot
 * promotions (featured on home); Promotion: promotions with their categories (promotions screen).
 */
export const CONTENT_TYPES = ['A', 'PL', 'B', 'PU', 'PR', 'H', 'Promotion'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentTypeSchema>;

/** Which list of the answer each type fills. */
export const CONTENT_LIST_OF_TYPE = {
  A: 'announcement',
  PL: 'player',
  B: 'banners',
  PU: 'popup',
  PR: 'promotion',
  H: 'hot',
  Promotion: 'promotion',
} as const satisfies Record<ContentType, string>;

/** Popup execution: A is shown to logged-in players, B to logged-out visitors (spec §2). */
export const POPUP_EXECUTIONS = ['A', 'B'] as const;
export const PopupExecutionSchema = z.enum(POPUP_EXECUTIONS);
export type PopupExecution = z.infer<typeof PopupExecutionSchema>;

/** Notice kinds the operator writes: site announcements (A) and player notices (PL). */
export const NOTICE_KINDS = ['A', 'PL'] as const;
export const NoticeKindSchema = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKindSchema>;

/** Banner groups (spec §2): m_home, m_game, and m_{type} or m_{type}_{language} for the forms. */
export const BANNER_TYPES = [
  'm_rng',
  'm_sports',
  'm_pvp',
  'm_live',
  'm_fish',
  'm_lott',
  'm_elott',
  'm_reg',
] as const;
export const BANNER_GROUP_PATTERN = /^m_[a-z]{2,12}(_(EN|BN))?$/;
export const BannerGroupSchema = z.string().max(40).regex(BANNER_GROUP_PATTERN);
export const DEFAULT_BANNER_GROUP = 'm_home';

/** Longest HTML body the operator may store (after sanitising). */
export const CONTENT_HTML_MAX = 50_000;
export const CONTENT_TITLE_MAX = 200;

// ── Entities as the player sees them ────────────────────────────────────────────────────────

/**
 * The words the player's site writes over a picture the server drew (it holds none, so they are
 * real text in the player's language and font); null over the operator's own picture.
 */
export const CaptionSchema = z.object({
  headline: z.string(),
  /** A second, smaller line: the site's name on a banner, the category on a promotion. */
  tagline: z.string(),
});
export type Caption = z.infer<typeof CaptionSchema>;

export const BannerSchema = z.object({
  id: z.number().int(),
  /** Relative (/wps/img/…) or absolute image address; the client prefixes a CDN to relative ones. */
  url: z.string(),
  groupName: z.string(),
  /** Alternative text for the image. */
  title: z.string(),
  /** Where a tap goes (a /m path or an https address); null when the banner is not a link. */
  link: z.string().nullable(),
  caption: CaptionSchema.nullable(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** ISO 8601 instant. */
  startDate: z.string(),
  /** Read by this member (guests: false; trial accounts: true, they are never marked). */
  read: z.boolean(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const PopupSchema = z.object({
  id: z.number().int(),
  execution: PopupExecutionSchema,
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  startDate: z.string(),
});
export type Popup = z.infer<typeof PopupSchema>;

export const PromotionImageSchema = z.object({
  /** 1 is the cover. */
  sequence: z.number().int().min(1),
  url: z.string(),
});

export const PromotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  startDate: z.string(),
  /** Null when the promotion has no end (noExpiry 1). */
  endDate: z.string().nullable(),
  noExpiry: z.union([z.literal(0), z.literal(1)]),
  promoAnnouncementCategoryIds: z.array(z.number().int()),
  announcementImages: z.array(PromotionImageSchema),
  /** Written over the cover when the server drew it (see CaptionSchema). */
  caption: CaptionSchema.nullable(),
  /** Members may apply for it with a remark (spec §5). */
  applicable: z.boolean(),
  hot: z.boolean(),
  /** The bonus this promotion gives and how to get it, in the request's language (bonus.ts). */
  bonus: z
    .object({ campaignId: z.string(), kind: BonusKindSchema, howTo: z.string() })
    .nullable()
    .default(null),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type PromotionCategory = z.infer<typeof PromotionCategorySchema>;

/** The cover of a promotion: image sequence 1, else the first one. */
export function promotionCover(promotion: Pick<Promotion, 'announcementImages'>) {
  const images = promotion.announcementImages;
  return (images.find((image) => image.sequence === 1) ?? images[0])?.url ?? null;
}

// ── The announcement call ──────────────────────────────────────────────────────────────────

const flagList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export const AnnouncementQuerySchema = z
  .object({
    /** Comma-separated content types, e.g. B,PL,PU. */
    types: z
      .string()
      .max(100)
      .default('B,PL,PU')
      .transform((value, context) => {
        const types = [...new Set(flagList(value))];
        const unknown = types.filter(
          (type) => !(CONTENT_TYPES as readonly string[]).includes(type),
        );
        if (types.length === 0 || unknown.length > 0) {
          context.addIssue({ code: 'custom', message: `Unknown content types: ${unknown.join()}` });
          return z.NEVER;
        }
        return types as ContentType[];
      }),
    groupName: BannerGroupSchema.default(DEFAULT_BANNER_GROUP),
    platform: z.string().max(8).default('M'),
    merchantCode: z.string().max(32).optional(),
    /** The spec's client sends its token here too; the `token` header is preferred. */
    token: z.string().max(200).optional(),
    language: LanguageSchema.optional(),
  })
  .strict();
export type AnnouncementQuery = z.output<typeof AnnouncementQuerySchema>;

/** Lists per type; only the requested ones are present. */
export const AnnouncementAnswerSchema = z.object({
  banners: z.array(BannerSchema).optional(),
  announcement: z.array(AnnouncementSchema).optional(),
  player: z.array(AnnouncementSchema).optional(),
  popup: z.array(PopupSchema).optional(),
  promotion: z.array(PromotionSchema).optional(),
  hot: z.array(PromotionSchema).optional(),
  /** With type Promotion: the categories of the promotions screen's menu. */
  promotionCategories: z.array(PromotionCategorySchema).optional(),
});
export type AnnouncementAnswer = z.infer<typeof AnnouncementAnswerSchema>;

const idField = z.coerce.number().int().min(1).max(2_147_483_647);

export const MarkReadBodySchema = z
  .object({ announcementId: idField, read: z.boolean().default(true) })
  .strict();
export const MarkReadAnswerSchema = z.object({
  announcementId: z.number().int(),
  read: z.boolean(),
});

// ── Promotions ─────────────────────────────────────────────────────────────────────────────

export const PromotionListQuerySchema = z
  .object({ categoryId: idField.optional(), language: LanguageSchema.optional() })
  .strict();
export const PromotionListAnswerSchema = z.object({
  categories: z.array(PromotionCategorySchema),
  list: z.array(PromotionSchema),
});
export type PromotionListAnswer = z.infer<typeof PromotionListAnswerSchema>;

export const PromotionDetailQuerySchema = z
  .object({ id: idField, language: LanguageSchema.optional() })
  .strict();

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);

export const ApplyBodySchema = z
  .object({
    promotionId: idField,
    /** At most 140 characters (spec §5), counted as JavaScript counts string length. */
    remark: z.string().trim().max(INPUT_LIMITS.activityRemarkMax).default(''),
  })
  .strict();

export const PromotionApplicationSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  remark: z.string(),
  status: ApplicationStatusSchema,
  createdAt: z.string(),
});
export type PromotionApplication = z.infer<typeof PromotionApplicationSchema>;
export const MyApplicationsAnswerSchema = z.array(PromotionApplicationSchema);

// ── Operator API (/ops/api/content/…) ─────────────────────────────────────────────────────

const text = (max: number) => z.string().trim().min(1).max(max);
const html = z.string().max(CONTENT_HTML_MAX);
const instant = z.iso.datetime({ offset: true });
/** A /m path or an http(s) address; anything else (javascript:, data:) is refused. */
const linkField = z
  .string()
  .max(500)
  .regex(/^(\/m\/[^\s]*|https?:\/\/[^\s]+)$/);
const imageField = z
  .string()
  .max(500)
  .regex(/^(\/[^\s/][^\s]*|https:\/\/[^\s]+)$/);

export const OpsIdParamsSchema = z.object({ id: idField });

export const OpsNoticeBodySchema = z
  .object({
    kind: NoticeKindSchema.default('PL'),
    titleEn: text(CONTENT_TITLE_MAX),
    titleBn: text(CONTENT_TITLE_MAX),
    contentEn: html,
    contentBn: html,
    startAt: instant.optional(),
    endAt: instant.nullable().optional(),
    sort: z.number().int().min(0).max(100_000).default(0),
    hidden: z.boolean().default(false),
  })
  .strict();
export const OpsNoticeSchema = OpsNoticeBodySchema.extend({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string().nullable(),
});

export const OpsBannerBodySchema = z
  .object({
    groupName: BannerGroupSchema.default(DEFAULT_BANNER_GROUP),
    titleEn: text(CONTENT_TITLE_MAX),
    titleBn: text(CONTENT_TITLE_MAX),
    /** Drawn by the server from the title when no image address is given. */
    imageUrlEn: imageField.nullable().optional(),
    imageUrlBn: imageField.nullable().optional(),
    link: linkField.nullable().optional(),
    theme: z.number().int().min(0).max(1000).default(0),
    startAt: instant.optional(),
    endAt: instant.nullable().optional(),
    sort: z.number().int().min(0).max(100_000).default(0),
    hidden: z.boolean().default(false),
  })
  .strict();
export const OpsBannerSchema = OpsBannerBodySchema.extend({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string().nullable(),
});

export const OpsPopupBodySchema = z
  .object({
    execution: PopupExecutionSchema,
    titleEn: text(CONTENT_TITLE_MAX),
    titleBn: text(CONTENT_TITLE_MAX),
    contentEn: html,
    contentBn: html,
    imageUrl: imageField.nullable().optional(),
    link: linkField.nullable().optional(),
    startAt: instant.optional(),
    endAt: instant.nullable().optional(),
    sort: z.number().int().min(0).max(100_000).default(0),
    hidden: z.boolean().default(false),
  })
  .strict();
export const OpsPopupSchema = OpsPopupBodySchema.extend({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string().nullable(),
});

export const OpsCategoryBodySchema = z
  .object({
    nameEn: text(60),
    nameBn: text(60),
    sort: z.number().int().min(0).max(100_000).default(0),
    hidden: z.boolean().default(false),
  })
  .strict();
export const OpsCategorySchema = OpsCategoryBodySchema.extend({ id: z.number().int() });

export const OpsPromotionBodySchema = z
  .object({
    titleEn: text(CONTENT_TITLE_MAX),
    titleBn: text(CONTENT_TITLE_MAX),
    contentEn: html,
    contentBn: html,
    startAt: instant.optional(),
    /** Ignored when noExpiry is 1. */
    endAt: instant.nullable().optional(),
    noExpiry: z.union([z.literal(0), z.literal(1)]).default(0),
    categoryIds: z.array(idField).max(20).default([]),
    /** Images by sequence (1 is the cover); without any, the server draws a cover. */
    images: z
      .array(z.object({ sequence: z.number().int().min(1).max(20), url: imageField }).strict())
      .max(10)
      .default([]),
    theme: z.number().int().min(0).max(1000).default(0),
    applicable: z.boolean().default(false),
    hot: z.boolean().default(false),
    /**
     * The bonus campaign this promotion offers (/ops/api/bonuses/campaigns): the promotions page
     * says how to get it, and an approved application pays it. Unknown: 404 bonus.notFound.
     */
    bonusCampaignId: z
      .string()
      .regex(/^\d{1,19}$/)
      .nullable()
      .default(null),
    sort: z.number().int().min(0).max(100_000).default(0),
    hidden: z.boolean().default(false),
  })
  .strict();
export const OpsPromotionSchema = OpsPromotionBodySchema.extend({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string().nullable(),
});

/**
 * An update changes only the fields it names: every field optional and without its default
 * (zod's `.partial()` would still fill defaults in, resetting fields the operator left out).
 */
function patchOf<T extends z.ZodObject>(schema: T) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  );
  return z.object(shape).strict() as unknown as z.ZodType<
    Partial<z.output<T>>,
    Partial<z.input<T>>
  >;
}
export const OpsNoticePatchSchema = patchOf(OpsNoticeBodySchema);
export const OpsBannerPatchSchema = patchOf(OpsBannerBodySchema);
export const OpsPopupPatchSchema = patchOf(OpsPopupBodySchema);
export const OpsCategoryPatchSchema = patchOf(OpsCategoryBodySchema);
export const OpsPromotionPatchSchema = patchOf(OpsPromotionBodySchema);

export const OpsApplicationsQuerySchema = z
  .object({
    promotionId: idField.optional(),
    status: ApplicationStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export const OpsApplicationSchema = PromotionApplicationSchema.extend({
  username: z.string(),
  promotionTitle: z.string(),
});
export const OpsApplicationListSchema = z.array(OpsApplicationSchema);
export const OpsApplicationPatchSchema = z.object({ status: ApplicationStatusSchema }).strict();
