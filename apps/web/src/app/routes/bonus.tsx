/**
 * /m/bonus: the player's bonuses (active, queued, past), promo codes and offers, from the bonus
 * feature; the header balance refreshes after a forfeit or a redeemed code.
 */
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { BonusPage } from '../../features/bonus/components/bonus-page';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <BonusPage token={session.token} onMoneyMoved={refreshWallet} />;
}
