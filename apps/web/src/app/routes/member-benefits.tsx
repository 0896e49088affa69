/**
 * /m/member/benefits: VIP levels and the member's progress (opened from the VIP bar). Needs a
 * member (visitor: login; guest: the trial prompt) and VIPBENEFIT3 (off: home).
 */
import { isGuest } from '@khela/contract/members';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { GuestNote } from '../../features/member/components/guest-note';
import { VipBenefits } from '../../features/member/components/vip-benefits';
import {
  currencySymbol,
  flagOn,
  useSystemStatus,
} from '../../features/system/api/get-system-status';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const session = useMemberSession();
  const status = useSystemStatus();
  if (status.data && !flagOn(status.data, 'VIPBENEFIT3')) {
    return <Navigate to={paths.home} replace />;
  }
  if (isGuest(session.type)) return <GuestNote />;
  return <VipBenefits token={session.token} currencySymbol={currencySymbol(status.data)} />;
}
