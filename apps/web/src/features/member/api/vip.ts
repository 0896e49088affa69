/**
 * VIP calls: the member centre's progress bar (the spec's MCSFE_getPlayerRankProgress) and the
 * benefits page's summary. Keys carry the token, so a new login never shows another member's bar.
 */
import type { Language } from '@khela/contract/language';
import { RankProgressSchema, VipSummarySchema } from '@khela/contract/vip';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const vipQueryKey = ['vip'] as const;

export const rankProgressQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...vipQueryKey, token, 'progress'],
    queryFn: ({ signal }) =>
      api.get('/wps/relay/MCSFE_getPlayerRankProgress', { parse: RankProgressSchema, signal }),
    staleTime: 30_000,
    // A missing bar is the only sign; the member centre works without it.
    meta: { silent: true },
  });

export const vipSummaryQueryOptions = (token: string, language: Language) =>
  queryOptions({
    queryKey: [...vipQueryKey, token, 'summary', language],
    queryFn: ({ signal }) =>
      api.get('/wps/member/vip', { query: { language }, parse: VipSummarySchema, signal }),
    staleTime: 30_000,
  });
