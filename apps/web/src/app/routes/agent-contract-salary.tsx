/** /m/member/agent/getSalaryContract: the salary contract's terms and requests (agents only). */
import { isAgent } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { AgentContractScreen } from '../../features/rewards/components/agent-contract';
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
  return <AgentContractScreen token={session.token} kind="salary" />;
}
