/**
 * /m/voucherCenter: the deposit screen of the cashier feature. The provider's pay page opens in
 * the same tab; coming back (?deposit=<id>) shows that deposit and, once it is paid, refreshes the
 * header balance. Needs a real member (a trial account is asked to register).
 */
import { isGuest } from '@khela/contract/members';
import type { RoutePath } from '@khela/contract/routes';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { DepositScreen } from '../../features/cashier/components/deposit-screen';
import { payPage } from '../../features/cashier/utils/pay-page';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useSessionStore } from '../../lib/session-store';
import styles from './screens.module.css';

const RECORDS: RoutePath = '/m/vouReport';
const openPayPage = (url: string) => payPage.open(url);

export function Component() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const status = useSystemStatus();
  const [searchParams] = useSearchParams();
  const refreshWallet = useRefreshWallet();
  if (!session) return <Navigate to={paths.login} replace />;
  if (isGuest(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('guestPrompt.body')}</p>
        <Link to={paths.register}>{t('guestPrompt.register')}</Link>
      </section>
    );
  }
  const returned = searchParams.get('deposit');
  return (
    <DepositScreen
      key={returned ?? ''}
      token={session.token}
      returnedId={returned && /^\d{1,19}$/.test(returned) ? returned : null}
      onMoneyMoved={refreshWallet}
      openPayPage={openPayPage}
      recordsPath={status.data && !flagOn(status.data, 'DEPRECM3') ? null : RECORDS}
    />
  );
}
