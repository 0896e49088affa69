/** One list of a member's page as a table; the ledger filters by movement kind and dates. */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import { memberListQueryOptions, type MemberList, type MemberListValue } from '../api';

type ListTab = Exclude<MemberList, 'notes'>;
type Item<L extends ListTab> = MemberListValue<L>['items'][number];

function useColumns() {
  const { t } = useTranslation();
  const { money, when } = useFormat();
  const text = (value: string | null | undefined): ReactNode => value ?? '—';
  const at = <R,>(pick: (row: R) => string): Column<R> => ({
    id: 'at',
    header: t('lists.at'),
    cell: (row) => when(pick(row)),
    sortValue: pick,
  });
  const amount = <R,>(pick: (row: R) => number, header = t('lists.amount')): Column<R> => ({
    id: header,
    header,
    cell: (row) => money(pick(row)),
    sortValue: pick,
    align: 'end',
  });
  return {
    ledger: [
      at<Item<'ledger'>>((row) => row.at),
      { id: 'kind', header: t('lists.kind'), cell: (row) => row.ledgerKind },
      amount<Item<'ledger'>>((row) => row.amountMinor),
      {
        id: 'after',
        header: t('lists.balanceAfter'),
        cell: (row) => money(row.balanceAfterMinor),
        align: 'end',
      },
      { id: 'tx', header: t('lists.transaction'), cell: (row) => row.transactionId },
    ] satisfies Column<Item<'ledger'>>[],
    deposits: [
      at<Item<'deposits'>>((row) => row.createdAt),
      { id: 'channel', header: t('lists.channel'), cell: (row) => row.channelCode },
      { id: 'provider', header: t('lists.provider'), cell: (row) => text(row.provider) },
      amount<Item<'deposits'>>((row) => row.amountMinor),
      { id: 'state', header: t('lists.state'), cell: (row) => row.status },
      { id: 'ref', header: t('lists.reference'), cell: (row) => text(row.providerRef) },
    ] satisfies Column<Item<'deposits'>>[],
    withdrawals: [
      at<Item<'withdrawals'>>((row) => row.createdAt),
      { id: 'channel', header: t('lists.channel'), cell: (row) => row.channelCode },
      amount<Item<'withdrawals'>>((row) => row.amountMinor),
      { id: 'state', header: t('lists.state'), cell: (row) => row.status },
      {
        id: 'payee',
        header: t('lists.payee'),
        cell: (row) => `${row.accountName} · ${row.accountNumber}`,
      },
      { id: 'reason', header: t('lists.reason'), cell: (row) => text(row.reason) },
    ] satisfies Column<Item<'withdrawals'>>[],
    rounds: [
      at<Item<'rounds'>>((row) => row.at),
      {
        id: 'game',
        header: t('lists.game'),
        cell: (row) => `${row.vendor} · ${row.gameName ?? row.roundRef}`,
      },
      amount<Item<'rounds'>>((row) => row.betMinor, t('lists.bet')),
      amount<Item<'rounds'>>((row) => row.winMinor, t('lists.win')),
      { id: 'state', header: t('lists.state'), cell: (row) => row.status },
    ] satisfies Column<Item<'rounds'>>[],
    logins: [
      at<Item<'logins'>>((row) => row.at),
      { id: 'kind', header: t('lists.kind'), cell: (row) => row.kind },
      { id: 'ip', header: t('lists.ip'), cell: (row) => text(row.ip) },
      { id: 'device', header: t('lists.device'), cell: (row) => text(row.deviceId) },
      { id: 'agent', header: t('lists.userAgent'), cell: (row) => text(row.userAgent) },
    ] satisfies Column<Item<'logins'>>[],
    linked: [
      {
        id: 'username',
        header: t('members.username'),
        cell: (row) => (
          <Link to={`/members/${encodeURIComponent(row.username)}`}>{row.username}</Link>
        ),
        sortValue: (row) => row.username,
      },
      { id: 'status', header: t('members.status'), cell: (row) => row.status },
      {
        id: 'via',
        header: t('lists.via'),
        cell: (row) => (
          <ul className="plain-list">
            {row.via.map((link) => (
              <li key={`${link.kind}-${link.value}`}>
                {t('lists.viaDetail', {
                  what: t(`lists.${link.kind}`),
                  value: link.value,
                  count: link.logins,
                  at: when(link.lastSeenAt),
                })}
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'logins',
        header: t('lists.sharedLogins'),
        cell: (row) => row.via.reduce((sum, link) => sum + link.logins, 0),
        sortValue: (row) => row.via.reduce((sum, link) => sum + link.logins, 0),
        align: 'end',
      },
      at<Item<'linked'>>((row) => row.lastSeenAt),
    ] satisfies Column<Item<'linked'>>[],
    sessions: [
      at<Item<'sessions'>>((row) => row.createdAt),
      { id: 'kind', header: t('lists.kind'), cell: (row) => row.kind },
      { id: 'ip', header: t('lists.ip'), cell: (row) => text(row.ip) },
      { id: 'agent', header: t('lists.userAgent'), cell: (row) => text(row.userAgent) },
      { id: 'seen', header: t('lists.lastSeen'), cell: (row) => when(row.lastSeenAt) },
    ] satisfies Column<Item<'sessions'>>[],
  };
}

/** Rows have an id, or a username (linked accounts), or a time and address (logins). */
function rowKey(row: { id?: string; username?: string; at?: string; ip?: string | null }): string {
  return row.id ?? row.username ?? `${row.at ?? ''}-${row.ip ?? ''}`;
}

export function MemberListTab({ username, list }: { username: string; list: ListTab }) {
  const { t } = useTranslation();
  const columns = useColumns();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const dated =
    list === 'ledger' || list === 'deposits' || list === 'withdrawals' || list === 'rounds';
  const query = dated
    ? {
        from: from ? new Date(`${from}T00:00:00+06:00`).toISOString() : undefined,
        to: to ? new Date(`${to}T23:59:59+06:00`).toISOString() : undefined,
      }
    : {};
  const result = useQuery(memberListQueryOptions(username, list, query));
  const rows: never[] = (result.data?.items ?? []) as never[];
  const tableColumns: readonly Column<never>[] = columns[list];
  return (
    <>
      {dated && (
        <div className="toolbar">
          <label className="field">
            <span>{t('lists.from')}</span>
            <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </label>
          <label className="field">
            <span>{t('lists.to')}</span>
            <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </label>
        </div>
      )}
      <LoadState isPending={result.isPending} error={result.error}>
        <DataTable
          caption={t(`member.tabs.${list}`)}
          columns={tableColumns}
          rows={rows}
          rowKey={rowKey}
        />
      </LoadState>
    </>
  );
}
