/** Times on the withdrawal screens. */
export function dateTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language === 'BN' ? 'bn-BD' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
