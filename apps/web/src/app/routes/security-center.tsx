/**
 * /m/securityCenter: a thin host of the security centre's sections, one per feature (payee
 * accounts from withdraw, responsible gaming from protection; password and sessions to come).
 */
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { ResponsibleGamingSection } from '../../features/protection/components/responsible-gaming';
import { PayeeAccounts } from '../../features/withdraw/components/payee-accounts';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const session = useSessionStore((state) => state.session);
  if (!session) return <Navigate to={paths.login} replace />;
  return (
    <div>
      <PayeeAccounts token={session.token} />
      <ResponsibleGamingSection />
    </div>
  );
}
