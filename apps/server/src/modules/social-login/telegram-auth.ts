/**
 * Telegram login widget data, checked as Telegram documents it
 * (core.telegram.org/widgets/login#checking-authorization): the data-check-string is every
 * received field but `hash`, as `key=value` lines sorted by key and joined by "\n"; its
 * HMAC-SHA256 with the SHA-256 of the bot token as key must equal `hash`; `auth_date` must be
 * recent, or old data could be replayed.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramAuthBody } from '@khela/contract/social-login';

export type TelegramCheck = { ok: true } | { ok: false; reason: 'hash' | 'stale' };

export function telegramDataCheckString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
}

/** The hash Telegram would send for `data` (tests sign with it too). */
export function telegramHash(data: Record<string, unknown>, botToken: string): string {
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(telegramDataCheckString(data)).digest('hex');
}

export function checkTelegramAuth(
  data: TelegramAuthBody,
  botToken: string,
  maxAgeSeconds: number,
  nowMs = Date.now(),
): TelegramCheck {
  const expected = Buffer.from(telegramHash(data, botToken), 'hex');
  const sent = Buffer.from(data.hash.toLowerCase(), 'hex');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    return { ok: false, reason: 'hash' };
  }
  const age = nowMs / 1000 - Number(data.auth_date);
  // A little clock skew ahead is tolerated; older than the limit is refused.
  if (age > maxAgeSeconds || age < -60) return { ok: false, reason: 'stale' };
  return { ok: true };
}
