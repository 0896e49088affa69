/** Search members by one key (username, mobile, e-mail, id, address, device); the hits as a table. */
import {
  MEMBER_SEARCH_KEYS,
  type MemberHit,
  type MemberSearchKey,
} from '@khela/contract/backoffice/members';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import { memberSearchQueryOptions } from '../api';

const isKey = (value: string | null): value is MemberSearchKey =>
  (MEMBER_SEARCH_KEYS as readonly string[]).includes(value ?? '');

export function MemberSearch() {
  const { t } = useTranslation();
  const { money, when } = useFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const by = isKey(params.get('by')) ? (params.get('by') as MemberSearchKey) : 'username';
  const [text, setText] = useState(q);
  const [key, setKey] = useState<MemberSearchKey>(by);
  const search = useQuery(memberSearchQueryOptions(q, by));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    setParams({ q: text.trim(), by: key });
  };

  const columns: Column<MemberHit>[] = [
    {
      id: 'username',
      header: t('members.username'),
      cell: (row) => (
        <Link to={`/members/${encodeURIComponent(row.username)}`}>{row.username}</Link>
      ),
      sortValue: (row) => row.username,
    },
    { id: 'id', header: t('members.id'), cell: (row) => row.id },
    { id: 'mobile', header: t('members.mobile'), cell: (row) => row.mobile ?? '—' },
    { id: 'email', header: t('members.email'), cell: (row) => row.email ?? '—' },
    { id: 'status', header: t('members.status'), cell: (row) => row.status },
    {
      id: 'balance',
      header: t('members.balance'),
      cell: (row) => money(row.balanceMinor),
      sortValue: (row) => row.balanceMinor,
      align: 'end',
    },
    {
      id: 'lastLogin',
      header: t('members.lastLogin'),
      cell: (row) => when(row.lastLoginAt),
      sortValue: (row) => row.lastLoginAt ?? '',
    },
  ];

  return (
    <section>
      <h1>{t('nav.members')}</h1>
      <form role="search" className="toolbar" onSubmit={submit}>
        <label className="field">
          <span>{t('members.searchBy')}</span>
          <select value={key} onChange={(event) => setKey(event.target.value as MemberSearchKey)}>
            {MEMBER_SEARCH_KEYS.map((option) => (
              <option key={option} value={option}>
                {t(`members.keys.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>{t('members.searchFor')}</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" className="primary">
          {t('members.search')}
        </button>
      </form>
      {q !== '' && (
        <LoadState isPending={search.isPending} error={search.error}>
          <DataTable
            caption={t('members.results', { count: search.data?.items.length ?? 0 })}
            columns={columns}
            rows={search.data?.items ?? []}
            rowKey={(row) => row.id}
            empty={t('members.noResults')}
          />
        </LoadState>
      )}
    </section>
  );
}
