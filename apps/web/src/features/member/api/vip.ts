/**
 * VIP calls: the member centre's progress bar (the spec's MCSFE_getPlayerRankProgress) and the
 * benefits page's summary. Keys carry the token, so a new login never shows another member's bar.
 */
import type { Language } from '@khela/contract/language';
import { RankProgressSchema, VipSummarySchema } from '@khela/contract/vip';
import { sessionQueryOptions } from '../../../lib/session-query';

export const vipQueryKey = ['vip'] as const;

export const rankProgressQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: vipQueryKey,
    token,
    key: ['progress'],
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    parse: RankProgressSchema,
    staleTime: 30_000,
    // A missing bar is the only sign; the member centre works without it.
    meta: { silent: true },
  });

export const vipSummaryQueryOptions = (token: string | undefined, language: Language) =>
  sessionQueryOptions({
    scope: vipQueryKey,
    token,
    key: ['summary', language],
    path: '/wps/member/vip',
    query: { language },
    parse: VipSummarySchema,
    staleTime: 30_000,
  });
