/**
 * Loading, failure and empty states, the same on every screen: a spinner or skeletons shaped
 * like what they stand for, 'Loading failed, click to retry', and a placeholder text.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './load-state.module.css';
import { Spinner } from './spinner';

export function Skeletons({ count = 3, shape }: { count?: number; shape: 'card' | 'row' }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className={styles.skeletons}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={shape === 'card' ? styles.skeletonCard : styles.skeletonRow} />
      ))}
    </div>
  );
}

/** The retry button; `message` says what went wrong when the server said it. */
export function LoadFailed({
  onRetry,
  retrying,
  message,
}: {
  onRetry: () => void;
  retrying?: boolean;
  message?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.state}>
      {message ? <p role="alert">{message}</p> : null}
      <button type="button" className={styles.retry} onClick={onRetry} disabled={retrying}>
        {t('common.loadFailed')}
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.state}>{children}</p>;
}

/** What a query shows until it has data: `loading` (a spinner by default), or the retry. */
export interface PendingQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/**
 * `if (query.isPending || query.isError) return <QueryState query={query} />;` — the rest of the
 * screen then reads `query.data` as loaded. `showError` puts the server's message above the retry.
 */
export function QueryState({
  query,
  loading,
  showError = false,
}: {
  query: PendingQuery;
  loading?: ReactNode;
  showError?: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) return loading ?? <Spinner label={t('common.loading')} block />;
  return (
    <LoadFailed
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      message={showError ? query.error?.message : undefined}
    />
  );
}
