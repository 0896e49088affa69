/**
 * Amounts as people type and read them, and numbers as the player reads them. Money is integer
 * minor units (paisa) everywhere else; this is the one place that turns "1,234.50" into 123450
 * and back, for the web and the operator command line alike.
 *
 * Digits and groups are written by hand, not with Intl.NumberFormat: the first Intl.NumberFormat
 * on a page loads number data, 20 to 70 ms of main thread on a desktop (more on a phone), and the
 * jackpot on home's first screen would pay it. In Bengali they are Bengali digits in lakh and
 * crore groups (12,34,56,789), as Intl writes bn-BD; in English thousands (123,456,789).
 */
import type { Language } from './language';

/** Whole taka an amount may have: 13 digits keep every amount a safe integer of paisa. */
const MAX_WHOLE_DIGITS = 13;

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

export type AmountParseError = 'empty' | 'invalid' | 'negative' | 'too-large';
export type AmountParse = { ok: true; minor: number } | { ok: false; error: AmountParseError };

export interface ParseAmountOptions {
  /** Accept a leading minus (an operator's debit); players' amounts never take one. */
  allowNegative?: boolean;
}

/**
 * "500", "500.5", "1,000.25", "৫০০" (and "-12.50" where negatives are allowed) → minor units,
 * without floating point. More than 2 decimals, or anything else, is `invalid`.
 */
export function parseAmount(text: string, options: ParseAmountOptions = {}): AmountParse {
  const plain = inputDigits(text.trim(), 'EN').replace(/,/g, '');
  if (plain === '') return { ok: false, error: 'empty' };
  const match = /^([-−]?)(\d+)(?:\.(\d{0,2}))?$/.exec(plain);
  if (!match) return { ok: false, error: 'invalid' };
  const [, sign, whole = '', cents = ''] = match;
  const negative = sign !== '';
  if (negative && !options.allowNegative) return { ok: false, error: 'negative' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) return { ok: false, error: 'too-large' };
  const minor = Number(digits) * 100 + Number(cents.padEnd(2, '0'));
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}

/**
 * Digits as a player typed them (a phone's keypad gives Latin digits, a Bengali keyboard Bengali
 * ones) written in the page's: Bengali for BN, Latin for EN; everything else as it is, one
 * character for one, so a field can keep its caret where it was.
 */
export function inputDigits(text: string, language: Language): string {
  return language === 'BN'
    ? text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)]!)
    : text.replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)));
}

/** 1234567 → 1,234,567 */
const thousands = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** 123456789 → 12,34,56,789: the last three digits, then pairs. */
const lakhs = (whole: string) =>
  whole.length <= 3
    ? whole
    : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;

/** Groups the whole part and writes the digits of the language. */
function localise(whole: string, fraction: string | undefined, language: Language): string {
  const text = `${language === 'BN' ? lakhs(whole) : thousands(whole)}${
    fraction === undefined ? '' : `.${fraction}`
  }`;
  return language === 'BN' ? text.replace(/\d/g, (digit) => BENGALI_DIGITS[Number(digit)]!) : text;
}

/**
 * A plain number (a count, a jackpot in taka) grouped with fixed decimals in the language's
 * digits; rounds half away from zero on the decimals, as Intl does (1.005 → 1.01).
 */
export function formatNumber(value: number, language: Language, decimals = 0): string {
  const magnitude = Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`);
  const [whole = '0', fraction] = magnitude.toFixed(decimals).split('.');
  return `${value < 0 ? '-' : ''}${localise(whole, fraction, language)}`;
}

export interface FormatAmountOptions {
  /** Digits and groups of this language; English digits unless given (issue 18 turns BN on). */
  language?: Language;
  /** Written before the digits and after the sign: '৳' gives "−৳30.00". */
  symbol?: string;
  /** `always` writes "+" on a gain too (statements); `negative` only marks a loss. */
  sign?: 'negative' | 'always';
  /** The real minus sign on screens; "-" where the text is typed back (the command line). */
  minus?: '−' | '-';
  /** `whole` drops ".00" from a whole amount (preset buttons: "1,000"). */
  cents?: 'always' | 'whole';
}

/** Minor units for display: "1,234.50", "−৳30.00", "+৳1,000.00"; exact for any bigint. */
export function formatAmount(amountMinor: bigint | number, options: FormatAmountOptions = {}) {
  const value = BigInt(amountMinor);
  const abs = value < 0n ? -value : value;
  const cents = (abs % 100n).toString().padStart(2, '0');
  const fraction = options.cents === 'whole' && cents === '00' ? undefined : cents;
  const sign =
    value < 0n ? (options.minus ?? '−') : value > 0n && options.sign === 'always' ? '+' : '';
  return `${sign}${options.symbol ?? ''}${localise((abs / 100n).toString(), fraction, options.language ?? 'EN')}`;
}

/**
 * Minor units as an input's value, ungrouped, in the page's digits: "500" / "৫০০" for whole
 * taka, else "1234.50" / "১২৩৪.৫০". parseAmount reads either back.
 */
export function amountInputValue(amountMinor: number, language: Language = 'EN'): string {
  const plain = formatAmount(amountMinor, { cents: 'whole', minus: '-' }).replace(/,/g, '');
  return inputDigits(plain, language);
}
