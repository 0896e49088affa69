/** /m/member/agent/getHourContract: the hourly contract's terms and requests (agents only). */
import { isAgent } from '@khela/contract/members';
import { useTranslation } from 'react-i18next';
import { AgentContractScreen } from '../../features/rewards/components/agent-contract';
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
  return <AgentContractScreen token={session.token} kind="hourly" />;
}
