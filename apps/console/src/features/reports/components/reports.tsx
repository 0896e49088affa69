/** The reports with a date range (Dhaka's days, both included) and a CSV download of each. */
import {
  GgrGroupingSchema,
  type CashflowRow,
  type GgrGrouping,
  type GgrRow,
  type RegistrationMember,
  type RegistrationRow,
} from '@khela/contract/backoffice/reports';
import { addDays, siteDay } from '@khela/contract/date';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { DataTable, type Column } from '../../../components/data-table';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import {
  cashflowQueryOptions,
  csvUrl,
  ggrQueryOptions,
  registrationMembersQueryOptions,
  registrationsQueryOptions,
  type Range,
} from '../api';

const REPORTS = ['ggr', 'cashflow', 'registrations'] as const;
type Report = (typeof REPORTS)[number];

export function Reports() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const report: Report = REPORTS.find((name) => name === params.get('report')) ?? 'ggr';
  const today = siteDay();
  const [range, setRange] = useState<Range>({ from: addDays(today, -29), to: today });
  const [by, setBy] = useState<GgrGrouping>('day');
  const query: Record<string, string> = report === 'ggr' ? { ...range, by } : { ...range };
  return (
    <section>
      <h1>{t('nav.reports')}</h1>
      <nav aria-label={t('reports.which')} className="tabs">
        {REPORTS.map((name) => (
          <Link
            key={name}
            to={`?report=${name}`}
            aria-current={name === report ? 'page' : undefined}
          >
            {t(`reports.${name}`)}
          </Link>
        ))}
      </nav>
      <div className="toolbar">
        <label className="field">
          <span>{t('lists.from')}</span>
          <input
            type="date"
            value={range.from}
            max={range.to}
            onChange={(event) =>
              event.target.value && setRange({ ...range, from: event.target.value })
            }
          />
        </label>
        <label className="field">
          <span>{t('lists.to')}</span>
          <input
            type="date"
            value={range.to}
            min={range.from}
            onChange={(event) =>
              event.target.value && setRange({ ...range, to: event.target.value })
            }
          />
        </label>
        {report === 'ggr' && (
          <label className="field">
            <span>{t('reports.by')}</span>
            <select value={by} onChange={(event) => setBy(event.target.value as GgrGrouping)}>
              {GgrGroupingSchema.options.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {t(`reports.grouping.${grouping}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <a className="button" href={csvUrl(report, query)} download>
          {t('reports.csv')}
        </a>
      </div>
      {report === 'ggr' ? (
        <GgrTable range={range} by={by} />
      ) : report === 'cashflow' ? (
        <CashflowTable range={range} />
      ) : (
        <RegistrationsTable range={range} />
      )}
    </section>
  );
}

function GgrTable({ range, by }: { range: Range; by: GgrGrouping }) {
  const { t } = useTranslation();
  const { money, count } = useFormat();
  const result = useQuery(ggrQueryOptions(range, by));
  const columns: Column<GgrRow>[] = [
    {
      id: 'key',
      header: t(`reports.grouping.${by}`),
      cell: (row) => row.key,
      sortValue: (row) => row.key,
    },
    {
      id: 'bets',
      header: t('dashboard.figures.bets'),
      cell: (row) => money(row.bets),
      sortValue: (row) => row.bets,
      align: 'end',
    },
    {
      id: 'wins',
      header: t('dashboard.figures.wins'),
      cell: (row) => money(row.wins),
      sortValue: (row) => row.wins,
      align: 'end',
    },
    {
      id: 'ggr',
      header: t('dashboard.figures.ggr'),
      cell: (row) => money(row.ggr),
      sortValue: (row) => row.ggr,
      align: 'end',
    },
    {
      id: 'rounds',
      header: t('reports.rounds'),
      cell: (row) => count(row.rounds),
      sortValue: (row) => row.rounds,
      align: 'end',
    },
  ];
  return (
    <LoadState isPending={result.isPending} error={result.error}>
      {result.data && (
        <>
          <DataTable
            caption={t('reports.ggr')}
            columns={columns}
            rows={result.data.rows}
            rowKey={(row) => row.key}
          />
          <p className="totals">
            {t('reports.total')}: {t('dashboard.figures.ggr')} {money(result.data.total.ggr)}
          </p>
        </>
      )}
    </LoadState>
  );
}

function CashflowTable({ range }: { range: Range }) {
  const { t } = useTranslation();
  const { money, count } = useFormat();
  const result = useQuery(cashflowQueryOptions(range));
  const columns: Column<CashflowRow>[] = [
    {
      id: 'direction',
      header: t('reports.direction'),
      cell: (row) => t(`reports.directions.${row.direction}`),
    },
    {
      id: 'channel',
      header: t('lists.channel'),
      cell: (row) => row.channel,
      sortValue: (row) => row.channel,
    },
    { id: 'state', header: t('lists.state'), cell: (row) => row.state },
    {
      id: 'count',
      header: t('reports.count'),
      cell: (row) => count(row.count),
      sortValue: (row) => row.count,
      align: 'end',
    },
    {
      id: 'amount',
      header: t('lists.amount'),
      cell: (row) => money(row.amount),
      sortValue: (row) => row.amount,
      align: 'end',
    },
  ];
  return (
    <LoadState isPending={result.isPending} error={result.error}>
      {result.data && (
        <>
          <DataTable
            caption={t('reports.cashflow')}
            columns={columns}
            rows={result.data.rows}
            rowKey={(row) => `${row.direction}-${row.channel}-${row.state}`}
          />
          <p className="totals">
            {t('reports.net')}: {money(result.data.totals.net)}
          </p>
        </>
      )}
    </LoadState>
  );
}

function RegistrationsTable({ range }: { range: Range }) {
  const { t } = useTranslation();
  const { money, count } = useFormat();
  const result = useQuery(registrationsQueryOptions(range));
  const columns: Column<RegistrationRow>[] = [
    {
      id: 'day',
      header: t('reports.grouping.day'),
      cell: (row) => row.day,
      sortValue: (row) => row.day,
    },
    {
      id: 'registrations',
      header: t('dashboard.figures.registrations'),
      cell: (row) => count(row.registrations),
      sortValue: (row) => row.registrations,
      align: 'end',
    },
    {
      id: 'ftd',
      header: t('dashboard.figures.firstDepositors'),
      cell: (row) => count(row.firstDepositors),
      align: 'end',
    },
    {
      id: 'ftdAmount',
      header: t('reports.firstDepositAmount'),
      cell: (row) => money(row.firstDepositAmount),
      align: 'end',
    },
    {
      id: 'sameDay',
      header: t('reports.sameDay'),
      cell: (row) => count(row.sameDay),
      align: 'end',
    },
    {
      id: 'week',
      header: t('reports.within7Days'),
      cell: (row) => count(row.within7Days),
      align: 'end',
    },
  ];
  return (
    <>
      <LoadState isPending={result.isPending} error={result.error}>
        {result.data && (
          <DataTable
            caption={t('reports.registrations')}
            columns={columns}
            rows={result.data.rows}
            rowKey={(row) => row.day}
          />
        )}
      </LoadState>
      <RegisteredPlayers key={`${range.from}/${range.to}`} range={range} />
    </>
  );
}

/** Every player who registered in the range, newest first, a page at a time, and as CSV. */
function RegisteredPlayers({ range }: { range: Range }) {
  const { t } = useTranslation();
  const { money, when } = useFormat();
  const pages = useCursorPages(`${range.from}/${range.to}`);
  const page = useQuery(registrationMembersQueryOptions(range, pages.before));
  const columns: Column<RegistrationMember>[] = [
    {
      id: 'username',
      header: t('members.username'),
      cell: (row) => (
        <Link to={`/members/${encodeURIComponent(row.username)}`}>{row.username}</Link>
      ),
      sortValue: (row) => row.username,
    },
    {
      id: 'registeredAt',
      header: t('reports.registeredAt'),
      cell: (row) => when(row.registeredAt),
      sortValue: (row) => row.registeredAt,
    },
    {
      id: 'method',
      header: t('reports.method'),
      cell: (row) => (row.domain ? `${row.method} · ${row.domain}` : row.method),
    },
    {
      id: 'firstDepositAt',
      header: t('reports.firstDepositAt'),
      cell: (row) => when(row.firstDepositAt),
      sortValue: (row) => row.firstDepositAt ?? '',
    },
    {
      id: 'firstDepositAmount',
      header: t('reports.firstDeposit'),
      cell: (row) => (row.firstDepositAmount === null ? '—' : money(row.firstDepositAmount)),
      sortValue: (row) => row.firstDepositAmount ?? -1,
      align: 'end',
    },
  ];
  return (
    <section aria-labelledby="registered-players">
      <div className="toolbar">
        <h2 id="registered-players">{t('reports.players')}</h2>
        <a className="button" href={csvUrl('registrationMembers', { ...range })} download>
          {t('reports.playersCsv')}
        </a>
      </div>
      <LoadState isPending={page.isPending} error={page.error}>
        <DataTable
          caption={t('reports.players')}
          columns={columns}
          rows={page.data?.items ?? []}
          rowKey={(row) => row.username}
        />
      </LoadState>
      <CursorPager pages={pages} nextBefore={page.data?.nextBefore} />
    </section>
  );
}
