/**
 * Operator settings: name, schema and default. `npm run ops -- setting set NAME VALUE` validates
 * VALUE with the schema here; the server reads them through its settings service.
 */
import { z } from 'zod';
import { DEFAULT_REASON_TEMPLATES, ReasonTemplateListSchema } from './backoffice/money';
import { defaultRegistrationRules, RegistrationRulesSchema } from './accounts';
import {
  AgentContractTermsSchema,
  DEFAULT_AGENT_CONTRACT_TERMS,
  DEFAULT_REBATE_RATES,
  DEFAULT_UPLINE_TRANSFER_LIMITS,
  RebateRatesSchema,
  UplineTransferLimitsSchema,
} from './rewards';
import { DEFAULT_VIP_LEVELS, VipLevelsSettingSchema } from './vip';

const LocalizedSchema = z.object({ EN: z.string().max(2000), BN: z.string().max(2000) });

export const CustomerServiceEntrySchema = z.object({
  title: z.string().min(1).max(100),
  path: z.string().min(1).max(2000),
  csType: z.enum(['LIVECHAT', 'TELEGRAM', 'TELEGRAM1', 'FACEBOOK', 'WHATSAPP']),
  resourceType: z.string().max(40),
});
export type CustomerServiceEntry = z.infer<typeof CustomerServiceEntrySchema>;

export const DOWNLOAD_RESOURCE_TYPES = [
  'IOS',
  'Android',
  'MOBILECONFIG',
  'AppDownloadIcon',
  'TELEGRAM',
  'FACEBOOK',
] as const;
export const DownloadLinkSchema = z.object({
  resourceType: z.enum(DOWNLOAD_RESOURCE_TYPES),
  url: z.string().min(1).max(2000),
  labelNameEn: z.string().max(100),
});
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

export const DomainEntrySchema = z.object({
  domainName: z.string().min(1).max(253),
  rootDomainName: z.string().min(1).max(253),
});
export type DomainEntry = z.infer<typeof DomainEntrySchema>;

/** A path of this site (one leading '/', no host, no backslash, no spaces or controls). */
const SitePathSchema = z
  .string()
  .max(300)
  // eslint-disable-next-line no-control-regex -- keeping control characters out is the point
  .regex(/^\/(?!\/)[^\\\s\u0000-\u001F\u007F]*$/);
const HttpsUrlSchema = z
  .string()
  .max(2000)
  .regex(/^https:\/\/[^\s]+$/);
const ShortLocalizedSchema = z.object({
  EN: z.string().min(1).max(80),
  BN: z.string().min(1).max(80),
});

export const HOT_MATCH_SPORTS = ['cricket', 'football', 'kabaddi', 'other'] as const;

/**
 * A hot match the operator publishes for home (the common store's "hot matches"): the two sides,
 * the competition, when it starts and where tapping it leads (a path of this site, the sports
 * page by default). Shown from publication until HOT_MATCH_SHOWN_MS after its start.
 */
export const HotMatchEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  sport: z.enum(HOT_MATCH_SPORTS),
  competition: ShortLocalizedSchema,
  home: ShortLocalizedSchema,
  away: ShortLocalizedSchema,
  /** ISO 8601 with an offset. */
  startsAt: z.iso.datetime({ offset: true }),
  path: SitePathSchema.default('/m/sport-games'),
});
export type HotMatchEntry = z.infer<typeof HotMatchEntrySchema>;

/**
 * A video the operator publishes for home (the common store's "video"): a title and an https
 * address the player opens in a new tab (the site embeds no outside player), with an optional
 * poster picture (https, or a path of this site).
 */
export const VideoEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  title: ShortLocalizedSchema,
  url: HttpsUrlSchema,
  posterUrl: z.union([HttpsUrlSchema, SitePathSchema]).nullable().default(null),
});
export type VideoEntry = z.infer<typeof VideoEntrySchema>;

export const MerchantSchema = z.object({
  code: z.string().min(1).max(32),
  name: z.string().min(1).max(100),
  currency: z.string().length(3),
  currencySymbol: z.string().min(1).max(4),
});
export type Merchant = z.infer<typeof MerchantSchema>;

export const MobileTemplateSchema = z.object({
  mem_cen: z.union([z.literal(0), z.literal(1)]),
  dep_func: z.union([z.literal(0), z.literal(1)]),
});

export const SETTINGS = {
  maintenance: { schema: z.boolean(), default: false },
  maintenanceMessage: {
    schema: LocalizedSchema,
    default: {
      EN: 'We are upgrading the system. Please come back soon.',
      BN: 'আমরা সিস্টেম আপগ্রেড করছি। অনুগ্রহ করে কিছুক্ষণ পরে আবার আসুন।',
    },
  },
  regionRestriction: { schema: z.boolean(), default: false },
  /** While the region restriction is on, these client IPs are still served (the operator's own). */
  regionAllowedIps: { schema: z.array(z.string().max(45)).max(1000), default: [] as string[] },
  requireSealedPayload: { schema: z.boolean(), default: false },
  merchant: {
    schema: MerchantSchema,
    default: { code: 'KHELA', name: 'Khela Demo', currency: 'BDT', currencySymbol: '৳' },
  },
  mainDomain: { schema: z.string().max(253), default: 'localhost' },
  domainRoute: { schema: z.array(DomainEntrySchema).max(50), default: [] as DomainEntry[] },
  imageCDNs: { schema: z.array(z.string().max(500)).max(20), default: [] as string[] },
  mobileTemplate: {
    schema: MobileTemplateSchema,
    default: { mem_cen: 1 as const, dep_func: 1 as const },
  },
  customerService: {
    schema: z.array(CustomerServiceEntrySchema).max(50),
    default: [] as CustomerServiceEntry[],
  },
  downloads: { schema: z.array(DownloadLinkSchema).max(50), default: [] as DownloadLink[] },
  /** Home's hot matches, in the operator's order (sorted by start when shown). */
  hotMatches: { schema: z.array(HotMatchEntrySchema).max(20), default: [] as HotMatchEntry[] },
  /** Home's videos, in the operator's order. */
  videos: { schema: z.array(VideoEntrySchema).max(10), default: [] as VideoEntry[] },
  /** Registration field rules (enabled, required, min, max, pattern), captcha, minimum age. */
  registrationRules: { schema: RegistrationRulesSchema, default: defaultRegistrationRules() },
  usernameRegistration: { schema: z.boolean(), default: true },
  /** Session lifetimes: idle (sliding) and absolute. */
  sessionIdleMinutes: {
    schema: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    default: 120,
  },
  sessionAbsoluteHours: {
    schema: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
    default: 24 * 7,
  },
  /** Back office console sessions end after this much idle time. */
  opsSessionIdleMinutes: {
    schema: z
      .number()
      .int()
      .min(5)
      .max(12 * 60),
    default: 30,
  },
  rememberMeDays: { schema: z.number().int().min(1).max(365), default: 30 },
  /** Play money a new trial account starts with, in minor units. */
  trialBalanceMinor: { schema: z.number().int().min(0).max(100_000_000), default: 200_000 },
  /** Feedback word bounds (inclusive); a feedback outside them is refused. */
  feedbackMinWords: { schema: z.number().int().min(1).max(1000), default: 5 },
  feedbackMaxWords: { schema: z.number().int().min(1).max(5000), default: 500 },
  /**
   * Identity checks (minor units, 0 = off): a withdrawal above `kycWithdrawalSingle`, or one that
   * takes the member's withdrawals of the last 30 days above `kycWithdrawal30Days`, waits for an
   * approved identity (status waiting_kyc; an approval makes it pending).
   */
  kycWithdrawalSingle: { schema: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), default: 0 },
  kycWithdrawal30Days: { schema: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), default: 0 },
  /** The money desk's reason templates for withdrawal decisions (EN and BN). */
  withdrawalReasonTemplates: {
    schema: ReasonTemplateListSchema,
    default: DEFAULT_REASON_TEMPLATES,
  },
  /** VIP levels, lowest first, with their deposit and turnover conditions (minor units). */
  vipLevels: { schema: VipLevelsSettingSchema, default: DEFAULT_VIP_LEVELS },
  /** Manual rebate rates per game category, basis points of turnover (80 = 0.8 %). */
  rebateRates: { schema: RebateRatesSchema, default: DEFAULT_REBATE_RATES },
  /** Upline transfer amount bounds (minor units). */
  uplineTransferLimits: {
    schema: UplineTransferLimitsSchema,
    default: DEFAULT_UPLINE_TRANSFER_LIMITS,
  },
  /** Agent contract terms (daily salary, dividend, hourly): read-only tiers for agents. */
  agentContractTerms: { schema: AgentContractTermsSchema, default: DEFAULT_AGENT_CONTRACT_TERMS },
  /**
   * Four eyes: a balance adjustment whose size (either sign) is above this many minor units
   * waits for a second operator's approval; at or below it the money moves at once.
   */
  adjustmentApprovalThreshold: {
    schema: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    default: 1_000_000,
  },
} as const;

export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];
export type Settings = { [K in SettingName]: z.infer<(typeof SETTINGS)[K]['schema']> };

export function defaultSettings(): Settings {
  return Object.fromEntries(
    // A deep copy, so callers may change their snapshot freely.
    SETTING_NAMES.map((name) => [
      name,
      JSON.parse(JSON.stringify(SETTINGS[name].default)) as unknown,
    ]),
  ) as Settings;
}
