/**
 * /m/securityCenter: a thin host of the security centre's sections, one per feature (password,
 * payment password, contacts, identity check, logins, sessions, trusted devices and linked
 * sign-ins from security; payee accounts from withdraw;
 * responsible gaming from protection).
 */
import { ResponsibleGamingSection } from '../../features/protection/components/responsible-gaming';
import { ActiveSessions } from '../../features/security/components/active-sessions';
import { ContactsSection } from '../../features/security/components/contacts-section';
import { IdentitySection } from '../../features/security/components/identity-section';
import { LinkedSignIns } from '../../features/security/components/linked-sign-ins';
import { LoginHistory } from '../../features/security/components/login-history';
import { PasswordSection } from '../../features/security/components/password-section';
import { PaymentPasswordSection } from '../../features/security/components/payment-password-section';
import { TrustedDevices } from '../../features/security/components/trusted-devices';
import { PayeeAccounts } from '../../features/withdraw/components/payee-accounts';
import { useMemberSession } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const session = useMemberSession();
  return (
    <div className={styles.stack}>
      <PasswordSection />
      <PaymentPasswordSection token={session.token} />
      <ContactsSection token={session.token} />
      <IdentitySection token={session.token} />
      <ActiveSessions token={session.token} />
      <TrustedDevices token={session.token} />
      <LinkedSignIns token={session.token} />
      <LoginHistory token={session.token} />
      <PayeeAccounts token={session.token} />
      <ResponsibleGamingSection />
    </div>
  );
}
