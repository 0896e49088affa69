/**
 * Deposit records (/m/vouReport): newest first, a status filter, and "Load more" for the next
 * page (the server's cursor).
 */
import { DEPOSIT_STATUSES, type DepositStatus } from '@khela/contract/cashier';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { depositRecordsQueryOptions } from '../api/cashier';
import styles from './cashier.module.css';
import { DepositItem } from './deposit-item';

export function DepositRecords({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const records = useInfiniteQuery(depositRecordsQueryOptions(token, status));
  const list = records.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className={styles.screen}>
      <div className={styles.field}>
        <label htmlFor={`${id}-status`} className={styles.label}>
          {t('depositReport.filter')}
        </label>
        <select
          id={`${id}-status`}
          className={styles.input}
          value={status}
          onChange={(event) => setStatus(event.target.value as DepositStatus | '')}
        >
          <option value="">{t('depositReport.all')}</option>
          {DEPOSIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`deposit.status_${s}`)}
            </option>
          ))}
        </select>
      </div>
      {records.isPending ? (
        <Spinner label={t('common.loading')} block />
      ) : records.isError ? (
        <button type="button" className={styles.secondary} onClick={() => void records.refetch()}>
          {t('common.loadFailed')}
        </button>
      ) : list.length === 0 ? (
        <p className={styles.muted}>{t('depositReport.empty')}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label={t('deposit.records')}>
            {list.map((d) => (
              <DepositItem key={d.id} deposit={d} />
            ))}
          </ul>
          {records.hasNextPage ? (
            <button
              type="button"
              className={styles.secondary}
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {records.isFetchingNextPage
                ? t('depositReport.loading')
                : t('depositReport.loadMore')}
            </button>
          ) : (
            <p className={styles.muted}>{t('depositReport.end')}</p>
          )}
        </>
      )}
    </div>
  );
}
