/** /m/transaction/record: the member's transaction records (login required). */
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import { TransactionRecords } from '../../features/records/components/transaction-records';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { token } = useMemberSession();
  const status = useSystemStatus();
  return <TransactionRecords token={token} currencySymbol={currencySymbol(status.data)} />;
}
