/**
 * Deposit records (/m/vouReport): newest first, a status filter, and "Load more" for the next
 * page (the server's cursor).
 */
import { StatusRecords } from '../../../components/status-records';
import { DEPOSIT_STATUSES, type DepositStatus } from '@khela/contract/cashier';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositRecordsQueryOptions } from '../api/cashier';
import { DepositItem } from './deposit-item';

export function DepositRecords({ token }: { token: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const records = useInfiniteQuery(depositRecordsQueryOptions(token, status));

  return (
    <StatusRecords
      words="depositReport"
      listLabel={t('deposit.records')}
      statuses={DEPOSIT_STATUSES}
      statusLabel={(s) => t(`deposit.status_${s}`)}
      status={status}
      onStatusChange={setStatus}
      records={records}
    >
      {(deposit) => <DepositItem key={deposit.id} deposit={deposit} />}
    </StatusRecords>
  );
}
