/**
 * /m/originals/:nodeId: an in-house provably fair game (BGS). Any logged-in session plays
 * (trial and free play with play money); without one the player goes to login. The header
 * balance is refreshed after every round.
 */
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { OriginalsGame } from '../../features/originals/components/originals-game';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const { nodeId = '' } = useParams();
  const session = useSessionStore((state) => state.session);
  const refreshWallet = useRefreshWallet();
  if (!session) return <Navigate to={paths.login} replace />;
  return <OriginalsGame nodeId={nodeId} token={session.token} onBalanceChanged={refreshWallet} />;
}
