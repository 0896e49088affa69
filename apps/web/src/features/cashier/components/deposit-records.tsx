/**
 * Deposit records (/m/vouReport): newest first, a status filter, and "Load more" for the next
 * page (the server's cursor).
 */
import { QueryState } from '../../../components/load-state';
import { DEPOSIT_STATUSES, type DepositStatus } from '@khela/contract/cashier';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositRecordsQueryOptions } from '../api/cashier';
import formStyles from '../../../components/form.module.css';
import { DepositItem } from './deposit-item';

export function DepositRecords({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const records = useInfiniteQuery(depositRecordsQueryOptions(token, status));
  const list = records.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className={formStyles.screen}>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-status`} className={formStyles.label}>
          {t('depositReport.filter')}
        </label>
        <select
          id={`${id}-status`}
          className={formStyles.input}
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
      {records.isPending || records.isError ? (
        <QueryState query={records} />
      ) : list.length === 0 ? (
        <p className={formStyles.muted}>{t('depositReport.empty')}</p>
      ) : (
        <>
          <ul className={formStyles.list} aria-label={t('deposit.records')}>
            {list.map((d) => (
              <DepositItem key={d.id} deposit={d} />
            ))}
          </ul>
          {records.hasNextPage ? (
            <button
              type="button"
              className={formStyles.secondary}
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {records.isFetchingNextPage
                ? t('depositReport.loading')
                : t('depositReport.loadMore')}
            </button>
          ) : (
            <p className={formStyles.muted}>{t('depositReport.end')}</p>
          )}
          <p className={formStyles.muted}>{t('common.dhakaTime')}</p>
        </>
      )}
    </div>
  );
}
