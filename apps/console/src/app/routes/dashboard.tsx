import { Dashboard } from '../../features/dashboard/components/dashboard';
import { Require } from '../require';

export default function DashboardRoute() {
  return (
    <Require permission="dashboard.read">
      <Dashboard />
    </Require>
  );
}
