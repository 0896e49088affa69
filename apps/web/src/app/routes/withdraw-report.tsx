/** /m/withdrawReport: the member's withdraw records; a cancel refreshes the header balance. */
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { WithdrawRecords } from '../../features/withdraw/components/withdraw-records';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <WithdrawRecords token={session.token} onMoneyMoved={refreshWallet} />;
}
