/**
 * /m/agent/home: the agent home of the rewards feature (team numbers, invitation code and link,
 * contracts). Non-agents see why the page is closed to them; visitors go to login.
 */
import { AgentHome } from '../../features/rewards/components/agent-home';
import { AgentsOnly } from '../route-guard';

export function Component() {
  return <AgentsOnly>{(token) => <AgentHome token={token} />}</AgentsOnly>;
}
