/**
 * The partners' client of our seamless wallet (the demo vendor's rounds and the sportsbook's bets):
 * plain HTTP with the vendor's signature, as an outside provider's server would call it. Nothing here reaches into the app: the base address
 * and the secret are given, so tests point it at any listening server.
 */
import { createHmac } from 'node:crypto';
import {
  VENDOR_PROVIDER_HEADER,
  VENDOR_SIGNATURE_HEADER,
  type VendorAdjustBody,
  type VendorAdjustment,
  type VendorBalance,
  type VendorBetBody,
  type VendorRollbackBody,
  type VendorTransaction,
  type VendorWinBody,
  type VendorWins,
  type VendorWinsItem,
} from '@khela/contract/vendor-wallet';

/** The contract's signature, made on the vendor's side: hex HMAC-SHA256 of the raw body. */
const sign = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** The wallet answered with an error envelope (insufficient funds, session ended, …). */
export class WalletRefusal extends Error {
  override readonly name = 'WalletRefusal';
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly data: Record<string, unknown> | undefined,
  ) {
    super(message);
  }
}

/** The wallet could not be reached, or answered something that is not its envelope. */
export class WalletUnreachable extends Error {
  override readonly name = 'WalletUnreachable';
}

export interface WalletClientOptions {
  /** e.g. http://127.0.0.1:3000; read at each call (the server learns its port when it listens). */
  baseUrl: () => string;
  provider: string;
  /** Read at each call, so a rotated secret is used at once. */
  secret: () => string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A batch of wins is answered when its last item is: give it longer than one call. */
const BATCH_TIMEOUT_MS = 30_000;

type Envelope<T> =
  | { success: true; value: T }
  | { success: false; errorCode: string; message?: string; data?: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export class WalletClient {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: WalletClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  balance(token: string, language: string): Promise<VendorBalance> {
    return this.call('balance', { token }, language);
  }

  bet(body: VendorBetBody, language: string): Promise<VendorTransaction> {
    return this.call('bet', body, language);
  }

  win(body: VendorWinBody, language: string): Promise<VendorTransaction> {
    return this.call('win', body, language);
  }

  /**
   * Many final or partial wins under one signature (up to VENDOR_WINS_MAX_ITEMS): each item's own
   * answer, in order; an item refused or not decided (status 5xx) is its own. The whole call
   * failing (unreachable, refused as a batch) throws as any call does.
   */
  async wins(items: VendorWinBody[], language: string): Promise<VendorWinsItem[]> {
    const answer = await this.call<VendorWins>('wins', { items }, language, BATCH_TIMEOUT_MS);
    return answer.items;
  }

  rollback(body: VendorRollbackBody, language: string): Promise<VendorTransaction> {
    return this.call('rollback', body, language);
  }

  /** A correction of a settled round (signed amount); answers what moved. */
  adjust(body: VendorAdjustBody, language: string): Promise<VendorAdjustment> {
    return this.call('adjust', body, language);
  }

  private async call<T>(
    path: string,
    body: object,
    language: string,
    timeoutMs = this.options.timeoutMs ?? 5_000,
  ): Promise<T> {
    const raw = JSON.stringify(body);
    const url = `${this.options.baseUrl().replace(/\/$/, '')}/wps/vendor/${path}?language=${encodeURIComponent(language)}`;
    let response: Response;
    let payload: unknown;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENDOR_PROVIDER_HEADER]: this.options.provider,
          [VENDOR_SIGNATURE_HEADER]: sign(this.options.secret(), raw),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
      payload = await response.json();
    } catch (cause) {
      throw new WalletUnreachable(`wallet ${path} failed`, { cause });
    }
    const answer = payload as Envelope<T>;
    if (isRecord(answer) && answer.success === true && response.ok) return answer.value;
    if (isRecord(answer) && answer.success === false && typeof answer.errorCode === 'string') {
      // A server error is no answer about the transaction: the caller may retry it.
      if (response.status >= 500) throw new WalletUnreachable(`wallet ${path}: ${response.status}`);
      throw new WalletRefusal(
        response.status,
        answer.errorCode,
        answer.message ?? answer.errorCode,
        answer.data,
      );
    }
    throw new WalletUnreachable(`wallet ${path}: unexpected answer ${response.status}`);
  }
}
