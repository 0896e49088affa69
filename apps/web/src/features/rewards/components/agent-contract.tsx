/**
 * A contract screen (daily salary, dividend, hourly): the operator's terms as tiers of team
 * turnover, and the agent's requests under it (read-only; the operator decides them).
 */
import { QueryState } from '../../../components/load-state';
import { formatAmount } from '@khela/contract/amount';
import { formatMoney } from '@khela/contract/format';
import type { AgentContractKind } from '@khela/contract/rewards';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { agentContractQueryOptions } from '../api/rewards';
import { percent } from './money';
import formStyles from '../../../components/form.module.css';
import styles from './rewards.module.css';
import { useLanguage } from '../../../lib/i18n';

export function AgentContractScreen({ token, kind }: { token: string; kind: AgentContractKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const contract = useQuery(agentContractQueryOptions(token, kind));
  if (contract.isPending || contract.isError) return <QueryState query={contract} showError />;
  const data = contract.data;
  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-terms`}>
        <h2 id={`${id}-terms`} className={formStyles.title}>
          {t('agent.terms')}
        </h2>
        {data.tiers.length === 0 ? (
          <p className={formStyles.muted}>{t('agent.noTerms')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.tiers.map((tier) => (
              <li key={tier.turnoverMinor} className={formStyles.stackedItem}>
                <div className={formStyles.between}>
                  <span>
                    {t('agent.tierTurnover', {
                      amount: formatAmount(tier.turnoverMinor, { language }),
                    })}
                  </span>
                  <span className={formStyles.amount}>
                    {tier.shareBp !== undefined
                      ? t('agent.tierShare', { share: percent(tier.shareBp, language) })
                      : t('agent.tierAmount', {
                          amount: formatAmount(tier.amountMinor ?? 0, { language }),
                        })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={formStyles.card} aria-labelledby={`${id}-requests`}>
        <h2 id={`${id}-requests`} className={formStyles.title}>
          {t('agent.requests')}
        </h2>
        {data.requests.length === 0 ? (
          <p className={formStyles.muted}>{t('agent.noRequests')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.requests.map((r) => (
              <li key={r.id} className={formStyles.stackedItem}>
                <div className={formStyles.between}>
                  <span>{r.periodStart}</span>
                  <span className={formStyles.amount}>{formatMoney(r.amountMinor, language)}</span>
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
