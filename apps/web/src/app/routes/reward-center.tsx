/**
 * /m/rewardCenter (shown while REWCEN3 is on): the reward centre of the rewards feature; the
 * header balance refreshes after a claim. Needs a real member (a trial account is asked to
 * register).
 */
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { RewardCentre } from '../../features/rewards/components/reward-centre';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <RewardCentre token={session.token} onMoneyMoved={refreshWallet} />;
}
