/**
 * /m/forget: password recovery; /m/forget?resetToken=… sets a new password from the e-mail link.
 * Waits for the system status (usually cached), which says whether the phone method is on.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import { registrationSettingsQueryOptions } from '../../features/auth/api/registration';
import { ForgetPassword } from '../../features/auth/components/forget-password';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = useSystemStatus().data;
  // The password bounds are the operator's registration rule; defaults until they arrive.
  const settings = useQuery({ ...registrationSettingsQueryOptions(), meta: { silent: true } });
  const bounds = settings.data && {
    min: settings.data.passwordMin,
    max: settings.data.passwordMax,
    pattern: settings.data.fields.password.pattern,
  };
  if (!status) return <Spinner label={t('common.loading')} block />;
  return (
    <ForgetPassword
      phoneEnabled={flagOn(status, 'CHNGPASSVERIF3')}
      resetToken={params.get('resetToken')}
      passwordBounds={bounds}
    />
  );
}
