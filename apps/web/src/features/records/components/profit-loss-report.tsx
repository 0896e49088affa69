/**
 * Profit and loss (/m/profitandloss): the period's totals from the member's ledger — deposits,
 * paid withdrawals, net deposits, bets, wins, game result, rebates and bonuses, and the net result.
 */
import { QueryState } from '../../../components/load-state';
import { RECORDS, defaultRange, type ProfitLoss } from '@khela/contract/records';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker, type DayRange } from '../../../components/date-range-picker';
import { profitLossQueryOptions } from '../api/records';
import { money, signedMoney } from './format';
import formStyles from '../../../components/form.module.css';
import styles from './records.module.css';
import { useLanguage } from '../../../lib/i18n';

type FigureKey =
  | 'deposits'
  | 'withdrawals'
  | 'netDeposits'
  | 'bets'
  | 'wins'
  | 'gameResult'
  | 'rebates'
  | 'adjustments'
  | 'transfers'
  | 'netResult';

type Figure = {
  key: FigureKey;
  value: (p: ProfitLoss) => number;
  signed?: boolean;
  strong?: boolean;
};

const FIGURES: Figure[] = [
  { key: 'deposits', value: (p) => p.depositsMinor },
  { key: 'withdrawals', value: (p) => p.withdrawalsMinor },
  { key: 'netDeposits', value: (p) => p.netDepositsMinor, strong: true },
  { key: 'bets', value: (p) => p.betsMinor },
  { key: 'wins', value: (p) => p.winsMinor },
  { key: 'gameResult', value: (p) => p.gameResultMinor, signed: true },
  { key: 'rebates', value: (p) => p.rebatesMinor },
  { key: 'adjustments', value: (p) => p.adjustmentsMinor, signed: true },
  { key: 'transfers', value: (p) => p.transfersMinor, signed: true },
  { key: 'netResult', value: (p) => p.netResultMinor, signed: true, strong: true },
];

export function ProfitLossReport({
  token,
  currencySymbol,
}: {
  token: string;
  currencySymbol: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const query = useQuery(profitLossQueryOptions(token, range));

  return (
    <div className={formStyles.screen}>
      <DateRangePicker value={range} onChange={setRange} maxDays={RECORDS.maxSpanDays} />
      {query.isPending || query.isError ? (
        <QueryState query={query} />
      ) : (
        <section
          className={formStyles.card}
          aria-labelledby="profit-loss-totals"
          aria-busy={query.isFetching}
        >
          <h2 id="profit-loss-totals" className={styles.title}>
            {t('records.totals')}
          </h2>
          <dl className={styles.figures}>
            {FIGURES.map((figure) => {
              const value = figure.value(query.data);
              return (
                <div
                  key={figure.key}
                  className={figure.strong ? styles.strongFigure : styles.figure}
                >
                  <dt>{t(`records.${figure.key}`)}</dt>
                  <dd
                    className={
                      figure.signed
                        ? value < 0
                          ? styles.debit
                          : value > 0
                            ? styles.credit
                            : ''
                        : ''
                    }
                  >
                    {figure.signed
                      ? signedMoney(value, currencySymbol, language)
                      : money(value, currencySymbol, language)}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className={styles.note}>{t('records.pendingNote')}</p>
        </section>
      )}
      <p className={styles.note}>{t('records.timeZoneNote')}</p>
    </div>
  );
}
