/**
 * /m/voucherCenter: the deposit screen of the cashier feature. The provider's pay page opens in
 * the same tab; coming back (?deposit=<id>) shows that deposit and, once it is paid, refreshes the
 * header balance. The bonus feature's choice of offers and promo code sits in the form, before
 * paying. Needs a real member (a trial account is asked to register).
 */
import type { RoutePath } from '@khela/contract/routes';
import { useSearchParams } from 'react-router';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { BonusChoice } from '../../features/bonus/components/bonus-choice';
import {
  DepositScreen,
  type BonusSlotProps,
} from '../../features/cashier/components/deposit-screen';
import { payPage } from '../../features/cashier/utils/pay-page';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useMemberSession } from '../../lib/session-store';

const RECORDS: RoutePath = '/m/vouReport';
const openPayPage = (url: string) => payPage.open(url);

export function Component() {
  const session = useMemberSession();
  const status = useSystemStatus();
  const [searchParams] = useSearchParams();
  const refreshWallet = useRefreshWallet();
  const returned = searchParams.get('deposit');
  return (
    <DepositScreen
      key={returned ?? ''}
      token={session.token}
      returnedId={returned && /^\d{1,19}$/.test(returned) ? returned : null}
      onMoneyMoved={refreshWallet}
      openPayPage={openPayPage}
      recordsPath={status.data && !flagOn(status.data, 'DEPRECM3') ? null : RECORDS}
      bonusChoice={(slot: BonusSlotProps) => <BonusChoice token={session.token} {...slot} />}
    />
  );
}
