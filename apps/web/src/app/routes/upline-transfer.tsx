/**
 * /m/member/uplineTransfer (AGETRANSFERUP3, from the member centre): the upline transfer screen
 * of the rewards feature; the header balance refreshes after a transfer. Needs a real member.
 */
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { UplineTransferScreen } from '../../features/rewards/components/upline-transfer';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <UplineTransferScreen token={session.token} onMoneyMoved={refreshWallet} />;
}
