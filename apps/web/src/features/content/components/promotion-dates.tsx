/** A promotion's dates: start – end, or start and "Long-term" when it has no end (noExpiry 1). */
import { formatDate } from '@khela/contract/date';
import type { Promotion } from '@khela/contract/content';
import { useTranslation } from 'react-i18next';
import styles from './content.module.css';
import '../../../locales/content';
import { useLanguage } from '../../../lib/i18n';

export function PromotionDates({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const start = formatDate(promotion.startDate, 'date', language);
  if (promotion.noExpiry === 1 || !promotion.endDate) {
    return (
      <span className={styles.meta}>
        <span>{start}</span>
        <span className={styles.longTerm}>{t('content.longTerm')}</span>
      </span>
    );
  }
  return (
    <span className={styles.meta}>
      {t('content.dateRange', { start, end: formatDate(promotion.endDate, 'date', language) })}
    </span>
  );
}
