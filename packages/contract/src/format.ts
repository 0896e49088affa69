/**
 * Everything a player reads as a number, in one place and one rule per language
 * (docs/formatting.md): Bengali writes Bengali digits in lakh groups, English Latin digits in
 * thousands; times are on Dhaka's 24-hour clock. Pure functions without the DOM, so the server
 * (messages, the operator command line) writes the same text as the player site.
 *
 * Identifiers (phone numbers, references, transaction numbers, codes, IP addresses) are not
 * numbers: they are shown as typed, so a player can compare and copy them.
 */
import { formatAmount, formatNumber as formatFixed } from './amount';
import { formatDate, formatDay, formatMonth, languageDigits, type DateStyle } from './date';
import type { Language } from './language';

export { formatDate, formatDay, formatMonth, languageDigits, type DateStyle };

/** The currency sign the player site writes before an amount (BDT). */
export const TAKA = '৳';

/**
 * A count or quantity grouped in the language's digits. Without `decimals` it keeps the decimals
 * the value has (2.5 → "2.5", not "3"); with them, rounds to exactly that many.
 */
export function formatNumber(value: number, language: Language, decimals?: number): string {
  if (!Number.isFinite(value)) return languageDigits(String(value), language);
  const places =
    decimals ?? Math.min(6, (/\.(\d+)$/.exec(String(Math.abs(value)))?.[1] ?? '').length);
  return formatFixed(value, language, places);
}

export interface MoneyOptions {
  /** The sign before the digits; '৳' unless given ('' for none, "USD " for another currency). */
  symbol?: string;
  /** `always` writes "+" on a gain too (statements). */
  sign?: 'negative' | 'always';
  /** `whole` drops ".00" from a whole amount (preset buttons: "১,০০০"). */
  cents?: 'always' | 'whole';
}

/** Minor units (paisa) as the player reads them: "৳১,২৩,৪৫৬.৭৮", "−৳৩০.০০", "+৳1,000.00". */
export function formatMoney(
  minor: bigint | number,
  language: Language,
  options: MoneyOptions = {},
) {
  return formatAmount(minor, {
    language,
    symbol: options.symbol ?? TAKA,
    ...(options.sign ? { sign: options.sign } : {}),
    ...(options.cents ? { cents: options.cents } : {}),
  });
}

/** A percentage with at most `maxDecimals` decimals: "0.8%" / "০.৮%". */
export function formatPercent(value: number, language: Language, maxDecimals = 2): string {
  const fixed = formatFixed(value, 'EN', maxDecimals).replace(/,/g, '');
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return `${formatNumber(Number(trimmed), language)}%`;
}

/** A multiplier or other fixed-decimal figure: (1.98, 2) → "1.98" / "১.৯৮". */
export const formatFixedNumber = (value: number, language: Language, decimals: number) =>
  formatFixed(value, language, decimals);

const SECOND_UNIT: Record<Language, string> = { EN: 's', BN: 'সে' };

/** Seconds left on a short countdown (a code's resend, a retry): "58 s" / "৫৮ সে". */
export function formatSeconds(seconds: number, language: Language): string {
  return `${formatNumber(Math.max(0, Math.ceil(seconds)), language)} ${SECOND_UNIT[language]}`;
}

/** A countdown as a clock, minutes and seconds: 245 s → "4:05" / "৪:০৫"; hours when longer. */
export function formatClock(seconds: number, language: Language): string {
  const total = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  const text =
    hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
  return languageDigits(text, language);
}
