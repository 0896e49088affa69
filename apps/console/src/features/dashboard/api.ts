import { DashboardSchema, REPORT_PATHS } from '@khela/contract/backoffice/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: () => api.get(REPORT_PATHS.dashboard, { parse: DashboardSchema }),
    refetchInterval: 60_000,
  });
