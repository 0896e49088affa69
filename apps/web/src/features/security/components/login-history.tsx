/** The last 20 login attempts (time, device, partly hidden address, outcome), a security section. */
import { formatDate } from '@khela/contract/date';
import '../strings';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useLanguage } from '../../../lib/i18n';
import { securityQueryOptions } from '../api/security';
import { deviceName } from '../utils/device-name';
import styles from './security.module.css';

export function LoginHistory({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const summary = useQuery(securityQueryOptions(token));
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('security.historyTitle')}
      </h2>
      <p className={styles.muted}>{t('security.historyIntro')}</p>
      {summary.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : summary.isError ? (
        <button type="button" className={styles.secondary} onClick={() => void summary.refetch()}>
          {t('common.loadFailed')}
        </button>
      ) : summary.data.loginHistory.length === 0 ? (
        <p className={styles.muted}>{t('security.historyNone')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('security.historyTitle')}>
          {summary.data.loginHistory.map((event) => (
            <li key={`${event.at}-${event.ip ?? ''}`} className={styles.item}>
              <div className={styles.itemMain}>
                <span className={styles.strong}>{deviceName(event.device, t)}</span>
                <span className={styles.muted}>
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
