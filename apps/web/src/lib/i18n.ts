/**
 * i18next set up once: Bengali by default, English too. The chosen language is kept in
 * localStorage (STORAGE_KEYS.language, 'BN' or 'EN'), drives <html lang> and is sent to the API.
 * English strings come in a chunk of their own the first time they are needed, off the home
 * page's first download (most players read Bengali).
 */
import { STORAGE_KEYS } from '@khela/contract/constants';
import { languageDigits } from '@khela/contract/date';
import { formatNumber } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';
import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { bn } from '../locales/bn';
import type { en } from '../locales/en';
import type { LateStrings } from '../locales/late';
import { readStorage, writeStorage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & LateStrings };
  }
}

export const DEFAULT_LANGUAGE: Language = 'BN';

/** Each language is offered by its own name, so a player can find theirs. */
export const LANGUAGE_OPTIONS: readonly { value: Language; label: string; tag: string }[] = [
  { value: 'BN', label: 'বাংলা', tag: 'bn' },
  { value: 'EN', label: 'English', tag: 'en' },
];

const toTag = (language: Language) => (language === 'EN' ? 'en' : 'bn');
const fromTag = (tag: string | undefined): Language =>
  tag?.toLowerCase().startsWith('en') ? 'EN' : 'BN';

export function storedLanguage(): Language {
  const saved = readStorage('local', STORAGE_KEYS.language);
  return saved ? fromTag(saved) : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

/**
 * Every number put into a string (`{{count}}`, `{{minutes}}`, `{{max, number}}`…) is written in the
 * string's language by the one formatter (docs/formatting.md): "৪ মিনিট", "4 min". Text values
 * (names, references, amounts already formatted) pass as they are. It replaces i18next's own
 * formatter, which would build an Intl.NumberFormat (number data on the first screen).
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // `{{no, digits}}`: a number that names something (a draw) is written in the language's
  // digits without grouping.
  format: (value: unknown, format: string | undefined, lng: string | undefined) => {
    if (typeof value !== 'number') return value as string;
    return format === 'digits'
      ? languageDigits(String(value), fromTag(lng))
      : formatNumber(value, fromTag(lng));
  },
};

void i18n
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    resources: { bn: { translation: bn } },
    lng: 'bn',
    fallbackLng: 'bn',
    supportedLngs: ['bn', 'en'],
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
    returnNull: false,
  });

function syncDocument(tag: string) {
  document.documentElement.lang = tag;
}

syncDocument(i18n.language);
i18n.on('languageChanged', syncDocument);

export function currentLanguage(): Language {
  return fromTag(i18n.language);
}

/** English strings of features loaded before English itself: added with it. */
const waitingForEnglish: object[] = [];

/**
 * Adds the strings of a feature the first download leaves out (locales/late.ts), in both
 * languages; the feature's modules call it when they load, before they render.
 */
export function addStrings(strings: { bn: object; en: object }): void {
  i18n.addResourceBundle('bn', 'translation', strings.bn, true, false);
  if (i18n.hasResourceBundle('en', 'translation')) {
    i18n.addResourceBundle('en', 'translation', strings.en, true, false);
  } else {
    waitingForEnglish.push(strings.en);
  }
}

async function showLanguage(language: Language): Promise<void> {
  if (language === 'EN' && !i18n.hasResourceBundle('en', 'translation')) {
    const strings = await import('../locales/en');
    i18n.addResourceBundle('en', 'translation', strings.en);
    for (const late of waitingForEnglish.splice(0)) {
      i18n.addResourceBundle('en', 'translation', late, true, false);
    }
  }
  await i18n.changeLanguage(toTag(language));
}

/** Resolves once the stored language is the one in use (English fetched first). */
export const i18nReady: Promise<void> =
  storedLanguage() === 'EN' ? showLanguage('EN') : Promise.resolve();

/** Switches every string on screen, remembers the choice and updates <html lang>. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage('local', STORAGE_KEYS.language, language);
  await showLanguage(language);
}

/** The current language as the API spells it, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return fromTag(instance.language);
}
