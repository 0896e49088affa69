/**
 * The day at a glance: today, yesterday, 7 and 30 days side by side; GGR by hour (48 h) and by
 * day (30 days) as charts; the queues waiting for operators.
 */
import { formatDate, formatDay } from '@khela/contract/date';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { LoadState } from '../../../components/load-state';
import { useFormat } from '../../../lib/format';
import { dashboardQueryOptions } from '../api';

const PERIODS = ['today', 'yesterday', 'last7', 'last30'] as const;
const MONEY_FIGURES = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses'] as const;
const COUNT_FIGURES = ['registrations', 'firstDepositors', 'activePlayers'] as const;
const QUEUES = ['pendingWithdrawals', 'openChats', 'kycWaiting', 'adjustmentsWaiting'] as const;

export function Dashboard() {
  const { t } = useTranslation();
  const { money, count, when, language } = useFormat();
  const dashboard = useQuery(dashboardQueryOptions());
  const data = dashboard.data;

  return (
    <section>
      <h1>{t('nav.dashboard')}</h1>
      <LoadState
        isPending={dashboard.isPending}
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
      >
        {data && (
          <>
            <p className="muted">{t('dashboard.upTo', { when: when(data.dataUpTo) })}</p>
            <div className="table-wrap">
              <table className="data-table">
                <caption>{t('dashboard.periods')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.figure')}</th>
                    {PERIODS.map((period) => (
                      <th key={period} scope="col" className="end">
                        {t(`dashboard.period.${period}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {COUNT_FIGURES.map((figure) => (
                    <tr key={figure}>
                      <th scope="row">{t(`dashboard.figures.${figure}`)}</th>
                      {PERIODS.map((period) => (
                        <td key={period} className="end">
                          {count(data.periods[period][figure])}
                        </td>
                      ))}
                    </tr>
                  ))}
                  {MONEY_FIGURES.map((figure) => (
                    <tr key={figure}>
                      <th scope="row">{t(`dashboard.figures.${figure}`)}</th>
                      {PERIODS.map((period) => (
                        <td key={period} className="end">
                          {money(data.periods[period][figure])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="cards">
              {QUEUES.map((queue) => (
                <div key={queue} className="card">
                  <span>{t(`dashboard.queues.${queue}`)}</span>
                  <strong>{count(data.queues[queue])}</strong>
                </div>
              ))}
            </div>
            <div className="charts">
              <BarChart
                title={t('dashboard.hourly')}
                labels={data.hourly.map((point) =>
                  formatDate(point.hour, 'dayMonthTime', language),
                )}
                values={data.hourly.map((point) => point.ggr)}
                format={money}
              />
              <BarChart
                title={t('dashboard.daily')}
                labels={data.daily.map((point) => formatDay(point.day, language))}
                values={data.daily.map((point) => point.ggr)}
                format={money}
              />
            </div>
          </>
        )}
      </LoadState>
    </section>
  );
}
