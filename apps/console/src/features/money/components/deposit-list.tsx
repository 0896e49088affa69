/** Deposits with their gateway, state and references, newest first; filter by state. */
import { DEPOSIT_STATUSES } from '@khela/contract/cashier';
import type { OpsDeposit } from '@khela/contract/backoffice/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import { depositsQueryOptions } from '../api';

export function DepositList() {
  const { t } = useTranslation();
  const { money, when } = useFormat();
  const [state, setState] = useState('');
  const deposits = useQuery(depositsQueryOptions(state));
  const columns: Column<OpsDeposit>[] = [
    {
      id: 'at',
      header: t('lists.at'),
      cell: (row) => when(row.createdAt),
      sortValue: (row) => row.createdAt,
    },
    { id: 'member', header: t('members.username'), cell: (row) => row.username },
    { id: 'channel', header: t('lists.channel'), cell: (row) => row.channelCode },
    { id: 'provider', header: t('lists.provider'), cell: (row) => row.provider },
    {
      id: 'amount',
      header: t('lists.amount'),
      cell: (row) => money(row.amountMinor),
      sortValue: (row) => row.amountMinor,
      align: 'end',
    },
    { id: 'state', header: t('lists.state'), cell: (row) => row.state },
    {
      id: 'ref',
      header: t('lists.reference'),
      cell: (row) => `${row.providerRef} / ${row.ourRef}`,
    },
    { id: 'failure', header: t('lists.reason'), cell: (row) => row.failureReason ?? '—' },
  ];
  return (
    <section aria-labelledby="deposits-title">
      <h2 id="deposits-title">{t('money.deposits')}</h2>
      <div className="toolbar">
        <label className="field">
          <span>{t('lists.state')}</span>
          <select value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{t('common.all')}</option>
            {DEPOSIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState isPending={deposits.isPending} error={deposits.error}>
        <DataTable
          caption={t('money.deposits')}
          columns={columns}
          rows={deposits.data?.list ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
    </section>
  );
}
