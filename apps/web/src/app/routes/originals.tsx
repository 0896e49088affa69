/**
 * /m/originals/:nodeId: an in-house provably fair game (BGS). Any logged-in session plays
 * (trial and free play with play money); without one the player goes to login. The header
 * balance is refreshed after every round.
 */
import { useParams } from 'react-router';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { OriginalsGame } from '../../features/originals/components/originals-game';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { nodeId = '' } = useParams();
  const session = useMemberSession();
  const refreshWallet = useRefreshWallet();
  return <OriginalsGame nodeId={nodeId} token={session.token} onBalanceChanged={refreshWallet} />;
}
