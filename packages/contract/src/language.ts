/** Player languages: Bengali is the default, English the other (spec §1). */
import { z } from 'zod';

export const LANGUAGES = ['BN', 'EN'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'BN';

/** Text in both languages; every player-facing string the server sends is one of these. */
export type Localized = Record<Language, string>;

/** `language` query first, then the first supported tag of Accept-Language, then Bengali. */
export function pickLanguage(query: unknown, acceptLanguage: string | undefined): Language {
  // Worked out on every API call: the usual cases first, without making strings or arrays.
  if (query === 'BN' || query === 'EN') return query;
  if (typeof query === 'string') {
    const upper = query.toUpperCase();
    if (upper === 'EN' || upper === 'BN') return upper;
  }
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'bn') return 'BN';
    if (tag === 'en') return 'EN';
  }
  return DEFAULT_LANGUAGE;
}
