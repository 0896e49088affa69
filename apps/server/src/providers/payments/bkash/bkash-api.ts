/**
 * bKash Tokenized Checkout over HTTP (the URL-based flow "without agreement"), as its public
 * developer documentation describes it, relative to BKASH_BASE_URL (for example
 * https://tokenized.sandbox.bka.sh/v1.2.0-beta):
 *
 *   POST /tokenized/checkout/token/grant     headers username, password; body app_key, app_secret
 *   POST /tokenized/checkout/token/refresh   the same, plus refresh_token
 *   POST /tokenized/checkout/create          headers Authorization: <id_token>, X-APP-Key
 *   POST /tokenized/checkout/execute         { paymentID }
 *   POST /tokenized/checkout/payment/status  { paymentID }
 *   POST /tokenized/checkout/payment/refund  { paymentID, trxID, amount, sku, reason } refunds;
 *                                            { paymentID, trxID } alone asks the refund's status
 *
 * Answers carry `statusCode` ('0000' is success) and `statusMessage`; an expired or wrong id_token
 * answers HTTP 401. Timeouts, network errors and 5xx become GatewayUnavailable: the caller retries
 * with back-off or asks again later, and never treats them as a payment's outcome.
 */
import type { BkashConfig } from '../../../config';
import type { CacheStore } from '../../cache/cache-store';
import { countPartnerCall } from '../../../lib/metrics';
import { GatewayUnavailable } from '../payment-gateway';

export const BKASH_PATHS = {
  grant: '/tokenized/checkout/token/grant',
  refresh: '/tokenized/checkout/token/refresh',
  create: '/tokenized/checkout/create',
  execute: '/tokenized/checkout/execute',
  status: '/tokenized/checkout/payment/status',
  refund: '/tokenized/checkout/payment/refund',
} as const;

/** bKash's success code on every call. */
export const BKASH_OK = '0000';

export type BkashAnswer = Record<string, unknown> & {
  statusCode?: string;
  statusMessage?: string;
};

/** The id_token was refused (HTTP 401): grant a new one and try once more. */
class TokenRefused extends Error {}

interface TokenRecord {
  idToken: string;
  refreshToken: string | null;
  /** Milliseconds since the epoch, with a margin taken off bKash's expires_in. */
  expiresAt: number;
}

export interface BkashApiOptions {
  /** Shares the token between processes (Redis when configured; memory otherwise). */
  cache: CacheStore;
  /** bKash asks merchants to wait up to 30 s for any of its calls. */
  timeoutMs?: number;
  /** Tries per call on timeouts and 5xx, waiting backoffMs, then twice that, … between them. */
  attempts?: number;
  backoffMs?: number;
  now?: () => number;
}

const TOKEN_KEY = 'payments:bkash:token';
/** A token is renewed this long before bKash says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** How long a refresh token is kept for (bKash's are good for weeks; a grant replaces it). */
const REFRESH_KEEP_MS = 24 * 60 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class BkashApi {
  private memory: TokenRecord | null = null;
  private pending: Promise<TokenRecord> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly config: BkashConfig,
    private readonly options: BkashApiOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** A merchant call with the current id_token; a refused token is granted anew once. */
  async call(path: string, body: Record<string, unknown>, retry = true): Promise<BkashAnswer> {
    const send = async () => {
      const token = await this.token();
      return this.post(path, body, {
        authorization: token.idToken,
        'x-app-key': this.config.appKey,
      });
    };
    return this.withRetries(async () => {
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof TokenRefused)) throw error;
        await this.forget();
        return send();
      }
    }, retry);
  }

  /** The current token: from this process, else the shared cache, else refreshed or granted. */
  async token(): Promise<TokenRecord> {
    if (this.memory && this.memory.expiresAt > this.now()) return this.memory;
    this.pending ??= this.loadToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async loadToken(): Promise<TokenRecord> {
    const shared = await this.options.cache.get(TOKEN_KEY);
    const stored = shared ? (JSON.parse(shared) as TokenRecord) : null;
    if (stored && stored.expiresAt > this.now()) {
      this.memory = stored;
      return stored;
    }
    const refreshToken = stored?.refreshToken ?? this.memory?.refreshToken ?? null;
    let answer: BkashAnswer | null = null;
    if (refreshToken) {
      answer = await this.withRetries(() =>
        this.post(
          BKASH_PATHS.refresh,
          this.credentials({ refresh_token: refreshToken }),
          this.userHeaders(),
        ),
      ).catch(() => null);
      if (answer && typeof answer.id_token !== 'string') answer = null;
    }
    answer ??= await this.withRetries(() =>
      this.post(BKASH_PATHS.grant, this.credentials({}), this.userHeaders()),
    );
    if (typeof answer.id_token !== 'string') {
      throw new Error(
        `bKash refused the token grant: ${answer.statusCode} ${answer.statusMessage}`,
      );
    }
    const expiresInS = Number(answer.expires_in ?? 3600);
    const record: TokenRecord = {
      idToken: answer.id_token,
      refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : refreshToken,
      expiresAt: this.now() + Math.max(0, expiresInS * 1000 - TOKEN_MARGIN_MS),
    };
    this.memory = record;
    await this.options.cache.set(TOKEN_KEY, JSON.stringify(record), REFRESH_KEEP_MS);
    return record;
  }

  /** Drops the id_token everywhere (bKash refused it); the refresh token goes with it. */
  private async forget() {
    this.memory = null;
    await this.options.cache.del(TOKEN_KEY);
  }

  private credentials(extra: Record<string, string>) {
    return { app_key: this.config.appKey, app_secret: this.config.appSecret, ...extra };
  }

  private userHeaders() {
    return { username: this.config.username, password: this.config.password };
  }

  private async withRetries<T>(run: () => Promise<T>, retry = true): Promise<T> {
    const attempts = retry ? (this.options.attempts ?? 3) : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof GatewayUnavailable) || attempt >= attempts) throw error;
        await sleep((this.options.backoffMs ?? 500) * 2 ** (attempt - 1));
      }
    }
  }

  private async post(
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string>,
  ): Promise<BkashAnswer> {
    let res: Response;
    const url = `${this.config.baseUrl}${path}`;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      countPartnerCall('bkash', url, undefined);
      throw new GatewayUnavailable(`bKash ${path}: ${(error as Error).message}`);
    }
    countPartnerCall('bkash', url, res.status);
    const text = await res.text().catch(() => '');
    if (res.status >= 500) throw new GatewayUnavailable(`bKash ${path}: HTTP ${res.status}`);
    if (res.status === 401) throw new TokenRefused(`bKash ${path}: ${text.slice(0, 200)}`);
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object') return json as BkashAnswer;
    } catch {
      // Not JSON: treated below as a failed call.
    }
    throw new GatewayUnavailable(`bKash ${path}: HTTP ${res.status}, not JSON`);
  }
}
