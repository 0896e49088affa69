/**
 * Numbers as the player reads them: Bengali digits in Bengali, grouped, fixed decimals, as
 * Intl.NumberFormat writes them for bn-BD (lakh and crore groups: 12,34,56,789) and en-US. Done
 * by hand: the first Intl.NumberFormat on a page loads number data, 20 to 70 ms of main thread
 * on a desktop (more on a phone), and the jackpot on home's first screen would pay it.
 */
import type { Language } from '@khela/contract/language';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** 1234567 → 1,234,567 */
const thousands = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** 123456789 → 12,34,56,789: the last three digits, then pairs. */
const lakhs = (whole: string) =>
  whole.length <= 3
    ? whole
    : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;

export function formatNumber(value: number, language: Language, decimals = 0): string {
  // Half away from zero on the decimal digits, as Intl rounds (1.005 → 1.01; toFixed gives 1.00).
  const magnitude = Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`);
  const [whole = '0', fraction] = magnitude.toFixed(decimals).split('.');
  const text = `${value < 0 ? '-' : ''}${language === 'BN' ? lakhs(whole) : thousands(whole)}${
    fraction === undefined ? '' : `.${fraction}`
  }`;
  return language === 'BN' ? text.replace(/\d/g, (digit) => BENGALI_DIGITS[Number(digit)]!) : text;
}
