/**
 * i18next for the back office: English by default (operators' working language), Bengali one
 * switch away; both sets of strings are in the bundle (they are small next to the player site's).
 * The choice is kept in localStorage, drives <html lang> and is sent to the API so error
 * messages come back in it.
 */
import type { Language } from '@khela/contract/language';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { bn } from '../locales/bn';
import { en } from '../locales/en';
import { setApiLanguage } from './api';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const LANGUAGE_KEY = 'khela.ops.language';
export const LANGUAGE_OPTIONS: readonly { value: Language; label: string }[] = [
  { value: 'EN', label: 'English' },
  { value: 'BN', label: 'বাংলা' },
];

const toTag = (language: Language) => (language === 'BN' ? 'bn' : 'en');
const fromTag = (tag: string | undefined): Language =>
  tag?.toLowerCase().startsWith('bn') ? 'BN' : 'EN';

function storedLanguage(): Language {
  try {
    return fromTag(localStorage.getItem(LANGUAGE_KEY) ?? 'en');
  } catch {
    return 'EN';
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, bn: { translation: bn } },
  lng: toTag(storedLanguage()),
  fallbackLng: 'en',
  supportedLngs: ['en', 'bn'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function sync(tag: string) {
  document.documentElement.lang = tag;
  setApiLanguage(fromTag(tag));
}
sync(i18n.language);
i18n.on('languageChanged', sync);

export async function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18n.changeLanguage(toTag(language));
}

/** The language in use as the API spells it, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return fromTag(instance.language);
}
