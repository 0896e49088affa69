/** /m/forget: password recovery; /m/forget?resetToken=… sets a new password from the e-mail link. */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { registrationSettingsQueryOptions } from '../../features/auth/api/registration';
import { ForgetPassword } from '../../features/auth/components/forget-password';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';

export function Component() {
  const [params] = useSearchParams();
  const status = useSystemStatus().data;
  // The password bounds are the operator's registration rule; defaults until they arrive.
  const settings = useQuery({ ...registrationSettingsQueryOptions(), meta: { silent: true } });
  const bounds = settings.data && {
    min: settings.data.passwordMin,
    max: settings.data.passwordMax,
  };
  return (
    <ForgetPassword
      // The method switch starts on mobile once the status says the phone method is on.
      key={String(flagOn(status, 'CHNGPASSVERIF3'))}
      phoneEnabled={flagOn(status, 'CHNGPASSVERIF3')}
      resetToken={params.get('resetToken')}
      passwordBounds={bounds}
    />
  );
}
