/** /m/profitandloss: the member's profit and loss for a period (login required). */
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import { ProfitLossReport } from '../../features/records/components/profit-loss-report';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { token } = useMemberSession();
  const status = useSystemStatus();
  return <ProfitLossReport token={token} currencySymbol={currencySymbol(status.data)} />;
}
