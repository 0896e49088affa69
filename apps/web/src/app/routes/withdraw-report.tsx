/** /m/withdrawReport: the member's withdraw records; a cancel refreshes the header balance. */
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { WithdrawRecords } from '../../features/withdraw/components/withdraw-records';
import { useSessionStore } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const refreshWallet = useRefreshWallet();
  if (!session) return <Navigate to={paths.login} replace />;
  if (isGuest(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('guestPrompt.body')}</p>
        <Link to={paths.register}>{t('guestPrompt.register')}</Link>
      </section>
    );
  }
  return <WithdrawRecords token={session.token} onMoneyMoved={refreshWallet} />;
}
