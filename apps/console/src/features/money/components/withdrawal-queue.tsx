/**
 * The withdrawal queue: each row with its risk signals as chips; tick several (or one) and
 * approve or reject them with a reason, from templates or typed. Each withdrawal is decided on
 * its own, so the answer may mix successes and failures: both are listed.
 */
import { RISK_SIGNAL_LABELS } from '@khela/contract/backoffice/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import {
  decideWithdrawals,
  reasonTemplatesQueryOptions,
  withdrawalQueueQueryOptions,
  type WithdrawalRow,
} from '../api';

export function WithdrawalQueue() {
  const { t } = useTranslation();
  const { money, when, language } = useFormat();
  const can = useCan();
  const mayDecide = can('money.decide');
  const queryClient = useQueryClient();
  const queue = useQuery(withdrawalQueueQueryOptions());
  const templates = useQuery({ ...reasonTemplatesQueryOptions(), enabled: mayDecide });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [outcome, setOutcome] = useState<{ ok: number; failed: string[] } | null>(null);

  const decide = useMutation({
    mutationFn: (reason: string) =>
      decideWithdrawals({
        ids: [...selected],
        decision: deciding ?? 'approve',
        reason: reason || undefined,
      }),
    onSuccess: (answer) => {
      setDeciding(null);
      setSelected(new Set());
      setOutcome({
        ok: answer.results.filter((result) => result.ok).length,
        failed: answer.results.flatMap((result) =>
          result.ok ? [] : [`${result.id}: ${result.message}`],
        ),
      });
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });

  const columns: Column<WithdrawalRow>[] = [
    { id: 'id', header: t('money.id'), cell: (row) => row.id },
    {
      id: 'at',
      header: t('lists.at'),
      cell: (row) => when(row.createdAt),
      sortValue: (row) => row.createdAt,
    },
    { id: 'member', header: t('members.username'), cell: (row) => row.username },
    {
      id: 'amount',
      header: t('lists.amount'),
      cell: (row) => money(row.amountMinor),
      sortValue: (row) => row.amountMinor,
      align: 'end',
    },
    {
      id: 'payee',
      header: t('lists.payee'),
      cell: (row) => `${row.channelCode} · ${row.accountName} · ${row.accountNumber}`,
    },
    {
      id: 'risk',
      header: t('money.risk'),
      cell: (row) =>
        row.risk.signals.length === 0 ? (
          t('money.noRisk')
        ) : (
          <ul className="chips" aria-label={t('money.risk')}>
            {row.risk.signals.map((signal) => (
              <li key={signal} className="chip warn">
                {RISK_SIGNAL_LABELS[signal][language]}
              </li>
            ))}
          </ul>
        ),
      sortValue: (row) => row.risk.signals.length,
    },
  ];

  const templateTexts = (templates.data ?? []).map((template) => template[language]);

  return (
    <section aria-labelledby="queue-title">
      <h2 id="queue-title">{t('money.queue')}</h2>
      {mayDecide && (
        <div className="toolbar" role="group" aria-label={t('money.bulkActions')}>
          <span>{t('money.selected', { count: selected.size })}</span>
          <button
            type="button"
            className="primary"
            disabled={selected.size === 0}
            onClick={() => setDeciding('approve')}
          >
            {t('money.approveSelected')}
          </button>
          <button
            type="button"
            className="danger"
            disabled={selected.size === 0}
            onClick={() => setDeciding('reject')}
          >
            {t('money.rejectSelected')}
          </button>
        </div>
      )}
      <p role="status" className="status-line">
        {outcome && t('money.decided', { count: outcome.ok })}
      </p>
      {outcome && outcome.failed.length > 0 && (
        <ul role="alert" className="form-error">
          {outcome.failed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <LoadState
        isPending={queue.isPending}
        error={queue.error}
        onRetry={() => void queue.refetch()}
      >
        <DataTable
          caption={t('money.queueCaption', { count: queue.data?.length ?? 0 })}
          columns={columns}
          rows={queue.data ?? []}
          rowKey={(row) => row.id}
          rowLabel={(row) => t('money.rowLabel', { id: row.id, name: row.username })}
          selection={mayDecide ? { selected, onChange: setSelected } : undefined}
          empty={t('money.queueEmpty')}
        />
      </LoadState>
      {deciding && (
        <ReasonDialog
          title={
            deciding === 'approve'
              ? t('money.approveTitle', { count: selected.size })
              : t('money.rejectTitle', { count: selected.size })
          }
          confirmLabel={deciding === 'approve' ? t('money.approve') : t('money.reject')}
          templates={deciding === 'reject' ? templateTexts : []}
          optional={deciding === 'approve'}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) => decide.mutate(reason)}
          onCancel={() => setDeciding(null)}
        />
      )}
    </section>
  );
}
