/** /m/profitandloss: the member's profit and loss for a period (login required). */
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import { MemberOnly } from '../../features/records/components/member-only';
import { ProfitLossReport } from '../../features/records/components/profit-loss-report';

export function Component() {
  const status = useSystemStatus();
  return (
    <MemberOnly>
      {(token) => <ProfitLossReport token={token} currencySymbol={currencySymbol(status.data)} />}
    </MemberOnly>
  );
}
