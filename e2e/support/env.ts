import { localOidcEnv } from './local-oidc';

/** Where the journeys' server listens, the operator token they use, and how it is started. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_OPS_TOKEN = 'e2e-operator-token-0123456789abcdefgh';
/** The partners app (demo vendor, sportsbook, sandbox payment gateway), on the next port. */
export const PARTNERS_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;
/** The sandbox gateway's pay page: on the partners' origin, not the site's. */
export const SANDBOX_PAY_PAGE = new RegExp(
  `^${PARTNERS_ORIGIN.replace(/\./g, '\\.')}/sandbox-pay/K[0-9A-Z]+\\?language=(BN|EN)$`,
);

/**
 * The built server's environment for the journeys and the screenshots: a fresh database each. The
 * partners app (the demo game vendor, the sportsbook, the sandbox payment gateway) listens on the
 * next port; scripts/start.mjs gives it and the server the sandbox's shared secret.
 */
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    PARTNERS_PORT: String(port + 1),
    PARTNERS_HOST: '127.0.0.1',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPS_TOKEN: E2E_OPS_TOKEN,
    // Journeys read captcha answers through the operator API, as a person reads the picture.
    OPS_CAPTCHA_PEEK: 'true',
    LOG_LEVEL: 'warn',
    // Journeys poll status and switch settings quickly; keep the limiter out of their way.
    RATE_LIMIT_MAX: '100000',
    // Journeys in parallel register and log in faster than one person; keep that limit out of
    // their way too.
    AUTH_RATE_LIMIT_MAX: '100000',
    // A test environment: cheap password hashes, as in the API suites (password-hasher.test.ts
    // checks the production cost).
    PASSWORD_HASH_COST: 'm=256,t=1,p=1',
    // As the quick start: deposits go through the sandbox gateway (play money).
    PAYMENT_PROVIDERS: 'sandbox',
    // The bonus journey waits for the wagering pass; once a second keeps that wait short.
    BONUS_WAGERING_INTERVAL_MS: '1000',
    // The sportsbook's matches at 100× pace (a ball in 0.2 s, a slot every 12 s), so the
    // sportsbook journey sees live odds move and a match end and settle within a test.
    SPORTSBOOK_SPEED: '100',
    // Google login through the journeys' local OpenID provider (social-login.spec.ts); its flag
    // stays off unless that journey turns it on.
    ...localOidcEnv(port),
  };
}
