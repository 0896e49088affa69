/**
 * /m/vouReport: the member's deposit records. Shown while DEPRECM3 is on (off: home, as the
 * member centre hides its entry); needs a real member.
 */
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { DepositRecords } from '../../features/cashier/components/deposit-records';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const status = useSystemStatus();
  if (status.data && !flagOn(status.data, 'DEPRECM3')) return <Navigate to={paths.home} replace />;
  return <DepositRecords token={session.token} />;
}
