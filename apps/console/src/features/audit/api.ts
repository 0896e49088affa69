/** The audit trail: search with filters, page older, export the same filters as CSV. */
import { AuditPageSchema } from '@khela/contract/backoffice/operators';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api';

export interface AuditFilters {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Days (YYYY-MM-DD), both included, on Dhaka's clock. */
  from: string;
  to: string;
}

const query = (filters: AuditFilters) => ({
  actor: filters.actor,
  action: filters.action,
  targetType: filters.targetType,
  targetId: filters.targetId,
  from: filters.from ? `${filters.from}T00:00:00+06:00` : undefined,
  to: filters.to ? `${filters.to}T23:59:59+06:00` : undefined,
});

export const auditQueryOptions = (filters: AuditFilters, before: string | undefined) =>
  queryOptions({
    queryKey: ['audit', filters, before],
    queryFn: () =>
      api.get('/ops/api/audit', { query: { ...query(filters), before }, parse: AuditPageSchema }),
  });

export const auditCsvUrl = (filters: AuditFilters) => apiUrl('/ops/api/audit.csv', query(filters));
