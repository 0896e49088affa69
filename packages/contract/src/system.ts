/** System calls: status, countries, help centre, customer service, downloads, public key. */
import { z } from 'zod';
import { WhitelabelSchema } from './flags';
import { LanguageSchema } from './language';
import {
  CustomerServiceEntrySchema,
  DomainEntrySchema,
  DownloadLinkSchema,
  HOT_MATCH_SPORTS,
  MerchantSchema,
  MobileTemplateSchema,
} from './settings';

/** 0 normal, 1 maintenance (also when both apply), 2 region restricted only. */
export const SystemStatusCode = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

export const SystemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  info: z.object({
    customerService: z.array(CustomerServiceEntrySchema),
    domainRoute: z.array(DomainEntrySchema),
    mobileTemplate: MobileTemplateSchema,
    paths: z.record(z.string(), z.string()),
    register: z.object({ username: z.boolean(), mobile: z.boolean() }),
    resources: z.record(z.string(), z.string()),
    whitelabel: WhitelabelSchema,
    mainDomain: z.string(),
    imageCDNs: z.array(z.string()),
    merchant: MerchantSchema,
  }),
  location: z.object({ ip: z.string() }),
  maintenance: z.object({ active: z.boolean(), message: z.string() }),
  regionRestriction: z.object({ active: z.boolean() }),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const LanguageQuerySchema = z.object({ language: LanguageSchema.optional() }).strict();

export const CountrySchema = z.object({
  countryCode: z.string().length(2),
  name: z.string(),
  dialingCode: z.string().regex(/^\+\d{1,4}$/),
});
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = z.array(CountrySchema);

export const HelpQuerySchema = z
  .object({
    lang: LanguageSchema.optional(),
    language: LanguageSchema.optional(),
    device: z.enum(['MOBILE', 'WEB']).default('MOBILE'),
  })
  .strict();
export const HelpItemSchema = z.object({ title: z.string(), content: z.string() });
export type HelpItem = z.infer<typeof HelpItemSchema>;
export const HelpListSchema = z.array(HelpItemSchema);

export const CustomerServiceListSchema = z.array(CustomerServiceEntrySchema);
export const DownloadListSchema = z.array(DownloadLinkSchema);

/** A hot match stays on home this long after its start (then it has most likely ended). */
export const HOT_MATCH_SHOWN_MS = 3 * 60 * 60 * 1000;

/** GET /wps/system/hotMatches: a hot match in the player's language. */
export const HotMatchSchema = z.object({
  id: z.string(),
  sport: z.enum(HOT_MATCH_SPORTS),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  /** upcoming: not started; live: started less than HOT_MATCH_SHOWN_MS ago. */
  status: z.enum(['upcoming', 'live']),
  path: z.string(),
});
export type HotMatch = z.infer<typeof HotMatchSchema>;
/** Live ones first, then by start. */
export const HotMatchListSchema = z.object({ list: z.array(HotMatchSchema) });

/** GET /wps/system/videos: a video in the player's language. */
export const VideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  posterUrl: z.string().nullable(),
});
export type Video = z.infer<typeof VideoSchema>;
export const VideoListSchema = z.object({ list: z.array(VideoSchema) });

export const PublicKeySchema = z.object({
  kid: z.string(),
  jwk: z.object({
    kty: z.literal('RSA'),
    n: z.string(),
    e: z.string(),
    alg: z.literal('RSA-OAEP-256'),
    use: z.literal('enc'),
    kid: z.string(),
  }),
});
export type PublicKey = z.infer<typeof PublicKeySchema>;

/** Sealed payloads: compact JWE with these algorithms, sent as this content type. */
export const SEALED = {
  contentType: 'application/jose',
  alg: 'RSA-OAEP-256',
  enc: 'A256GCM',
} as const;
