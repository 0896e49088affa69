/** /m/changePsw: needs a session; without one it goes home (spec §2). */
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { registrationSettingsQueryOptions } from '../../features/auth/api/registration';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const session = useSessionStore((state) => state.session);
  const settings = useQuery({ ...registrationSettingsQueryOptions(), meta: { silent: true } });
  if (!session) return <Navigate to={paths.home} replace />;
  const bounds = settings.data && {
    min: settings.data.passwordMin,
    max: settings.data.passwordMax,
    pattern: settings.data.fields.password.pattern,
  };
  return <ChangePasswordForm userName={session.userName} passwordBounds={bounds} />;
}
