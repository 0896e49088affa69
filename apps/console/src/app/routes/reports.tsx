import { Reports } from '../../features/reports/components/reports';
import { Require } from '../require';

export default function ReportsRoute() {
  return (
    <Require permission="reports.read">
      <Reports />
    </Require>
  );
}
