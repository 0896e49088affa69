/**
 * Withdraw records (/m/withdrawReport): newest first, a status filter, "Load more" for the next
 * page (the server's cursor), and Cancel on pending ones.
 */
import { StatusRecords } from '../../../components/status-records';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@khela/contract/withdrawals';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawalRecordsQueryOptions } from '../api/withdrawals';
import { useCancelWithdrawal } from './use-cancel-withdrawal';
import { WithdrawalItem } from './withdrawal-item';

export function WithdrawRecords({
  token,
  onMoneyMoved,
}: {
  token: string;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('');
  const records = useInfiniteQuery(withdrawalRecordsQueryOptions(token, status));
  const cancel = useCancelWithdrawal(onMoneyMoved);

  return (
    <StatusRecords
      words="withdrawReport"
      listLabel={t('withdraw.records')}
      statuses={WITHDRAWAL_STATUSES}
      statusLabel={(s) => t(`withdraw.status_${s}`)}
      status={status}
      onStatusChange={setStatus}
      records={records}
    >
      {(withdrawal) => (
        <WithdrawalItem
          key={withdrawal.id}
          withdrawal={withdrawal}
          cancelling={cancel.isPending}
          onCancel={(withdrawalId) => cancel.mutate(withdrawalId)}
        />
      )}
    </StatusRecords>
  );
}
