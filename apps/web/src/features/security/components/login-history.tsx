/** The last 20 login attempts (time, device, partly hidden address, outcome), a security section. */
import { QueryState } from '../../../components/load-state';
import { formatDate } from '@khela/contract/date';
import '../strings';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useLanguage } from '../../../lib/i18n';
import { securityQueryOptions } from '../api/security';
import { deviceName } from '../utils/device-name';
import formStyles from '../../../components/form.module.css';
import styles from './security.module.css';

export function LoginHistory({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const summary = useQuery(securityQueryOptions(token));
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.historyTitle')}
      </h2>
      <p className={formStyles.muted}>
        {t('security.historyIntro')} {t('common.dhakaTime')}
      </p>
      {summary.isPending || summary.isError ? (
        <QueryState query={summary} loading={<Spinner label={t('common.loading')} />} />
      ) : summary.data.loginHistory.length === 0 ? (
        <p className={formStyles.muted}>{t('security.historyNone')}</p>
      ) : (
        <ul className={formStyles.list} aria-label={t('security.historyTitle')}>
          {summary.data.loginHistory.map((event) => (
            <li key={`${event.at}-${event.ip ?? ''}`} className={formStyles.item}>
              <div className={formStyles.itemMain}>
                <span className={styles.strong}>{deviceName(event.device, t)}</span>
                <span className={formStyles.muted}>
                  {formatDate(event.at, 'dateTime', language)} ·{' '}
                  {event.ip ?? t('security.ipUnknown')}
                </span>
              </div>
              <span className={styles.badge} data-outcome={event.outcome}>
                {t(`security.outcome_${event.outcome}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
