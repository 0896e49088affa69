/** Loading, failure (with retry) and empty states shared by the help screens. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import styles from './help.module.css';

export function HelpListState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T[]>;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={t('common.loading')} block />;
  if (query.isError) {
    return (
      <div className={styles.state}>
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          {t('common.loadFailed')}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className={styles.state}>{t('help.empty')}</p>;
  return children(query.data);
}
