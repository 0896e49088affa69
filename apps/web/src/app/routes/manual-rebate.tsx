/**
 * /m/member/manualRebate (MANPLAYREB3): the manual rebate screen of the rewards feature; the
 * header balance refreshes after a claim. Needs a real member (a trial account is asked to
 * register).
 */
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { RebateScreen } from '../../features/rewards/components/rebate-screen';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <RebateScreen token={session.token} onMoneyMoved={refreshWallet} />;
}
