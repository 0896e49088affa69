/** Amounts on the cashier screens, in the channel's currency and the player's language. */
import { formatMoney } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';

const SYMBOLS: Record<string, string> = { BDT: '৳' };

/** "৳১,২৩৪.৫০" / "৳1,234.50" (or "USD 12.00" for a currency without a symbol here). */
export const withSymbol = (minor: number, currency: string, language: Language) =>
  formatMoney(minor, language, { symbol: SYMBOLS[currency] ?? `${currency} ` });
