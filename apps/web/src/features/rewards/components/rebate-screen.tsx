/**
 * The manual rebate screen: the operator's rates, the last days (Dhaka time) with turnover and
 * rebate per game category, a Claim button on each ended day with a rebate, and the claims made.
 */
import { QueryState } from '../../../components/load-state';
import { formatDay, formatMoney } from '@khela/contract/format';
import { CATEGORY_NAMES } from '@khela/contract/game-categories';
import type { RebatePeriod } from '@khela/contract/rewards';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { rebateQueryOptions } from '../api/rewards';
import { percent } from './money';
import formStyles from '../../../components/form.module.css';
import styles from './rewards.module.css';
import { useClaimRebate } from './use-claim-rebate';

interface Props {
  token: string;
  /** Called after a claim: the header's balance refreshes. */
  onMoneyMoved: () => unknown;
}

export function RebateScreen({ token, onMoneyMoved }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const rebate = useQuery(rebateQueryOptions(token));
  const { claim, pending } = useClaimRebate(onMoneyMoved);
  if (rebate.isPending || rebate.isError) return <QueryState query={rebate} showError />;
  const data = rebate.data;
  const shown = data.periods.filter((p) => p.status !== 'none' || p.categories.length > 0);

  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-claimable`}>
        <div className={formStyles.between}>
          <span id={`${id}-claimable`} className={formStyles.muted}>
            {t('rewards.claimable')}
          </span>
          <span className={styles.big}>{formatMoney(data.claimableMinor, language)}</span>
        </div>
        <p className={formStyles.muted}>{t('rewards.rebateRule')}</p>
      </section>

      <section className={formStyles.card} aria-labelledby={`${id}-periods`}>
        <h2 id={`${id}-periods`} className={formStyles.title}>
          {t('rewards.periods')}
        </h2>
        {shown.length === 0 ? (
          <p className={formStyles.muted}>{t('rewards.noTurnover')}</p>
        ) : (
          <ul className={formStyles.list}>
            {shown.map((period) => (
              <PeriodItem
                key={period.periodStart}
                period={period}
                language={language}
                claiming={pending === period.periodStart}
                onClaim={() => void claim(period.periodStart)}
              />
            ))}
          </ul>
        )}
      </section>

      <section className={formStyles.card} aria-labelledby={`${id}-rates`}>
        <h2 id={`${id}-rates`} className={formStyles.title}>
          {t('rewards.rates')}
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('rewards.category')}</th>
              <th scope="col">{t('rewards.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {data.rates.map((rate) => (
              <tr key={rate.category}>
                <td>{CATEGORY_NAMES[rate.category][language]}</td>
                <td>{percent(rate.rateBp, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={formStyles.card} aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className={formStyles.title}>
          {t('rewards.history')}
        </h2>
        {data.history.length === 0 ? (
          <p className={formStyles.muted}>{t('rewards.noClaims')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.history.map((claim) => (
              <li key={claim.id} className={formStyles.stackedItem}>
                <div className={formStyles.between}>
                  <span>{claim.periodStart}</span>
                  <span className={formStyles.amount}>
                    {formatMoney(claim.amountMinor, language)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PeriodItem({
  period,
  language,
  claiming,
  onClaim,
}: {
  period: RebatePeriod;
  language: 'EN' | 'BN';
  claiming: boolean;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={formStyles.stackedItem}>
      <div className={formStyles.between}>
        <span className={styles.day}>{formatDay(period.periodStart, language)}</span>
        <span className={styles.status} data-status={period.status}>
          {t(`rewards.status_${period.status}`)}
        </span>
      </div>
      {period.categories.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('rewards.category')}</th>
              <th scope="col">{t('rewards.turnover')}</th>
              <th scope="col">{t('rewards.rebate')}</th>
            </tr>
          </thead>
          <tbody>
            {period.categories.map((c) => (
              <tr key={c.category}>
                <td>{CATEGORY_NAMES[c.category][language]}</td>
                <td>{formatMoney(c.turnoverMinor, language)}</td>
                <td>{formatMoney(c.rebateMinor, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={formStyles.between}>
        <span className={formStyles.amount}>{formatMoney(period.totalMinor, language)}</span>
        {period.status === 'claimable' && (
          <button
            type="button"
            className={`${formStyles.primary} ${styles.claim}`}
            disabled={claiming}
            aria-label={t('rewards.claimLabel', { day: formatDay(period.periodStart, language) })}
            onClick={onClaim}
          >
            {claiming ? t('rewards.claiming') : t('rewards.claim')}
          </button>
        )}
      </div>
    </li>
  );
}
