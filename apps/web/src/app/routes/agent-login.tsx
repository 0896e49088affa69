/** /m/agent/login: the agent portal's own login (accounts spec §6); agents land on /m/agent/home. */
import { AgentLoginForm } from '../../features/auth/components/agent-login-form';

export function Component() {
  return <AgentLoginForm />;
}
