/** Players under a time-out or self-exclusion now; a break may be made longer, never shorter. */
import type { OpsBreak } from '@khela/contract/backoffice/rg';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { Field } from '../../../components/field';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFormat } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { activeBreaksQueryOptions, extendBreak } from '../api';

/** The end of the day picked, on Dhaka's clock (UTC+6). */
const endOfDay = (day: string) => `${day}T23:59:59+06:00`;

export function Breaks() {
  const { t } = useTranslation();
  const { when } = useFormat();
  const mayWrite = useCan()('rg.write');
  const queryClient = useQueryClient();
  const breaks = useQuery(activeBreaksQueryOptions());
  const [extending, setExtending] = useState<OpsBreak | null>(null);
  const [until, setUntil] = useState('');
  const [untilError, setUntilError] = useState(false);
  const [done, setDone] = useState('');
  const extend = useMutation({
    mutationFn: (reason: string) => extendBreak(extending!.username, endOfDay(until), reason),
    onSuccess: () => {
      setDone(t('rg.extended', { name: extending?.username ?? '' }));
      setExtending(null);
      void queryClient.invalidateQueries({ queryKey: ['rg'] });
    },
  });
  const columns: Column<OpsBreak>[] = [
    {
      id: 'member',
      header: t('members.username'),
      cell: (row) => row.username,
      sortValue: (row) => row.username,
    },
    { id: 'kind', header: t('lists.kind'), cell: (row) => t(`rg.kind.${row.kind}`) },
    { id: 'starts', header: t('rg.starts'), cell: (row) => when(row.startsAt) },
    {
      id: 'until',
      header: t('rg.until'),
      cell: (row) => when(row.until),
      sortValue: (row) => row.until,
    },
    { id: 'extended', header: t('rg.extendedBy'), cell: (row) => row.extendedBy ?? '—' },
    ...(mayWrite
      ? [
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row: OpsBreak) => (
              <button
                type="button"
                onClick={() => {
                  setUntil('');
                  setExtending(row);
                }}
                aria-label={t('rg.extendFor', { name: row.username })}
              >
                {t('rg.extend')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section>
      <h1>{t('nav.rg')}</h1>
      <p role="status" className="status-line">
        {done}
      </p>
      <LoadState isPending={breaks.isPending} error={breaks.error}>
        <DataTable
          caption={t('rg.active')}
          columns={columns}
          rows={breaks.data?.list ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
      {extending && (
        <ReasonDialog
          title={t('rg.extendFor', { name: extending.username })}
          confirmLabel={t('rg.extend')}
          pending={extend.isPending}
          error={extend.error}
          onConfirm={(reason) => {
            if (!until || new Date(endOfDay(until)) <= new Date(extending.until)) {
              setUntilError(true);
              return;
            }
            setUntilError(false);
            extend.mutate(reason);
          }}
          onCancel={() => setExtending(null)}
        >
          <Field label={t('rg.newEnd')} error={untilError && t('rg.longerOnly')}>
            {(props) => (
              <input
                {...props}
                type="date"
                value={until}
                onChange={(event) => setUntil(event.target.value)}
              />
            )}
          </Field>
        </ReasonDialog>
      )}
    </section>
  );
}
