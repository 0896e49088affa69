/**
 * /m/withdraw: the withdraw form of the withdraw feature; the header balance refreshes after a
 * request or a cancel. Needs a real member (a trial account is asked to register).
 */
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { WithdrawScreen } from '../../features/withdraw/components/withdraw-form';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <WithdrawScreen token={session.token} onMoneyMoved={refreshWallet} />;
}
