/** /m/login: the login form with the white-label switches from the system status. */
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { LoginForm } from '../../features/auth/components/login-form';

export function Component() {
  const status = useSystemStatus().data;
  return (
    <LoginForm
      merchantCode={status?.info.merchant.code ?? ''}
      flags={{
        smsLogin: flagOn(status, 'MOBILEVERCODELOGIN3'),
        forgotPassword: flagOn(status, 'CHNGPASSMAIL3') || flagOn(status, 'CHNGPASSVERIF3'),
        facebook: flagOn(status, 'FACEBOOKLOGIN3'),
        google: flagOn(status, 'GOOGLELOGIN3'),
        telegram: flagOn(status, 'TELEGRAMLOGIN3'),
      }}
    />
  );
}
