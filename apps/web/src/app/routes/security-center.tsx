/**
 * /m/securityCenter: a thin host of the security centre's sections, one per feature
 * (responsible gaming here; password, payee accounts, sessions … from their features).
 */
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { ResponsibleGamingSection } from '../../features/protection/components/responsible-gaming';
import { PayeeAccounts } from '../../features/withdraw/components/payee-accounts';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const session = useSessionStore((state) => state.session);
  if (!session) return <Navigate to={paths.home} replace />;
  return (
    <div>
      <PayeeAccounts token={session.token} />
      <ResponsibleGamingSection />
    </div>
  );
}
