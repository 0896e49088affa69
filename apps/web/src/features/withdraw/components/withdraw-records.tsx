/**
 * Withdraw records (/m/withdrawReport): newest first, a status filter, "Load more" for the next
 * page (the server's cursor), and Cancel on pending ones.
 */
import { QueryState } from '../../../components/load-state';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@khela/contract/withdrawals';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawalRecordsQueryOptions } from '../api/withdrawals';
import { useCancelWithdrawal } from './use-cancel-withdrawal';
import formStyles from '../../../components/form.module.css';
import { WithdrawalItem } from './withdrawal-item';

export function WithdrawRecords({
  token,
  onMoneyMoved,
}: {
  token: string;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('');
  const records = useInfiniteQuery(withdrawalRecordsQueryOptions(token, status));
  const cancel = useCancelWithdrawal(onMoneyMoved);
  const list = records.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className={formStyles.screen}>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-status`} className={formStyles.label}>
          {t('withdrawReport.filter')}
        </label>
        <select
          id={`${id}-status`}
          className={formStyles.input}
          value={status}
          onChange={(event) => setStatus(event.target.value as WithdrawalStatus | '')}
        >
          <option value="">{t('withdrawReport.all')}</option>
          {WITHDRAWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`withdraw.status_${s}`)}
            </option>
          ))}
        </select>
      </div>
      {records.isPending || records.isError ? (
        <QueryState query={records} />
      ) : list.length === 0 ? (
        <p className={formStyles.muted}>{t('withdrawReport.empty')}</p>
      ) : (
        <>
          <ul className={formStyles.list} aria-label={t('withdraw.records')}>
            {list.map((w) => (
              <WithdrawalItem
                key={w.id}
                withdrawal={w}
                cancelling={cancel.isPending}
                onCancel={(withdrawalId) => cancel.mutate(withdrawalId)}
              />
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
                ? t('withdrawReport.loading')
                : t('withdrawReport.loadMore')}
            </button>
          ) : (
            <p className={formStyles.muted}>{t('withdrawReport.end')}</p>
          )}
          <p className={formStyles.muted}>{t('common.dhakaTime')}</p>
        </>
      )}
    </div>
  );
}
