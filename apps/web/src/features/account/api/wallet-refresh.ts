/**
 * Keeping the header balance current. After money moved (a deposit credited, a withdrawal
 * requested or cancelled, a transfer) call `invalidateWallet(queryClient)`: the server dropped
 * its cached figure when the movement committed, so the refetch is fresh. The header's refresh
 * button uses `refreshWallet`, which asks the server to read past its cache (`refresh=1`).
 */
import { WalletSummarySchema } from '@khela/contract/accounts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { memberQueryKey, walletQueryOptions } from './member';

/** Marks every wallet query stale and refetches the ones on screen. */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: memberQueryKey,
    predicate: (query) => query.queryKey[2] === 'wallet',
  });
}

/** Reads the balance past the server's cache into the session's wallet query. */
export async function refreshWallet(queryClient: QueryClient, token: string): Promise<void> {
  await queryClient.fetchQuery({
    ...walletQueryOptions(token),
    queryFn: ({ signal }) =>
      api.get('/wps/member/wallet', { query: { refresh: 1 }, parse: WalletSummarySchema, signal }),
    staleTime: 0,
  });
}

/** `invalidateWallet` bound to the app's query client, for components and mutation callbacks. */
export function useRefreshWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateWallet(queryClient), [queryClient]);
}
