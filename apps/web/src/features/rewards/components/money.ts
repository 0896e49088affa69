/** Amounts as shown on the reward screens: minor units with 2 decimals. */
import { formatMinor } from '@khela/contract/constants';

export const money = (minor: number) => formatMinor(minor);

/** "500", "500.5", "1,000.25" → minor units; null when it is not such an amount. */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points as a percentage: 80 → "0.8%". */
export const percent = (bp: number) =>
  `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
