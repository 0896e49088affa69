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
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
  queryOptions({
    queryKey: [...cashierQueryKey, token, 'deposit', id],
    queryFn: ({ signal }) =>
      api.get(`/wps/wallet/deposits/${encodeURIComponent(id)}`, { parse: DepositSchema, signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? DEPOSIT_POLL_MS : false),
  });

export const depositRecordsQueryOptions = (token: string, status: DepositStatus | '') =>
  infiniteQueryOptions({
    queryKey: [...cashierQueryKey, token, 'records', status],
    queryFn: ({ signal, pageParam }) =>
      api.get('/wps/wallet/deposits', {
        query: { status: status || undefined, cursor: pageParam },
        parse: DepositListSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const startDeposit = (body: CreateDepositBody, key: string) =>
  api.post('/wps/wallet/deposits', {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: CreateDepositAnswerSchema,
  });
