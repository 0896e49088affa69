/** Dates and times shown in the security centre, in the player's language. */
import type { Language } from '@khela/contract/language';

export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(language === 'EN' ? 'en-GB' : 'bn-BD', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
