/**
 * Identity checks: the queue (oldest first), a submission's front, back and selfie side by side,
 * and the decision with a reason that reaches the player's inbox.
 */
import type { OpsKycSubmission } from '@khela/contract/backoffice/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { Can } from '../../../lib/session';
import { decideKyc, kycListQueryOptions } from '../api';

const STATES = ['waiting', 'approved', 'rejected', 'all'] as const;

export function KycDesk() {
  const { t } = useTranslation();
  const { when, count } = useFormat();
  const queryClient = useQueryClient();
  const [state, setState] = useState<(typeof STATES)[number]>('waiting');
  const list = useQuery(kycListQueryOptions(state));
  const [open, setOpen] = useState<OpsKycSubmission | null>(null);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [done, setDone] = useState('');
  const decide = useMutation({
    mutationFn: (reason: string) => decideKyc(open!.id, deciding ?? 'approve', reason),
    onSuccess: (answer) => {
      setDone(
        t(answer.submission.state === 'approved' ? 'kyc.approved' : 'kyc.rejected', {
          name: answer.submission.username,
          count: answer.releasedWithdrawals.length,
        }),
      );
      setDeciding(null);
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: ['kyc'] });
    },
  });
  const columns: Column<OpsKycSubmission>[] = [
    {
      id: 'at',
      header: t('lists.at'),
      cell: (row) => when(row.submittedAt),
      sortValue: (row) => row.submittedAt,
    },
    { id: 'member', header: t('members.username'), cell: (row) => row.username },
    { id: 'state', header: t('lists.state'), cell: (row) => t(`kyc.state.${row.state}`) },
    {
      id: 'waiting',
      header: t('kyc.waitingWithdrawals'),
      cell: (row) => count(row.waitingWithdrawals),
      align: 'end',
    },
    {
      id: 'open',
      header: t('common.actions'),
      cell: (row) => (
        <button
          type="button"
          onClick={() => setOpen(row)}
          aria-label={t('kyc.view', { name: row.username })}
        >
          {t('kyc.open')}
        </button>
      ),
    },
  ];
  return (
    <section>
      <h1>{t('nav.kyc')}</h1>
      <div className="toolbar">
        <label className="field">
          <span>{t('lists.state')}</span>
          <select
            value={state}
            onChange={(event) => setState(event.target.value as (typeof STATES)[number])}
          >
            {STATES.map((option) => (
              <option key={option} value={option}>
                {t(`kyc.state.${option}`)}
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
          caption={t('kyc.queue', { count: list.data?.waitingCount ?? 0 })}
          columns={columns}
          rows={list.data?.list ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
      {open && (
        <section aria-labelledby="kyc-detail" className="panel">
          <h2 id="kyc-detail">{t('kyc.detail', { name: open.username })}</h2>
          <div className="images">
            {open.images.map((image) => (
              <figure key={image.side}>
                <img
                  src={image.url}
                  alt={t(`kyc.side.${image.side}`)}
                  width={image.width}
                  height={image.height}
                />
                <figcaption>{t(`kyc.side.${image.side}`)}</figcaption>
              </figure>
            ))}
          </div>
          {open.reason && <p>{t('kyc.reason', { reason: open.reason })}</p>}
          <div className="row">
            {open.state === 'waiting' && (
              <Can permission="kyc.decide">
                <button type="button" className="primary" onClick={() => setDeciding('approve')}>
                  {t('kyc.approve')}
                </button>
                <button type="button" className="danger" onClick={() => setDeciding('reject')}>
                  {t('kyc.reject')}
                </button>
              </Can>
            )}
            <button type="button" onClick={() => setOpen(null)}>
              {t('common.close')}
            </button>
          </div>
        </section>
      )}
      {open && deciding && (
        <ReasonDialog
          title={deciding === 'approve' ? t('kyc.approve') : t('kyc.reject')}
          confirmLabel={deciding === 'approve' ? t('kyc.approve') : t('kyc.reject')}
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
