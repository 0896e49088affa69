/**
 * /m/agent/home: the agent home of the rewards feature (team numbers, invitation code and link,
 * contracts). Non-agents see why the page is closed to them; visitors go to login.
 */
import { isAgent } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { AgentHome } from '../../features/rewards/components/agent-home';
import { useMemberSession } from '../../lib/session-store';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const session = useMemberSession();
  if (!isAgent(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('agent.agentsOnly')}</p>
      </section>
    );
  }
  return <AgentHome token={session.token} />;
}
