import { KycDesk } from '../../features/kyc/components/kyc-desk';
import { Require } from '../require';

export default function KycRoute() {
  return (
    <Require permission="kyc.read">
      <KycDesk />
    </Require>
  );
}
