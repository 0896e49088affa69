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
import { sessionQueryOptions } from '../../../lib/session-query';

export const recordsQueryKey = ['records'] as const;

export interface TransactionsFilter {
  from: string;
  to: string;
  type?: TransactionType;
  cursor?: string;
}

export const transactionsQueryOptions = (token: string, filter: TransactionsFilter) =>
  sessionQueryOptions({
    scope: recordsQueryKey,
    token,
    key: ['transactions', filter],
    path: '/wps/wallet/transactions',
    query: { ...filter, pageSize: RECORDS.pageSize },
    parse: TransactionPageSchema,
    staleTime: 0,
    keepPrevious: true,
  });

export const profitLossQueryOptions = (token: string, range: { from: string; to: string }) =>
  sessionQueryOptions({
    scope: recordsQueryKey,
    token,
    key: ['profit-loss', range],
    path: '/wps/wallet/profit-loss',
    query: range,
    parse: ProfitLossSchema,
    staleTime: 0,
    keepPrevious: true,
  });

export const gameRecordsQueryOptions = (
  token: string,
  filter: { from: string; to: string; cursor?: string },
) =>
  sessionQueryOptions({
    scope: recordsQueryKey,
    token,
    key: ['game-records', filter],
    path: '/wps/wallet/game-records',
    query: { ...filter, pageSize: RECORDS.pageSize },
    parse: GameRecordPageSchema,
    staleTime: 0,
    keepPrevious: true,
  });
