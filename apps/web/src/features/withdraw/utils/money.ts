/** Amounts as the player types and reads them: major units with up to 2 decimals, no floats. */
import { formatMinor } from '@khela/contract/constants';

/** "500", "500.5", "1,000.25" → minor units; null when it is not such an amount. */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as an input value: "1234.50". */
export function amountInput(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Minor units as shown: "1,234.50". */
export const money = (minor: number) => formatMinor(minor);

export function dateTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language === 'BN' ? 'bn-BD' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
