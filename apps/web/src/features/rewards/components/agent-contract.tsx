/**
 * A contract screen (daily salary, dividend, hourly): the operator's terms as tiers of team
 * turnover, and the agent's requests under it (read-only; the operator decides them).
 */
import { formatAmount } from '@khela/contract/amount';
import type { AgentContractKind } from '@khela/contract/rewards';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { agentContractQueryOptions } from '../api/rewards';
import { percent } from './money';
import styles from './rewards.module.css';

export function AgentContractScreen({ token, kind }: { token: string; kind: AgentContractKind }) {
  const { t } = useTranslation();
  const id = useId();
  const contract = useQuery(agentContractQueryOptions(token, kind));
  if (contract.isPending) return <Spinner label={t('common.loading')} block />;
  if (contract.isError) {
    return (
      <div className={styles.screen}>
        <p className={styles.card} role="alert">
          {contract.error.message}
        </p>
      </div>
    );
  }
  const data = contract.data;
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-labelledby={`${id}-terms`}>
        <h2 id={`${id}-terms`} className={styles.title}>
          {t('agent.terms')}
        </h2>
        {data.tiers.length === 0 ? (
          <p className={styles.muted}>{t('agent.noTerms')}</p>
        ) : (
          <ul className={styles.list}>
            {data.tiers.map((tier) => (
              <li key={tier.turnoverMinor} className={styles.item}>
                <div className={styles.row}>
                  <span>
                    {t('agent.tierTurnover', { amount: formatAmount(tier.turnoverMinor) })}
                  </span>
                  <span className={styles.amount}>
                    {tier.shareBp !== undefined
                      ? t('agent.tierShare', { share: percent(tier.shareBp) })
                      : t('agent.tierAmount', { amount: formatAmount(tier.amountMinor ?? 0) })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card} aria-labelledby={`${id}-requests`}>
        <h2 id={`${id}-requests`} className={styles.title}>
          {t('agent.requests')}
        </h2>
        {data.requests.length === 0 ? (
          <p className={styles.muted}>{t('agent.noRequests')}</p>
        ) : (
          <ul className={styles.list}>
            {data.requests.map((r) => (
              <li key={r.id} className={styles.item}>
                <div className={styles.row}>
                  <span>{r.periodStart}</span>
                  <span className={styles.amount}>৳{formatAmount(r.amountMinor)}</span>
                </div>
                <span className={styles.status} data-status={r.status}>
                  {t(`agent.status_${r.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
