import { useTranslation } from 'react-i18next';
import styles from './age-notice.module.css';

/** The 18+ notice the spec requires (minimum age 18). */
export function AgeNotice() {
  const { t } = useTranslation();
  return (
    <p className={styles.notice}>
      <span className={styles.badge} aria-hidden="true">
        {t('age.badge')}
      </span>
      <span>{t('age.notice')}</span>
    </p>
  );
}
