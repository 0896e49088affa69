/** Numbers as the player reads them: Bengali digits in Bengali, grouped, fixed decimals. */
import type { Language } from '@khela/contract/language';

const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, language: Language, decimals = 0): string {
  const key = `${language}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'BN' ? 'bn-BD' : 'en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, format);
  }
  return format.format(value);
}
