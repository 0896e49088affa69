/**
 * The withdraw calls: the withdraw page's data, payee accounts, requests, records and cancel.
 * Query keys carry the session token, so another member's numbers are never shown.
 */
import {
  CreateWithdrawalAnswerSchema,
  IDEMPOTENCY_HEADER,
  PayeeAccountSchema,
  PayeeListSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawOptionsSchema,
  type BindPayeeBody,
  type CreateWithdrawalBody,
  type WithdrawalStatus,
} from '@khela/contract/withdrawals';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sessionPagesQueryOptions, sessionQueryOptions } from '../../../lib/session-query';

export const withdrawQueryKey = ['withdraw'] as const;

export const withdrawOptionsQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: withdrawQueryKey,
    token,
    key: ['options'],
    path: '/wps/wallet/withdraw-options',
    parse: WithdrawOptionsSchema,
    staleTime: 0,
  });

export const payeesQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: withdrawQueryKey,
    token,
    key: ['payees'],
    path: '/wps/wallet/payees',
    parse: PayeeListSchema,
    staleTime: 0,
  });

export const withdrawalRecordsQueryOptions = (token: string, status: WithdrawalStatus | '') =>
  sessionPagesQueryOptions({
    scope: withdrawQueryKey,
    token,
    key: ['records', status],
    path: '/wps/wallet/withdrawals',
    query: { status: status || undefined },
    parse: WithdrawalPageSchema,
    staleTime: 0,
  });

export const requestWithdrawal = (body: CreateWithdrawalBody, key: string) =>
  api.post('/wps/wallet/withdrawals', {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: CreateWithdrawalAnswerSchema,
  });

export const cancelWithdrawal = (id: string) =>
  api.post(`/wps/wallet/withdrawals/${encodeURIComponent(id)}/cancel`, {
    parse: WithdrawalSchema,
  });

export const bindPayee = (body: BindPayeeBody) =>
  api.post('/wps/wallet/payees', { body, parse: PayeeAccountSchema });

export const removePayee = (id: string, password: string) =>
  api.delete(`/wps/wallet/payees/${encodeURIComponent(id)}`, {
    body: { password },
    parse: z.object({ removed: z.literal(true) }),
  });
