/**
 * /m/rewardCenter (shown while REWCEN3 is on): the reward centre of the rewards feature; the
 * header balance refreshes after a claim. Needs a real member (a trial account is asked to
 * register).
 */
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { RewardCentre } from '../../features/rewards/components/reward-centre';
import { Spinner } from '../../components/spinner';
import { useSessionStore } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const refreshWallet = useRefreshWallet();
  const status = useSystemStatus();
  // The flag first: while REWCEN3 is off the screen does not exist, for visitors too.
  if (status.isPending) return <Spinner label={t('common.loading')} block />;
  if (!flagOn(status.data, 'REWCEN3')) return <Navigate to={paths.home} replace />;
  if (!session) return <Navigate to={paths.login} replace />;
  if (isGuest(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('guestPrompt.body')}</p>
        <Link to={paths.register}>{t('guestPrompt.register')}</Link>
      </section>
    );
  }
  return <RewardCentre token={session.token} onMoneyMoved={refreshWallet} />;
}
