/**
 * The partners app's configuration, from the environment. It knows the product only as an
 * outside vendor would: its public address and the secret the product's operator shared.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  PARTNERS_PORT: z.coerce.number().int().min(0).max(65535).default(4318),
  PARTNERS_HOST: z.string().default('0.0.0.0'),
  /** Our own public address, where players' browsers open our pages (default: this machine's port). */
  PARTNERS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The product's public address: its wallet API is there, and only its pages frame ours. */
  PRODUCT_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
  /** Where the wallet API is, when not at PRODUCT_URL (a private address inside a network). */
  PRODUCT_WALLET_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The code the product's registry knows the demo vendor by, and the secret it shares. */
  DEMO_VENDOR_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,16}$/)
    .default('DEMO'),
  DEMO_VENDOR_SECRET: z.string().min(32),
  /** The vendor's own database (its round journal): Postgres, else embedded in PARTNERS_DATA_DIR. */
  PARTNERS_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PARTNERS_DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data/partners')),
  /**
   * The sportsbook partner (sportsbook/): mounted when its secret is set, signing its wallet
   * calls as SPORTSBOOK_VENDOR_CODE.
   */
  SPORTSBOOK_VENDOR_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,16}$/)
    .default('SPORTSBOOK'),
  SPORTSBOOK_VENDOR_SECRET: z.string().min(32).optional(),
  /** The schedule's seed: the same seed, the same fixtures and matches. */
  SPORTSBOOK_SEED: z.string().min(1).max(64).default('khela'),
  /** How many times faster than real matches play (a demo or a test: 20 plays a T20 in 4 minutes). */
  SPORTSBOOK_SPEED: z.coerce.number().min(1).max(10_000).default(1),
  /** The operator's margin in basis points (500: about 5% over the fair book). */
  SPORTSBOOK_MARGIN_BP: z.coerce.number().int().min(0).max(3_000).default(500),
  SPORTSBOOK_MIN_STAKE_MINOR: z.coerce.number().int().min(1).default(10_00),
  SPORTSBOOK_MAX_STAKE_MINOR: z.coerce.number().int().min(1).default(50_000_00),
  SPORTSBOOK_MAX_PAYOUT_MINOR: z.coerce.number().int().min(1).default(1_000_000_00),
  SPORTSBOOK_CASH_OUT_FEE_BP: z.coerce.number().int().min(0).max(5_000).default(300),
  /**
   * The sandbox payment gateway (sandbox-gateway/): mounted when the secret it shares with its
   * merchant (the product's PAYMENT_SANDBOX_SECRET) is set.
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface SportsbookConfig {
  code: string;
  secret: string;
  seed: string;
  speed: number;
  marginBp: number;
  minStakeMinor: number;
  maxStakeMinor: number;
  maxPayoutMinor: number;
  cashOutFeeBp: number;
}

export interface PartnersConfig {
  port: number;
  host: string;
  /** Our public address, no trailing slash: the sandbox gateway's pay pages are there. */
  publicUrl: string;
  productUrl: string;
  walletUrl: string;
  demoVendor: { code: string; secret: string };
  /** The sportsbook partner; absent without its secret. */
  sportsbook?: SportsbookConfig;
  /** The sandbox payment gateway; absent without its secret. */
  sandboxGateway?: { secret: string };
  databaseUrl: string | undefined;
  /** undefined: an in-memory database (tests). */
  dataDir: string | undefined;
  logLevel: string;
}

export function loadPartnersConfig(env: NodeJS.ProcessEnv = process.env): PartnersConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`partners: bad configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const productUrl = e.PRODUCT_URL.replace(/\/$/, '');
  return {
    port: e.PARTNERS_PORT,
    host: e.PARTNERS_HOST,
    publicUrl: (e.PARTNERS_URL ?? `http://127.0.0.1:${e.PARTNERS_PORT}`).replace(/\/+$/, ''),
    productUrl,
    walletUrl: (e.PRODUCT_WALLET_URL ?? productUrl).replace(/\/$/, ''),
    demoVendor: { code: e.DEMO_VENDOR_CODE, secret: e.DEMO_VENDOR_SECRET },
    sportsbook: e.SPORTSBOOK_VENDOR_SECRET
      ? {
          code: e.SPORTSBOOK_VENDOR_CODE,
          secret: e.SPORTSBOOK_VENDOR_SECRET,
          seed: e.SPORTSBOOK_SEED,
          speed: e.SPORTSBOOK_SPEED,
          marginBp: e.SPORTSBOOK_MARGIN_BP,
          minStakeMinor: e.SPORTSBOOK_MIN_STAKE_MINOR,
          maxStakeMinor: e.SPORTSBOOK_MAX_STAKE_MINOR,
          maxPayoutMinor: e.SPORTSBOOK_MAX_PAYOUT_MINOR,
          cashOutFeeBp: e.SPORTSBOOK_CASH_OUT_FEE_BP,
        }
      : undefined,
    sandboxGateway: e.PAYMENT_SANDBOX_SECRET ? { secret: e.PAYMENT_SANDBOX_SECRET } : undefined,
    databaseUrl: e.PARTNERS_DATABASE_URL,
    dataDir: path.resolve(e.PARTNERS_DATA_DIR),
    logLevel: e.LOG_LEVEL,
  };
}
