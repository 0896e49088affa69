/**
 * /m/agent/home: the agent home of the rewards feature (team numbers, invitation code and link,
 * contracts). Non-agents see why the page is closed to them; visitors go to login.
 */
import { isAgent } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { AgentHome } from '../../features/rewards/components/agent-home';
import { useSessionStore } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  if (!session) return <Navigate to={paths.login} replace />;
  if (!isAgent(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('agent.agentsOnly')}</p>
      </section>
    );
  }
  return <AgentHome token={session.token} />;
}
