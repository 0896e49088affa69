/** Who did what, when, from where, before → after: searchable, paged, exportable as CSV. */
import type { AuditEvent } from '@khela/contract/backoffice/operators';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import { auditCsvUrl, auditQueryOptions, type AuditFilters } from '../api';

const EMPTY: AuditFilters = {
  actor: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};
const FIELDS = ['actor', 'action', 'targetType', 'targetId'] as const;

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export function AuditTrail() {
  const { t } = useTranslation();
  const { when } = useFormat();
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const pages = useCursorPages(JSON.stringify(filters));
  const page = useQuery(auditQueryOptions(filters, pages.before));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    pages.reset();
  };
  const columns: Column<AuditEvent>[] = [
    { id: 'at', header: t('lists.at'), cell: (row) => when(row.at) },
    { id: 'actor', header: t('audit.actor'), cell: (row) => row.actorName },
    { id: 'ip', header: t('lists.ip'), cell: (row) => row.ip ?? '—' },
    { id: 'action', header: t('audit.action'), cell: (row) => row.action },
    { id: 'target', header: t('audit.target'), cell: (row) => `${row.targetType} ${row.targetId}` },
    {
      id: 'change',
      header: t('audit.change'),
      cell: (row) => (
        <code className="change">
          {show(row.before)} → {show(row.after)}
        </code>
      ),
    },
    { id: 'reason', header: t('lists.reason'), cell: (row) => row.reason ?? '—' },
  ];
  return (
    <section>
      <h1>{t('nav.audit')}</h1>
      <form className="toolbar wrap" onSubmit={submit} aria-label={t('audit.filters')}>
        {FIELDS.map((field) => (
          <label key={field} className="field">
            <span>{t(`audit.${field}`)}</span>
            <input
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
          </label>
        ))}
        <label className="field">
          <span>{t('lists.from')}</span>
          <input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('lists.to')}</span>
          <input
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </label>
        <button type="submit" className="primary">
          {t('audit.search')}
        </button>
        <a className="button" href={auditCsvUrl(filters)} download>
          {t('reports.csv')}
        </a>
      </form>
      <LoadState isPending={page.isPending} error={page.error}>
        <DataTable
          caption={t('nav.audit')}
          columns={columns}
          rows={page.data?.items ?? []}
          rowKey={(row) => row.id}
        />
      </LoadState>
      <CursorPager pages={pages} nextBefore={page.data?.nextBefore} />
    </section>
  );
}
