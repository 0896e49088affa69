/** Money, dates and durations as player protection shows them. */
import type { Language } from '@khela/contract/language';
import type { TFunction } from 'i18next';

/** Minor units as ৳ with 2 decimals, grouped; a loss keeps its minus sign. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '−' : '';
  const major = Math.abs(minor) / 100;
  return `${sign}৳${major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(language === 'EN' ? 'en-GB' : 'bn-BD', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

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
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const minor = Math.round(Number(trimmed) * 100);
  return minor >= 100 && minor <= 10_000_000_000 ? minor : 'invalid';
}
