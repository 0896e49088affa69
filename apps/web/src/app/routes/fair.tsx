/** /m/fair: the public verifier of the in-house games (no login needed). */
import { useSearchParams } from 'react-router';
import { FairVerifier } from '../../features/originals/components/fair-verifier';

export function Component() {
  const [search] = useSearchParams();
  return <FairVerifier search={search} />;
}
