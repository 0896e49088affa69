/**
 * The only file that reads process.env. Parsed once at start; every bad variable is listed before
 * the process exits. No NODE_ENV branches: DATABASE_URL and REDIS_URL decide the stores.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { StartupError } from './lib/startup-error';
import {
  PRODUCTION_PASSWORD_HASH_COST,
  type PasswordHashCost,
} from './modules/accounts/password-hasher';
import { SMS_HTTP_PLACEHOLDERS, type SmsHttpConfig } from './providers/messages/http-template-sms';
import type { SmtpConfig } from './providers/messages/smtp-mail';
import type { TwilioConfig } from './providers/messages/twilio-sms';

/** The server package root, from src/*.ts (tsx, vitest) and from dist/*.js alike. */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * A browser's Origin header is exactly `scheme://host[:port]`: an entry with a path, a query, a
 * trailing slash or credentials would never match one, so it is refused rather than ignored.
 */
const isOrigin = (entry: string) => {
  try {
    const url = new URL(entry);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry;
  } catch {
    return false;
  }
};

const origins = list.superRefine((entries, context) => {
  for (const entry of entries) {
    if (!isOrigin(entry)) {
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is not an origin (scheme://host[:port], no path or trailing slash)`,
      });
    }
  }
});
/** `m=7168,t=5,p=1`: argon2id memory in KiB, passes and lanes, as in a PHC string. */
const hashCost = z
  .string()
  .regex(/^m=\d{1,7},t=\d{1,2},p=\d{1,3}$/, 'expected m=<KiB>,t=<passes>,p=<lanes>')
  .transform((value): PasswordHashCost => {
    const [m, t, p] = value.split(',').map((part) => Number(part.slice(2)));
    return { memoryCost: m!, timeCost: t!, parallelism: p! };
  })
  .refine((cost) => cost.timeCost >= 1 && cost.parallelism >= 1 && cost.parallelism <= 255, {
    message: 't and p must be at least 1, p at most 255',
  })
  .refine((cost) => cost.memoryCost >= 8 * cost.parallelism, {
    message: 'm must be at least 8 KiB per lane',
  });

/** A bulk-SMS gateway's URL with its placeholders: it must say where the number and text go. */
const smsHttpUrl = z
  .string()
  .refine((value) => value.includes('{text}') && /\{(to|msisdn)\}/.test(value), {
    message: 'needs the {text} placeholder and {to} or {msisdn}',
  })
  .refine(
    (value) => {
      const sample = value.replace(/\{(\w+)\}/g, (_, name: string) =>
        (SMS_HTTP_PLACEHOLDERS as readonly string[]).includes(name) ? 'x' : `{${name}}`,
      );
      return isHttpUrl(sample) && !/\{\w+\}/.test(sample);
    },
    {
      message: `expected an http(s) URL; placeholders: ${SMS_HTTP_PLACEHOLDERS.map((n) => `{${n}}`).join(' ')}`,
    },
  );

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The payment gateways this build has adapters for (PAYMENT_PROVIDERS names some of them). */
export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'bkash', 'sslcommerz'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

const providers = list.pipe(z.array(z.enum(PAYMENT_PROVIDER_NAMES)));

const BKASH_VARIABLES = [
  'BKASH_BASE_URL',
  'BKASH_APP_KEY',
  'BKASH_APP_SECRET',
  'BKASH_USERNAME',
  'BKASH_PASSWORD',
] as const;

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    // The operator's Prometheus listener: off unless a port is given (plugins/metrics.ts).
    METRICS_HOST: z.string().default('127.0.0.1'),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_PREFIX: z.string().default('khela:'),
    PUBLIC_URL: z.url().optional(),
    // Each lane keeps one batch of vendor calls in the database; a divisor of the 16 house shards.
    // Two by default: while one lane's batch waits for its commit to reach the disk, the other's
    // runs (docs/decisions.md).
    GAME_WALLET_LANES: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(8), z.literal(16)]))
      .default(2),
    OPS_TOKEN: z.string().min(24).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    CORS_ORIGINS: origins.default([]),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024),
    WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
    CONSOLE_DIST: z.string().default(path.join(REPO_ROOT, 'apps/console/dist')),
    SETTINGS_REFRESH_MS: z.coerce.number().int().min(100).default(5000),
    // No gateway unless listed: nothing that credits money is reachable unless configured. The quick
    // start lists the sandbox (demo.env; docs/decisions.md).
    PAYMENT_PROVIDERS: providers.default([]),
    // The sandbox gateway is the partners app (apps/partners): its address, and the secret both
    // sign with (npm start hands the same one to both).
    PAYMENT_SANDBOX_URL: z.url({ protocol: /^https?$/ }).optional(),
    PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
    // Gateways that pay approved withdrawals out; only the sandbox has a payout adapter today
    // (bKash documents none for tokenized merchants: docs/decisions.md). Unlisted: paid by hand.
    PAYOUT_PROVIDERS: list.pipe(z.array(z.enum(['sandbox']))).default([]),
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(120_000),
    PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(300_000),
    // The reports' rollup pass (docs/back-office.md "Reports"); 0 turns the timer off.
    REPORTS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
    REPORTS_ROLLUP_SETTLE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    // The bonus wagering pass (docs/bonuses.md): progress, conversion, expiry; 0 turns it off.
    BONUS_WAGERING_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
    BKASH_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    BKASH_APP_KEY: z.string().min(1).optional(),
    BKASH_APP_SECRET: z.string().min(1).optional(),
    BKASH_USERNAME: z.string().min(1).optional(),
    BKASH_PASSWORD: z.string().min(1).optional(),
    SSLCOMMERZ_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    SSLCOMMERZ_STORE_ID: z.string().min(1).optional(),
    SSLCOMMERZ_STORE_PASSWORD: z.string().min(1).optional(),
    OPS_CAPTCHA_PEEK: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    PASSWORD_HASH_COST: hashCost.default(PRODUCTION_PASSWORD_HASH_COST),
  })
  .superRefine((env, context) => {
    // A listed gateway needs its credentials; they come from the environment only.
    for (const list of ['PAYMENT_PROVIDERS', 'PAYOUT_PROVIDERS'] as const) {
      if (!env[list].includes('sandbox')) continue;
      for (const name of ['PAYMENT_SANDBOX_URL', 'PAYMENT_SANDBOX_SECRET'] as const) {
        if (!env[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `needed when ${list} lists sandbox`,
          });
        }
      }
    }
    if (env.PAYMENT_PROVIDERS.includes('bkash')) {
      for (const name of BKASH_VARIABLES) {
        if (!env[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: 'needed when PAYMENT_PROVIDERS lists bkash',
          });
        }
      }
    }
  });

/** bKash Tokenized Checkout merchant credentials (BKASH_*). */
export interface BkashConfig {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

/** SMS and e-mail providers (README "SMS and e-mail"): none set keeps every message in the outbox. */
const MessagesEnvSchema = z
  .object({
    TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    SMS_HTTP_URL: smsHttpUrl.optional(),
    SMS_HTTP_METHOD: z.enum(['GET', 'POST']).default('GET'),
    SMS_HTTP_SUCCESS: z.string().min(1).optional(),
    SMS_SENDER: z.string().default(''),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
  })
  .superRefine((e, context) => {
    const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together',
      });
    }
    if (e.TWILIO_ACCOUNT_SID && e.SMS_HTTP_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'one SMS provider: set either TWILIO_* or SMS_HTTP_URL',
      });
    }
    if (e.SMTP_URL && !e.MAIL_FROM) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'SMTP_URL needs MAIL_FROM, the sender address (Khela <no-reply@example.com>)',
      });
    }
  });

/** Social login (docs/social-login.md): each OpenID provider needs its three variables, or none. */
const OIDC_NAMES = ['GOOGLE', 'FACEBOOK'] as const;
const SocialEnvSchema = z
  .object({
    OIDC_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_FACEBOOK_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
    OIDC_FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]{20,}$/, 'expected the token BotFather gave (123456:ABC…)')
      .optional(),
    TELEGRAM_BOT_NAME: z
      .string()
      .regex(/^\w{3,64}$/, "expected the bot's username without @")
      .optional(),
    TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(10).default(86_400),
  })
  .superRefine((e, context) => {
    for (const name of OIDC_NAMES) {
      const group = [
        `OIDC_${name}_ISSUER`,
        `OIDC_${name}_CLIENT_ID`,
        `OIDC_${name}_CLIENT_SECRET`,
      ] as const;
      const set = group.filter((variable) => e[variable] !== undefined);
      if (set.length === 0 || set.length === group.length) continue;
      for (const variable of group.filter((v) => e[v] === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [variable],
          message: `required with ${set.join(', ')}`,
        });
      }
    }
    if (Boolean(e.TELEGRAM_BOT_TOKEN) !== Boolean(e.TELEGRAM_BOT_NAME)) {
      context.addIssue({
        code: 'custom',
        path: ['TELEGRAM_BOT_TOKEN'],
        message: 'set TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME together',
      });
    }
  });

/** One OpenID Connect provider's client registration. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function socialConfig(e: z.output<typeof SocialEnvSchema>): Config['social'] {
  const oidc = (issuer?: string, clientId?: string, clientSecret?: string) =>
    issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
  return {
    google: oidc(e.OIDC_GOOGLE_ISSUER, e.OIDC_GOOGLE_CLIENT_ID, e.OIDC_GOOGLE_CLIENT_SECRET),
    facebook: oidc(
      e.OIDC_FACEBOOK_ISSUER,
      e.OIDC_FACEBOOK_CLIENT_ID,
      e.OIDC_FACEBOOK_CLIENT_SECRET,
    ),
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_BOT_NAME
        ? {
            botToken: e.TELEGRAM_BOT_TOKEN,
            botName: e.TELEGRAM_BOT_NAME,
            maxAgeSeconds: e.TELEGRAM_AUTH_MAX_AGE_SECONDS,
          }
        : undefined,
  };
}

function messagesConfig(e: z.output<typeof MessagesEnvSchema>): Config['messages'] {
  return {
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            twilio: {
              baseUrl: e.TWILIO_BASE_URL,
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
            },
          }
        : e.SMS_HTTP_URL
          ? {
              http: {
                url: e.SMS_HTTP_URL,
                method: e.SMS_HTTP_METHOD,
                sender: e.SMS_SENDER,
                successMatch: e.SMS_HTTP_SUCCESS,
              },
            }
          : undefined,
    email: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
  };
}

export type Config = {
  port: number;
  host: string;
  /** Where GET /metrics is served; no listener without a port. Never the public port. */
  metrics: { host: string; port: number | undefined };
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  publicUrl: string | undefined;
  /** Batches of vendor wallet calls in the database at once (see wallet-post-batcher.ts). */
  gameWalletLanes: number;
  opsToken: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  corsOrigins: string[];
  trustProxy: boolean;
  /** `auth` is the tighter per-IP limit of login, registration, codes and recovery calls. */
  rateLimit: { max: number; windowMs: number; auth: number };
  bodyLimitBytes: number;
  webDist: string;
  /** The built back office, served under /ops/. */
  consoleDist: string;
  /** Safety net for shared settings when no Redis carries change notices between processes. */
  settingsRefreshMs: number;
  migrationsDir: string;
  /** Lets the operator API read captcha answers: for automated end-to-end environments only. */
  opsCaptchaPeek: boolean;
  /** The payment gateways that exist in this process (PAYMENT_PROVIDERS); none by default. */
  paymentProviders: PaymentProviderName[];
  /** The sandbox gateway (the partners app): its base address; set when PAYMENT_PROVIDERS lists it. */
  paymentSandboxUrl: string | undefined;
  /** Signs our calls to the sandbox and its notices to us; shared with the sandbox. */
  paymentSandboxSecret: string | undefined;
  /** Gateways that pay approved withdrawals out (PAYOUT_PROVIDERS); none: paid by hand. */
  payoutProviders: 'sandbox'[];
  /** How often the reconciliation pass runs, and how old a pending deposit must be to be asked about. */
  paymentReconcile: { intervalMs: number; afterMs: number };
  /** The reports' rollup pass: how often, and how old a row must be to be taken in. */
  reportsRollup: { intervalMs: number; settleSeconds: number };
  /** How often the bonus wagering pass runs (0: never; tests run it by hand). */
  bonusWageringIntervalMs: number;
  /** Set when PAYMENT_PROVIDERS lists bkash. */
  bkash: BkashConfig | undefined;
  /** argon2id cost of new password hashes; stored hashes at another cost are redone at login. */
  passwordHashCost: PasswordHashCost;
  /** The SSLCOMMERZ store (all three variables or none); unset: no SSLCOMMERZ gateway. */
  sslcommerz: { baseUrl: string; storeId: string; storePassword: string } | undefined;
  /** SMS and e-mail providers; each unset one keeps its messages in the outbox. */
  messages: {
    sms: { twilio: TwilioConfig } | { http: SmsHttpConfig } | undefined;
    email: SmtpConfig | undefined;
  };
  /** Social login providers (OIDC_*, TELEGRAM_*); each unset one has no button and no call. */
  social: {
    google: OidcProviderConfig | undefined;
    facebook: OidcProviderConfig | undefined;
    telegram: { botToken: string; botName: string; maxAgeSeconds: number } | undefined;
  };
};

/** A group of variables that configures one partner: all of them set, or none. */
const SSLCOMMERZ_VARIABLES = [
  'SSLCOMMERZ_BASE_URL',
  'SSLCOMMERZ_STORE_ID',
  'SSLCOMMERZ_STORE_PASSWORD',
] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.superRefine((e, context) => {
    const set = SSLCOMMERZ_VARIABLES.filter((name) => e[name] !== undefined);
    if (set.length === 0 || set.length === SSLCOMMERZ_VARIABLES.length) return;
    for (const name of SSLCOMMERZ_VARIABLES.filter((name) => e[name] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `required with ${set.join(', ')}`,
      });
    }
  }).safeParse(env);
  const messages = MessagesEnvSchema.safeParse(env);
  const social = SocialEnvSchema.safeParse(env);
  if (!parsed.success || !messages.success || !social.success) {
    const problems = [
      ...(parsed.error?.issues ?? []),
      ...(messages.error?.issues ?? []),
      ...(social.error?.issues ?? []),
    ]
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new StartupError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT && e.METRICS_PORT === e.PORT) {
    throw new StartupError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    metrics: { host: e.METRICS_HOST, port: e.METRICS_PORT },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL,
    gameWalletLanes: e.GAME_WALLET_LANES,
    opsToken: e.OPS_TOKEN,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      auth: e.AUTH_RATE_LIMIT_MAX,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDist: path.resolve(e.WEB_DIST),
    consoleDist: path.resolve(e.CONSOLE_DIST),
    settingsRefreshMs: e.SETTINGS_REFRESH_MS,
    migrationsDir: path.join(PACKAGE_ROOT, 'src/db/migrations'),
    opsCaptchaPeek: e.OPS_CAPTCHA_PEEK,
    paymentProviders: [...new Set(e.PAYMENT_PROVIDERS)],
    paymentSandboxUrl: e.PAYMENT_SANDBOX_URL?.replace(/\/+$/, ''),
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    payoutProviders: [...new Set(e.PAYOUT_PROVIDERS)],
    paymentReconcile: {
      intervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
      afterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    },
    reportsRollup: {
      intervalMs: e.REPORTS_ROLLUP_INTERVAL_MS,
      settleSeconds: e.REPORTS_ROLLUP_SETTLE_SECONDS,
    },
    bonusWageringIntervalMs: e.BONUS_WAGERING_INTERVAL_MS,
    bkash: e.PAYMENT_PROVIDERS.includes('bkash')
      ? {
          baseUrl: e.BKASH_BASE_URL!.replace(/\/$/, ''),
          appKey: e.BKASH_APP_KEY!,
          appSecret: e.BKASH_APP_SECRET!,
          username: e.BKASH_USERNAME!,
          password: e.BKASH_PASSWORD!,
        }
      : undefined,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sslcommerz:
      e.SSLCOMMERZ_BASE_URL && e.SSLCOMMERZ_STORE_ID && e.SSLCOMMERZ_STORE_PASSWORD
        ? {
            baseUrl: e.SSLCOMMERZ_BASE_URL.replace(/\/+$/, ''),
            storeId: e.SSLCOMMERZ_STORE_ID,
            storePassword: e.SSLCOMMERZ_STORE_PASSWORD,
          }
        : undefined,
    messages: messagesConfig(messages.data),
    social: socialConfig(social.data),
  };
}
