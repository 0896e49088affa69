/**
 * Adjustments above the threshold waiting for a second operator: approve (the money moves) or
 * reject with a reason. The server refuses one's own request.
 */
import type { Adjustment } from '@khela/contract/backoffice/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { decideAdjustment, waitingAdjustmentsQueryOptions } from '../api';

export function WaitingAdjustments() {
  const { t } = useTranslation();
  const { money, when } = useFormat();
  const mayApprove = useCan()('adjustments.approve');
  const queryClient = useQueryClient();
  const adjustments = useQuery(waitingAdjustmentsQueryOptions());
  const [deciding, setDeciding] = useState<{
    row: Adjustment;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [done, setDone] = useState('');
  const decide = useMutation({
    mutationFn: (reason: string) => decideAdjustment(deciding!.row.id, deciding!.decision, reason),
    onSuccess: () => {
      setDone(
        deciding?.decision === 'approve'
          ? t('money.adjustmentApproved', { id: deciding.row.id })
          : t('money.adjustmentRejected', { id: deciding?.row.id ?? '' }),
      );
      setDeciding(null);
      void queryClient.invalidateQueries({ queryKey: ['money', 'adjustments'] });
    },
  });
  const columns: Column<Adjustment>[] = [
    {
      id: 'at',
      header: t('lists.at'),
      cell: (row) => when(row.requestedAt),
      sortValue: (row) => row.requestedAt,
    },
    { id: 'member', header: t('members.username'), cell: (row) => row.username },
    {
      id: 'amount',
      header: t('lists.amount'),
      cell: (row) => money(row.amountMinor),
      sortValue: (row) => row.amountMinor,
      align: 'end',
    },
    { id: 'reason', header: t('lists.reason'), cell: (row) => row.reason },
    { id: 'by', header: t('money.requestedBy'), cell: (row) => row.requestedBy },
    ...(mayApprove
      ? [
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row: Adjustment) => (
              <div className="row">
                <button
                  type="button"
                  onClick={() => setDeciding({ row, decision: 'approve' })}
                  aria-label={t('money.approveAdjustment', { id: row.id })}
                >
                  {t('money.approve')}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => setDeciding({ row, decision: 'reject' })}
                  aria-label={t('money.rejectAdjustment', { id: row.id })}
                >
                  {t('money.reject')}
                </button>
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="adjustments-title">
      <h2 id="adjustments-title">{t('money.adjustments')}</h2>
      <p role="status" className="status-line">
        {done}
      </p>
      <LoadState isPending={adjustments.isPending} error={adjustments.error}>
        <DataTable
          caption={t('money.adjustments')}
          columns={columns}
          rows={adjustments.data?.items ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
      {deciding && (
        <ReasonDialog
          title={
            deciding.decision === 'approve'
              ? t('money.approveAdjustment', { id: deciding.row.id })
              : t('money.rejectAdjustment', { id: deciding.row.id })
          }
          confirmLabel={deciding.decision === 'approve' ? t('money.approve') : t('money.reject')}
          optional={deciding.decision === 'approve'}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) => decide.mutate(reason)}
          onCancel={() => setDeciding(null)}
        >
          <p>
            {deciding.row.username}: {money(deciding.row.amountMinor)}
          </p>
        </ReasonDialog>
      )}
    </section>
  );
}
