/** Amounts on the cashier screens, in the channel's currency. */
import { formatAmount } from '@khela/contract/amount';

const SYMBOLS: Record<string, string> = { BDT: '৳' };

/** "৳1,234.50" (or "USD 12.00" for a currency without a symbol here). */
export const withSymbol = (minor: number, currency: string) =>
  formatAmount(minor, { symbol: SYMBOLS[currency] ?? `${currency} ` });
