/** /m/liveHosts: the chat module's live hosts and the member's focus list (CBS3 on). */
import { LiveHosts } from '../../features/chat/components/live-hosts';

export function Component() {
  return <LiveHosts />;
}
