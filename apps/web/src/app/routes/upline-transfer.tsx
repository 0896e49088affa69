/**
 * /m/member/uplineTransfer (AGETRANSFERUP3, from the member centre): the upline transfer screen
 * of the rewards feature; the header balance refreshes after a transfer. Needs a real member.
 */
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { UplineTransferScreen } from '../../features/rewards/components/upline-transfer';
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
  return <UplineTransferScreen token={session.token} onMoneyMoved={refreshWallet} />;
}
