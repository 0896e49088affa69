/** The reports: GGR by day, vendor or category; cash flow; registrations. Each has a CSV twin. */
import {
  CashflowReportSchema,
  GgrReportSchema,
  REPORT_PATHS,
  RegistrationMembersSchema,
  RegistrationsReportSchema,
  type GgrGrouping,
} from '@khela/contract/backoffice/reports';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api';

export interface Range {
  from: string;
  to: string;
}

export const ggrQueryOptions = (range: Range, by: GgrGrouping) =>
  queryOptions({
    queryKey: ['reports', 'ggr', range, by],
    queryFn: () => api.get(REPORT_PATHS.ggr, { query: { ...range, by }, parse: GgrReportSchema }),
  });

export const cashflowQueryOptions = (range: Range) =>
  queryOptions({
    queryKey: ['reports', 'cashflow', range],
    queryFn: () =>
      api.get(REPORT_PATHS.cashflow, { query: { ...range }, parse: CashflowReportSchema }),
  });

export const registrationsQueryOptions = (range: Range) =>
  queryOptions({
    queryKey: ['reports', 'registrations', range],
    queryFn: () =>
      api.get(REPORT_PATHS.registrations, {
        query: { ...range },
        parse: RegistrationsReportSchema,
      }),
  });

/** The players registered in the range, a page at a time (newest first). */
export const registrationMembersQueryOptions = (range: Range, before: string | undefined) =>
  queryOptions({
    queryKey: ['reports', 'registrationMembers', range, before],
    queryFn: () =>
      api.get(REPORT_PATHS.registrationMembers, {
        query: { ...range, before },
        parse: RegistrationMembersSchema,
      }),
  });

/** The same report as a CSV download. */
export const csvUrl = (
  report: 'ggr' | 'cashflow' | 'registrations' | 'registrationMembers',
  query: Record<string, string>,
) => apiUrl(REPORT_PATHS[report], { ...query, format: 'csv' });
