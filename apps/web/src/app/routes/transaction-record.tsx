/** /m/transaction/record: the member's transaction records (login required). */
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import { MemberOnly } from '../../features/records/components/member-only';
import { TransactionRecords } from '../../features/records/components/transaction-records';

export function Component() {
  const status = useSystemStatus();
  return (
    <MemberOnly>
      {(token) => <TransactionRecords token={token} currencySymbol={currencySymbol(status.data)} />}
    </MemberOnly>
  );
}
