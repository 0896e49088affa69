/**
 * A vendor's name in the other language (`vendorNames`, spec §3): shown under its name on the
 * vendor tiles and the provider page, so a player who knows a provider by its English (or
 * Bengali) name finds it on a page in the other language. Nothing when both names are the same.
 */
import type { Vendor } from '@khela/contract/games';
import type { Language } from '@khela/contract/language';

export interface OtherName {
  name: string;
  /** For the element's `lang`, so a screen reader reads it in its own language. */
  lang: 'en' | 'bn';
}

export function otherVendorName(
  vendor: Pick<Vendor, 'displayName' | 'vendorNames'>,
  language: Language,
): OtherName | undefined {
  const other: Language = language === 'EN' ? 'BN' : 'EN';
  const name = vendor.vendorNames[other].trim();
  if (!name || name === vendor.displayName || name === vendor.vendorNames[language])
    return undefined;
  return { name, lang: other === 'EN' ? 'en' : 'bn' };
}
