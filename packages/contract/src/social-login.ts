/**
 * Social login (docs/social-login.md): Google and Facebook through OpenID Connect (authorization
 * code with PKCE, state and nonce), Telegram's login widget. A first return with an unknown
 * identity answers a short-lived ticket: the player registers (the registration rules all apply)
 * or links an existing account with its password.
 */
import { z } from 'zod';
import { LoginResultSchema, RegisterBodySchema } from './accounts';

export const OIDC_PROVIDERS = ['google', 'facebook'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];
export const SOCIAL_PROVIDERS = [...OIDC_PROVIDERS, 'telegram'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const OidcProviderParamsSchema = z.object({ provider: z.enum(OIDC_PROVIDERS) }).strict();

/** Which buttons to show: each provider whose flag is on and that the server has configured. */
export const SocialProvidersSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  /** The Telegram bot's name for the login widget, when Telegram login is on and configured. */
  telegram: z.object({ botName: z.string() }).nullable(),
});
export type SocialProviders = z.infer<typeof SocialProvidersSchema>;

export const SocialStartResultSchema = z.object({ authorizationUrl: z.string() });

/** What the provider sent back to the site's return page, as it sent it. */
export const OidcCallbackBodySchema = z
  .object({
    state: z.string().max(256),
    code: z.string().max(2048).optional(),
    iss: z.string().max(512).optional(),
    error: z.string().max(128).optional(),
    error_description: z.string().max(512).optional(),
  })
  .strict();

/** The Telegram login widget's user object, as Telegram signs it. */
export const TelegramAuthBodySchema = z
  .object({
    id: z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(1024).optional(),
    auth_date: z.union([z.number().int(), z.string().regex(/^\d{1,12}$/)]),
    hash: z.string().regex(/^[0-9a-f]{64}$/i),
  })
  .strict();
export type TelegramAuthBody = z.infer<typeof TelegramAuthBodySchema>;

/**
 * A provider's answer: signed in (a linked identity), or a ticket to register or link with
 * (good for a few minutes), with what the provider told about the player to fill the form.
 */
export const SocialOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), login: LoginResultSchema }),
  z.object({
    status: z.literal('needsAccount'),
    ticket: z.string(),
    provider: z.enum(SOCIAL_PROVIDERS),
    suggested: z.object({ email: z.string().optional(), nickname: z.string().optional() }),
  }),
]);
export type SocialOutcome = z.infer<typeof SocialOutcomeSchema>;

/** Registration after a provider's return: the registration body without passwords. */
export const SocialRegisterBodySchema = RegisterBodySchema.omit({
  password: true,
  confirmPassword: true,
})
  .extend({
    ticket: z.string().min(16).max(128),
    method: z.enum(['username', 'mobile']).default('username'),
  })
  .strict();
export type SocialRegisterBody = z.input<typeof SocialRegisterBodySchema>;

/** Linking an existing account needs that account's password. */
export const SocialLinkBodySchema = z
  .object({
    ticket: z.string().min(16).max(128),
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(256),
  })
  .strict();
export type SocialLinkBody = z.input<typeof SocialLinkBodySchema>;

// ── The member's linked identities (security centre) ─────────────────────────────────────────

/** GET /wps/social/identities: the sign-ins linked to the member, oldest link first. */
export const LinkedIdentitySchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  /** The e-mail the provider told at linking, masked (`ab***@example.com`); null if none. */
  email: z.string().nullable(),
  linkedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;
export const LinkedIdentitiesSchema = z.object({
  list: z.array(LinkedIdentitySchema),
  /** False when the member never set a login password (signed up through a provider). */
  passwordSet: z.boolean(),
});
export type LinkedIdentities = z.infer<typeof LinkedIdentitiesSchema>;

export const UnlinkParamsSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) }).strict();
/** DELETE /wps/social/identities/:provider: the login password, re-entered. */
export const UnlinkBodySchema = z.object({ password: z.string().min(1).max(128) }).strict();
