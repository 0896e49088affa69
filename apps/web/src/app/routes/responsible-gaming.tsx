/** /m/responsibleGaming (not in the spec): player protection; without a session, the login. */
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { ResponsibleGamingSection } from '../../features/protection/components/responsible-gaming';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const session = useSessionStore((state) => state.session);
  if (!session) return <Navigate to={paths.login} replace />;
  return <ResponsibleGamingSection />;
}
