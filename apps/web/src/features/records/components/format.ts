/** How records show money and times: 2 decimals with the currency symbol, Dhaka's clock. */
import { formatAmount } from '@khela/contract/amount';

/** "+৳1,000.00" / "−৳30.00" (a real minus sign), "৳0.00". */
export const signedMoney = (amountMinor: number, symbol: string) =>
  formatAmount(amountMinor, { symbol, sign: 'always' });

export const money = (amountMinor: number, symbol: string) => formatAmount(amountMinor, { symbol });
