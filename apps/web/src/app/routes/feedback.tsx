/**
 * /m/feedback: send feedback and read the answers. Needs a member (visitor: login; guest: the
 * trial prompt) and FEEDBACK3 (off: home).
 */
import '../../features/inbox/strings';
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { FeedbackPage } from '../../features/feedback/components/feedback-page';
import { GuestNote } from '../../features/member/components/guest-note';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { t } = useTranslation();
  const session = useMemberSession();
  const status = useSystemStatus();
  if (status.data && !flagOn(status.data, 'FEEDBACK3')) {
    return <Navigate to={paths.home} replace />;
  }
  if (isGuest(session.type)) return <GuestNote message={t('inbox.trialOnly')} />;
  return <FeedbackPage token={session.token} />;
}
