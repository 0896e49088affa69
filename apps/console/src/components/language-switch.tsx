/** English or Bengali, each offered by its own name. */
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_OPTIONS, useLanguage } from '../lib/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('shell.language')}</span>
      <select
        value={language}
        onChange={(event) => void changeLanguage(event.target.value === 'BN' ? 'BN' : 'EN')}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
