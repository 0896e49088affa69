/**
 * /m/chat: our live chat page (CBS_launchChat's chatUrl). Needs a logged-in member (else login),
 * the CBS3 flag (else home); a guest is told to use a real account. `backUrl` is where "Leave
 * chat" goes: a path of this site only, else home.
 */
import { isSameSitePath } from '@khela/contract/chat';
import { isGuest } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ChatPage } from '../../features/chat/components/chat-page';
import { useMemberSession } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const session = useMemberSession();
  const [searchParams] = useSearchParams();
  if (isGuest(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('chat.trialOnly')}</p>
        <Link to={paths.register}>{t('chat.register')}</Link>
      </section>
    );
  }
  const back = searchParams.get('backUrl');
  return <ChatPage backUrl={back && isSameSitePath(back) ? back : paths.home} />;
}
