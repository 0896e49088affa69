/**
 * /m/member/manualRebate (MANPLAYREB3): the manual rebate screen of the rewards feature; the
 * header balance refreshes after a claim. Needs a real member (a trial account is asked to
 * register).
 */
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { RebateScreen } from '../../features/rewards/components/rebate-screen';
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
  return <RebateScreen token={session.token} onMoneyMoved={refreshWallet} />;
}
