/**
 * /m/webEmail: the inbox. Needs a member (visitor: login; guest: no inbox, the trial prompt)
 * and MAILCEN (off: home).
 */
import '../../features/inbox/strings';
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { InboxPage } from '../../features/inbox/components/inbox-page';
import { GuestNote } from '../../features/member/components/guest-note';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { t } = useTranslation();
  const session = useMemberSession();
  const status = useSystemStatus();
  if (status.data && !flagOn(status.data, 'MAILCEN')) return <Navigate to={paths.home} replace />;
  if (isGuest(session.type)) return <GuestNote message={t('inbox.trialOnly')} />;
  return <InboxPage token={session.token} />;
}
