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

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  SETTINGS_REFRESH_MS: z.coerce.number().int().min(100).default(5000),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  OPS_CAPTCHA_PEEK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  PASSWORD_HASH_COST: hashCost.default(PRODUCTION_PASSWORD_HASH_COST),
});

export type Config = {
  port: number;
  host: string;
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
  /** Safety net for shared settings when no Redis carries change notices between processes. */
  settingsRefreshMs: number;
  migrationsDir: string;
  /** Lets the operator API read captcha answers: for automated end-to-end environments only. */
  opsCaptchaPeek: boolean;
  /** Signs the sandbox payment provider's notices; generated into DATA_DIR when unset. */
  paymentSandboxSecret: string | undefined;
  /** argon2id cost of new password hashes; stored hashes at another cost are redone at login. */
  passwordHashCost: PasswordHashCost;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new StartupError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
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
    settingsRefreshMs: e.SETTINGS_REFRESH_MS,
    migrationsDir: path.join(PACKAGE_ROOT, 'src/db/migrations'),
    opsCaptchaPeek: e.OPS_CAPTCHA_PEEK,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    passwordHashCost: e.PASSWORD_HASH_COST,
  };
}
