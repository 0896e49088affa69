/**
 * The bound mobile number and e-mail address, masked, a section of the security centre. There is
 * no self-service change flow: the player is pointed to customer service (docs/decisions.md).
 */
import { QueryState } from '../../../components/load-state';
import '../strings';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { securityQueryOptions } from '../api/security';
import formStyles from '../../../components/form.module.css';
import styles from './security.module.css';

export function ContactsSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const summary = useQuery(securityQueryOptions(token));
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.contactsTitle')}
      </h2>
      {summary.isPending || summary.isError ? (
        <QueryState query={summary} loading={<Spinner label={t('common.loading')} />} />
      ) : (
        <dl className={styles.facts}>
          <dt>{t('security.mobile')}</dt>
          <dd>{summary.data.mobile ?? t('security.notBound')}</dd>
          <dt>{t('security.email')}</dt>
          <dd>{summary.data.email ?? t('security.notBound')}</dd>
        </dl>
      )}
      <p className={formStyles.muted}>{t('security.contactsNote')}</p>
    </section>
  );
}
