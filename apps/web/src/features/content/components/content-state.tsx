/**
 * Loading, failure and empty states of the content screens: skeletons shaped like what they
 * stand for, 'Loading failed, click to retry', and a placeholder text.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './content.module.css';

export function Skeletons({ count = 3, shape }: { count?: number; shape: 'card' | 'row' }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className={styles.skeletons}>
      <span className="visually-hidden">{t('content.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={shape === 'card' ? styles.skeletonCard : styles.skeletonRow} />
      ))}
    </div>
  );
}

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state}>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('common.loadFailed')}
      </button>
    </div>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className={styles.state}>{children}</p>;
}
