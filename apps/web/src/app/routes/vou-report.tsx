/**
 * /m/vouReport: the member's deposit records. Shown while DEPRECM3 is on (off: home, as the
 * member centre hides its entry); needs a real member.
 */
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { DepositRecords } from '../../features/cashier/components/deposit-records';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useSessionStore } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const status = useSystemStatus();
  if (!session) return <Navigate to={paths.login} replace />;
  if (status.data && !flagOn(status.data, 'DEPRECM3')) return <Navigate to={paths.home} replace />;
  if (isGuest(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('guestPrompt.body')}</p>
        <Link to={paths.register}>{t('guestPrompt.register')}</Link>
      </section>
    );
  }
  return <DepositRecords token={session.token} />;
}
