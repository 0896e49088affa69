import { AgentContracts } from '../../features/agents/components/agent-contracts';
import { Require } from '../require';

export default function AgentsRoute() {
  return (
    <Require permission="money.read">
      <AgentContracts />
    </Require>
  );
}
