import { AuditTrail } from '../../features/audit/components/audit-trail';
import { Require } from '../require';

export default function AuditRoute() {
  return (
    <Require permission="audit.read">
      <AuditTrail />
    </Require>
  );
}
