/**
 * Agents' contract payment requests (docs/agents.md): the queue of pending ones and the decided,
 * newest first by cursor. An approval pays the computed amount to the agent's balance; a
 * rejection carries a reason the agent sees. Deciding needs `agents.decide`.
 */
import type { OpsAgentContractRequest } from '@khela/contract/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { Can } from '../../../lib/session';
import { agentContractsQueryOptions, approveAgentContract, rejectAgentContract } from '../api';

const STATUSES = ['pending', 'approved', 'rejected', 'all'] as const;
type Status = (typeof STATUSES)[number];

interface Deciding {
  request: OpsAgentContractRequest;
  decision: 'approve' | 'reject';
}

export function AgentContracts() {
  const { t } = useTranslation();
  const { when, money } = useFormat();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const pages = useCursorPages(status);
  const list = useQuery(agentContractsQueryOptions(status, pages.before));
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [done, setDone] = useState('');
  const decide = useMutation({
    mutationFn: ({ request, decision, reason }: Deciding & { reason: string }) =>
      decision === 'approve'
        ? approveAgentContract(request.id)
        : rejectAgentContract(request.id, reason),
    onSuccess: ({ request, replayed }) => {
      const key =
        request.status === 'approved'
          ? replayed
            ? 'agents.alreadyPaid'
            : 'agents.approved'
          : 'agents.rejected';
      setDone(t(key, { name: request.username, amount: money(request.amountMinor) }));
      setDeciding(null);
      void queryClient.invalidateQueries({ queryKey: ['agent-contracts'] });
    },
  });
  const period = (row: OpsAgentContractRequest) =>
    row.periodHour === null
      ? row.periodStart
      : t('agents.periodHour', {
          day: row.periodStart,
          hour: String(row.periodHour).padStart(2, '0'),
        });
  const columns: Column<OpsAgentContractRequest>[] = [
    { id: 'at', header: t('agents.askedAt'), cell: (row) => when(row.createdAt) },
    { id: 'agent', header: t('agents.agent'), cell: (row) => row.username },
    { id: 'kind', header: t('agents.contract'), cell: (row) => t(`agents.kind.${row.kind}`) },
    { id: 'period', header: t('agents.period'), cell: period },
    {
      id: 'turnover',
      header: t('agents.turnover'),
      cell: (row) => money(row.turnoverMinor),
      align: 'end',
    },
    {
      id: 'amount',
      header: t('agents.amount'),
      cell: (row) => `${money(row.amountMinor)} ${row.currency}`,
      align: 'end',
    },
    { id: 'status', header: t('lists.state'), cell: (row) => t(`agents.status.${row.status}`) },
    {
      id: 'decided',
      header: t('agents.decided'),
      cell: (row) =>
        row.decidedAt
          ? [when(row.decidedAt), row.decidedBy, row.reason].filter(Boolean).join(' · ')
          : '—',
    },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: (row) =>
        row.status === 'pending' ? (
          <Can permission="agents.decide">
            <div className="row">
              <button
                type="button"
                className="primary"
                aria-label={t('agents.approveOf', { name: row.username, period: period(row) })}
                onClick={() => setDeciding({ request: row, decision: 'approve' })}
              >
                {t('agents.approve')}
              </button>
              <button
                type="button"
                className="danger"
                aria-label={t('agents.rejectOf', { name: row.username, period: period(row) })}
                onClick={() => setDeciding({ request: row, decision: 'reject' })}
              >
                {t('agents.reject')}
              </button>
            </div>
          </Can>
        ) : null,
    },
  ];
  return (
    <section>
      <h1>{t('nav.agents')}</h1>
      <div className="toolbar">
        <label className="field">
          <span>{t('lists.state')}</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as Status)}>
            {STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`agents.status.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p role="status" className="status-line">
        {done}
      </p>
      <LoadState isPending={list.isPending} error={list.error}>
        <DataTable
          caption={t('agents.caption')}
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
      <CursorPager pages={pages} nextBefore={list.data?.nextBefore} />
      {deciding && (
        <ReasonDialog
          title={t(deciding.decision === 'approve' ? 'agents.approveTitle' : 'agents.rejectTitle', {
            name: deciding.request.username,
          })}
          confirmLabel={t(deciding.decision === 'approve' ? 'agents.approve' : 'agents.reject')}
          noReason={deciding.decision === 'approve'}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) => decide.mutate({ ...deciding, reason })}
          onCancel={() => {
            decide.reset();
            setDeciding(null);
          }}
        >
          <p>
            {t('agents.summary', {
              kind: t(`agents.kind.${deciding.request.kind}`),
              period: period(deciding.request),
              amount: `${money(deciding.request.amountMinor)} ${deciding.request.currency}`,
            })}
          </p>
        </ReasonDialog>
      )}
    </section>
  );
}
