/**
 * The sandbox gateway's side of the signature it shares with its merchant: HMAC-SHA256 under the
 * shared secret over `${timestamp}.${payload}` (a POST's raw body, a GET's path), sent as
 * `x-sandbox-timestamp: <unix seconds>` and `x-sandbox-signature: sha256=<hex>`. Its notices are
 * signed so, and the merchant's calls are checked so, 5 minutes either way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SANDBOX_NOTICE_TOLERANCE_S,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
} from '@khela/contract/cashier';

const nowSeconds = () => Math.floor(Date.now() / 1000);

const digest = (secret: string, timestamp: string, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest();

export function signHeaders(
  secret: string,
  payload: string,
  timestamp = nowSeconds(),
): Record<string, string> {
  return {
    [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
    [SANDBOX_SIGNATURE_HEADER]: `sha256=${digest(secret, String(timestamp), payload).toString('hex')}`,
  };
}

type Headers = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Whether `payload` was signed with `secret` within the tolerance. */
export function signedBy(secret: string, payload: string, headers: Headers, now = nowSeconds()) {
  const timestamp = first(headers[SANDBOX_TIMESTAMP_HEADER]) ?? '';
  const signature = first(headers[SANDBOX_SIGNATURE_HEADER]) ?? '';
  if (!/^\d{1,12}$/.test(timestamp) || !/^sha256=[0-9a-f]{64}$/i.test(signature)) return false;
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  const expected = digest(secret, timestamp, payload);
  return (
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    Math.abs(now - Number(timestamp)) <= SANDBOX_NOTICE_TOLERANCE_S
  );
}
