/** Identity checks: the queue, one submission's images, approve or reject with a reason. */
import { OpsKycDecisionSchema, OpsKycListSchema } from '@khela/contract/backoffice/kyc';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const kycListQueryOptions = (state: string) =>
  queryOptions({
    queryKey: ['kyc', state],
    queryFn: () => api.get('/ops/api/kyc', { query: { state }, parse: OpsKycListSchema }),
  });

export const decideKyc = (id: string, decision: 'approve' | 'reject', reason: string) =>
  api.post(`/ops/api/kyc/${id}/${decision}`, decision === 'reject' ? { reason } : {}, {
    parse: OpsKycDecisionSchema,
  });
