/**
 * The logged-in member's header data (member info, wallet) and logout. Query keys carry the
 * session token, so a new login never shows the previous member's numbers.
 */
import { formatNumber } from '@khela/contract/amount';
import { MemberInfoSchema, WalletSummarySchema } from '@khela/contract/accounts';
import type { Language } from '@khela/contract/language';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const memberQueryKey = ['member'] as const;

export const memberInfoQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: memberQueryKey,
    token,
    key: ['info'],
    path: '/wps/member/info',
    parse: MemberInfoSchema,
    staleTime: 60_000,
    // The header falls back to the session's username; a trial account may be refused.
    meta: { silent: true },
  });

export const walletQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: memberQueryKey,
    token,
    key: ['wallet'],
    path: '/wps/member/wallet',
    parse: WalletSummarySchema,
    staleTime: 30_000,
    meta: { silent: true },
  });

/** Revokes the session's token on the server. */
export async function logout(): Promise<void> {
  await api.delete('/wps/session/logout');
}

/** sumBalance is a plain number with 2 decimals (not minor units): grouped, 2 decimals. */
export const formatBalance = (sumBalance: number, language: Language) =>
  formatNumber(sumBalance, language, 2);
