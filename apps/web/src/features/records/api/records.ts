/**
 * The member's records calls: transaction records and game records a cursor page at a time,
 * profit and loss for a period. Query keys carry the session token, so a new login never shows
 * the previous member's records; answers are never reused across visits (staleTime 0).
 */
import {
  GameRecordPageSchema,
  ProfitLossSchema,
  RECORDS,
  TransactionPageSchema,
  type TransactionType,
} from '@khela/contract/records';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recordsQueryKey = ['records'] as const;

export interface TransactionsFilter {
  from: string;
  to: string;
  type?: TransactionType;
  cursor?: string;
}

export const transactionsQueryOptions = (token: string, filter: TransactionsFilter) =>
  queryOptions({
    queryKey: [...recordsQueryKey, token, 'transactions', filter],
    queryFn: ({ signal }) =>
      api.get('/wps/wallet/transactions', {
        query: { ...filter, pageSize: RECORDS.pageSize },
        parse: TransactionPageSchema,
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const profitLossQueryOptions = (token: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...recordsQueryKey, token, 'profit-loss', range],
    queryFn: ({ signal }) =>
      api.get('/wps/wallet/profit-loss', { query: range, parse: ProfitLossSchema, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const gameRecordsQueryOptions = (
  token: string,
  filter: { from: string; to: string; cursor?: string },
) =>
  queryOptions({
    queryKey: [...recordsQueryKey, token, 'game-records', filter],
    queryFn: ({ signal }) =>
      api.get('/wps/wallet/game-records', {
        query: { ...filter, pageSize: RECORDS.pageSize },
        parse: GameRecordPageSchema,
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
