/** Amounts as the player types and reads them: major units with up to 2 decimals, no floats. */
import { formatMinor } from '@khela/contract/constants';

/** "500", "500.5", "1,000.25" → minor units; null when it is not such an amount. */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as an input value: whole taka without decimals ("500"), else "1234.50". */
export function amountInput(minor: number): string {
  const cents = minor % 100;
  return cents === 0
    ? String(minor / 100)
    : `${Math.floor(minor / 100)}.${String(cents).padStart(2, '0')}`;
}

/** Minor units as shown: "1,234.50". */
export const money = (minor: number) => formatMinor(minor);

/** A preset button's text: whole taka, grouped ("1,000"). */
export const wholeMoney = (minor: number) => (minor / 100).toLocaleString('en-US');

export function dateTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language === 'BN' ? 'bn-BD' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

const SYMBOLS: Record<string, string> = { BDT: '৳' };

/** "৳1,234.50" (or "USD 12.00" for a currency without a symbol here). */
export const withSymbol = (minor: number, currency: string) =>
  `${SYMBOLS[currency] ?? `${currency} `}${money(minor)}`;
