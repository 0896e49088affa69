/**
 * The reward centre: everything the member may claim now (ended days' rebates; promotions carry
 * no bonus amount) with a Claim button each, and the way to the manual rebate page.
 */
import { QueryState } from '../../../components/load-state';
import { formatDay, formatMoney } from '@khela/contract/format';
import type { RoutePath } from '@khela/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rewardCentreQueryOptions } from '../api/rewards';
import formStyles from '../../../components/form.module.css';
import styles from './rewards.module.css';
import { useClaimRebate } from './use-claim-rebate';
import { useLanguage } from '../../../lib/i18n';

const MANUAL_REBATE: RoutePath = '/m/member/manualRebate';

export function RewardCentre({
  token,
  onMoneyMoved,
}: {
  token: string;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const centre = useQuery(rewardCentreQueryOptions(token));
  const { claim, pending } = useClaimRebate(onMoneyMoved);
  if (centre.isPending || centre.isError) return <QueryState query={centre} showError />;
  const data = centre.data;
  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-total`}>
        <div className={formStyles.between}>
          <span id={`${id}-total`} className={formStyles.muted}>
            {t('rewards.claimable')}
          </span>
          <span className={styles.big}>{formatMoney(data.totalMinor, language)}</span>
        </div>
      </section>
      <section className={formStyles.card} aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className={formStyles.title}>
          {t('rewards.available')}
        </h2>
        {data.items.length === 0 ? (
          <p className={formStyles.muted}>{t('rewards.nothing')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.items.map((item) => (
              <li key={item.periodStart} className={formStyles.stackedItem}>
                <div className={formStyles.between}>
                  <span>
                    {t('rewards.rebateOf', { day: formatDay(item.periodStart, language) })}
                  </span>
                  <span className={formStyles.amount}>
                    {formatMoney(item.amountMinor, language)}
                  </span>
                </div>
                <button
                  type="button"
                  className={formStyles.primary}
                  disabled={pending === item.periodStart}
                  aria-label={t('rewards.claimLabel', {
                    day: formatDay(item.periodStart, language),
                  })}
                  onClick={() => void claim(item.periodStart)}
                >
                  {pending === item.periodStart ? t('rewards.claiming') : t('rewards.claim')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.rebateEnabled && (
        <Link className={formStyles.secondary} to={MANUAL_REBATE}>
          {t('rewards.openRebate')}
        </Link>
      )}
    </div>
  );
}
