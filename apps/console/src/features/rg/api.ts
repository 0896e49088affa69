/** Responsible gaming: who is under a break now, and making a break longer. */
import { OpsBreakListSchema } from '@khela/contract/backoffice/rg';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const activeBreaksQueryOptions = () =>
  queryOptions({
    queryKey: ['rg', 'breaks', 'active'],
    queryFn: () =>
      api.get('/ops/api/rg/breaks', { query: { active: 'true' }, parse: OpsBreakListSchema }),
  });

export const extendBreak = (username: string, until: string, reason: string) =>
  api.post(`/ops/api/rg/members/${encodeURIComponent(username)}/extend`, { until, reason });
