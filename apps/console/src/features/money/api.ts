/**
 * The money desk: the withdrawal queue with risk signals, decisions one at a time or several,
 * reason templates, the deposit list, and adjustments waiting for a second operator.
 */
import { AdjustmentPageSchema } from '@khela/contract/backoffice/members';
import {
  OpsBulkDecisionAnswerSchema,
  OpsDepositListSchema,
  ReasonTemplateListSchema,
  WithdrawalRiskSchema,
} from '@khela/contract/backoffice/money';
import { OpsWithdrawalSchema } from '@khela/contract/withdrawals';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/** A row of the queue: the withdrawal and its risk signals. */
export const WithdrawalRowSchema = OpsWithdrawalSchema.extend({ risk: WithdrawalRiskSchema });
export type WithdrawalRow = z.infer<typeof WithdrawalRowSchema>;

export const withdrawalQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['money', 'withdrawals', 'pending'],
    queryFn: () =>
      api.get('/ops/api/wallet/withdrawals', {
        query: { status: 'pending' },
        parse: z.array(WithdrawalRowSchema),
      }),
  });

export const reasonTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['money', 'reason-templates'],
    queryFn: () => api.get('/ops/api/wallet/reason-templates', { parse: ReasonTemplateListSchema }),
    staleTime: 5 * 60_000,
  });

export const depositsQueryOptions = (state: string) =>
  queryOptions({
    queryKey: ['money', 'deposits', state],
    queryFn: () =>
      api.get('/ops/api/wallet/deposits', {
        query: { state: state || undefined },
        parse: OpsDepositListSchema,
      }),
  });

export const waitingAdjustmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['money', 'adjustments', 'waiting'],
    queryFn: () =>
      api.get('/ops/api/wallet/adjustments', {
        query: { state: 'waiting' },
        parse: AdjustmentPageSchema,
      }),
  });

export const decideWithdrawals = (body: {
  ids: string[];
  decision: 'approve' | 'reject';
  reason?: string;
}) =>
  api.post('/ops/api/wallet/withdrawals/decisions', body, { parse: OpsBulkDecisionAnswerSchema });

export const decideAdjustment = (id: string, decision: 'approve' | 'reject', reason: string) =>
  api.post(
    `/ops/api/wallet/adjustments/${id}/${decision}`,
    decision === 'reject' ? { reason } : {},
  );
