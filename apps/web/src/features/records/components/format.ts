/** How records show money: 2 decimals with the currency symbol, in the player's language. */
import { formatMoney } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';

/** "+৳১,০০০.০০" / "−৳30.00" (a real minus sign), "৳0.00". */
export const signedMoney = (amountMinor: number, symbol: string, language: Language) =>
  formatMoney(amountMinor, language, { symbol, sign: 'always' });

export const money = (amountMinor: number, symbol: string, language: Language) =>
  formatMoney(amountMinor, language, { symbol });
