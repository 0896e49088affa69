/** The language switcher: a native select named "Language", each language in its own script. */
import type { Language } from '@khela/contract/language';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_OPTIONS, useLanguage } from '../lib/i18n';
import { ShellIcon } from './icon';
import styles from './language-switcher.module.css';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <label className={styles.switcher}>
      <ShellIcon name="globe" size={18} />
      <select
        aria-label={t('language.label')}
        value={language}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
        className={styles.select}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} lang={option.tag}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
