/** How records show money and times: 2 decimals with the currency symbol, Dhaka's clock. */
import { formatAmount } from '@khela/contract/amount';
import { RECORDS_TIME_ZONE } from '@khela/contract/records';

/** "+৳1,000.00" / "−৳30.00" (a real minus sign), "৳0.00". */
export const signedMoney = (amountMinor: number, symbol: string) =>
  formatAmount(amountMinor, { symbol, sign: 'always' });

export const money = (amountMinor: number, symbol: string) => formatAmount(amountMinor, { symbol });

const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: RECORDS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** "2026-03-15 14:05:09" in Bangladesh time. */
export function recordTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
