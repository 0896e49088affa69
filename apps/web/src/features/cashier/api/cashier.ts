/**
 * The deposit calls: payment channels, starting a deposit, one deposit, and the records. Query
 * keys carry the session token, so another member's deposits are never shown.
 */
import {
  ChannelListSchema,
  CreateDepositAnswerSchema,
  DepositListSchema,
  DepositSchema,
  IDEMPOTENCY_HEADER,
  type CreateDepositBody,
  type DepositStatus,
} from '@khela/contract/cashier';
import type { Language } from '@khela/contract/language';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionPagesQueryOptions, sessionQueryOptions } from '../../../lib/session-query';

export const cashierQueryKey = ['cashier'] as const;

/** Channels answer in the request's language, so the key carries it. */
export const channelsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...cashierQueryKey, 'channels', language],
    queryFn: ({ signal }) => api.get('/wps/wallet/channels', { parse: ChannelListSchema, signal }),
    staleTime: 60_000,
  });

/** While the provider has not answered, the deposit page asks again every few seconds. */
export const DEPOSIT_POLL_MS = 3000;

export const depositQueryOptions = (token: string, id: string) =>
  sessionQueryOptions({
    scope: cashierQueryKey,
    token,
    key: ['deposit', id],
    path: `/wps/wallet/deposits/${encodeURIComponent(id)}`,
    parse: DepositSchema,
    staleTime: 0,
    poll: { every: (deposit) => (deposit?.status === 'pending' ? DEPOSIT_POLL_MS : false) },
  });

export const depositRecordsQueryOptions = (token: string, status: DepositStatus | '') =>
  sessionPagesQueryOptions({
    scope: cashierQueryKey,
    token,
    key: ['records', status],
    path: '/wps/wallet/deposits',
    query: { status: status || undefined },
    parse: DepositListSchema,
    staleTime: 0,
  });

export const startDeposit = (body: CreateDepositBody, key: string) =>
  api.post('/wps/wallet/deposits', {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: CreateDepositAnswerSchema,
  });
