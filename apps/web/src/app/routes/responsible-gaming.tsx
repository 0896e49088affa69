/** /m/responsibleGaming (not in the spec): player protection, for members (see the route map). */
import { ResponsibleGamingSection } from '../../features/protection/components/responsible-gaming';

export function Component() {
  return <ResponsibleGamingSection />;
}
