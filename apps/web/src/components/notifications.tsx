/**
 * Where toasts and the loading indicator appear. The regions are always in the page so screen
 * readers announce new messages: polite for information, assertive for errors.
 */
import { useTranslation } from 'react-i18next';
import { useNotifyStore } from '../lib/notify';
import styles from './notifications.module.css';

export function Notifications() {
  const { t } = useTranslation();
  const toasts = useNotifyStore((state) => state.toasts);
  const loading = useNotifyStore((state) => state.loading);
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');

  return (
    <>
      <div className={styles.toasts}>
        <div role="status" aria-live="polite" aria-label={t('common.notifications')}>
          {others.map((toast) => (
            <p key={toast.id} className={`${styles.toast} ${styles[toast.kind]}`}>
              {toast.message}
            </p>
          ))}
        </div>
        <div role="alert" aria-live="assertive">
          {errors.map((toast) => (
            <p key={toast.id} className={`${styles.toast} ${styles.error}`}>
              {toast.message}
            </p>
          ))}
        </div>
      </div>
      {loading && (
        <div className={styles.loading}>
          <div role="status" aria-live="polite" aria-busy="true" className={styles.loadingBox}>
            <span className={styles.wheel} aria-hidden="true" />
            <span>{loading.message}</span>
          </div>
        </div>
      )}
    </>
  );
}
