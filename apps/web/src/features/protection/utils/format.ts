/** Money, dates and durations as player protection shows them. */
import { parseAmount } from '@khela/contract/amount';
import { formatMoney } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';
import type { TFunction } from 'i18next';

/** Minor units as ৳ with 2 decimals, grouped; a loss keeps its minus sign. */
export const formatMinor = (minor: number, language: Language) => formatMoney(minor, language);

/** "1 h 12 min"; under an hour only minutes. */
export function formatDuration(ms: number, t: TFunction): string {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts = hours > 0 ? [t('protection.hours', { count: hours })] : [];
  parts.push(t('protection.minutes', { count: minutes }));
  return parts.join(' ');
}

/** What the player typed in a limit field (major units) as minor units; '' is no limit. */
export function parseLimit(text: string): number | null | 'invalid' {
  const parsed = parseAmount(text);
  if (!parsed.ok) return parsed.error === 'empty' ? null : 'invalid';
  return parsed.minor >= 100 && parsed.minor <= 10_000_000_000 ? parsed.minor : 'invalid';
}
