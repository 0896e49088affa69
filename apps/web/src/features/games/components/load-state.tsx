/** "Loading failed, click to retry" and the empty state, in the space the content would take. */
import { useTranslation } from 'react-i18next';
import styles from './games-layout.module.css';

export function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state}>
      <button type="button" className={styles.retry} onClick={onRetry} disabled={retrying}>
        {t('common.loadFailed')}
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: string }) {
  return <p className={styles.state}>{children}</p>;
}
