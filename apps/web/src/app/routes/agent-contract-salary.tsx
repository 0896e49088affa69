/** /m/member/agent/getSalaryContract: the salary contract's terms and requests (agents only). */
import { AgentContractScreen } from '../../features/rewards/components/agent-contract';
import { AgentsOnly } from '../route-guard';

export function Component() {
  return <AgentsOnly>{(token) => <AgentContractScreen token={token} kind="salary" />}</AgentsOnly>;
}
