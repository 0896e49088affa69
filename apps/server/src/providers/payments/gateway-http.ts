/**
 * HTTP to a payment partner with a bounded retry: a timeout, a network error or a 5xx is tried
 * again after a growing pause, and after the last try becomes GatewayUnavailable (the caller
 * leaves the payment as it was and asks again later). A 4xx or a body that is not JSON is the
 * partner's answer, not trouble on the way, and is returned or thrown at once.
 */
import { countPartnerCall } from '../../lib/metrics';
import { GatewayUnavailable } from './payment-gateway';

export interface RetryPolicy {
  /** Tries in all (the first and the retries). */
  attempts: number;
  /** The pause before the second try; doubled before each next one. */
  backoffMs: number;
  /** Each try's time limit. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, backoffMs: 300, timeoutMs: 15_000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the partner answered: its HTTP status and the body parsed as JSON. */
export interface PartnerAnswer {
  status: number;
  body: unknown;
}

export async function callPartner(
  partner: string,
  url: string,
  init: RequestInit,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<PartnerAnswer> {
  let trouble = '';
  for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
    if (attempt > 1) await pause(policy.backoffMs * 2 ** (attempt - 2));
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(policy.timeoutMs) });
      text = await response.text();
    } catch (error) {
      countPartnerCall(partner, url, undefined);
      trouble = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      continue;
    }
    countPartnerCall(partner, url, response.status);
    if (response.status >= 500) {
      trouble = `HTTP ${response.status}`;
      continue;
    }
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new Error(`${partner} answered HTTP ${response.status} with a body that is not JSON`);
    }
  }
  throw new GatewayUnavailable(
    `${partner} unavailable after ${policy.attempts} tries (${trouble})`,
  );
}
