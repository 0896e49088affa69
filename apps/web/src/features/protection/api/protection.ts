/**
 * Player protection calls: the overview (limits, break, reality check, this session's time and
 * net result), and the changes. Amounts are integer minor units on the wire.
 */
import {
  ExclusionAnswerSchema,
  ProtectionSchema,
  type BreakDuration,
  type DepositLimitsBody,
  type LossLimitsBody,
  type Protection,
} from '@khela/contract/protection';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const protectionQueryKey = ['protection'] as const;

export const protectionQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: protectionQueryKey,
    token,
    path: '/wps/protection',
    parse: ProtectionSchema,
    staleTime: 30_000,
  });

export const useProtection = (token: string | undefined) => useQuery(protectionQueryOptions(token));

export function setDepositLimits(body: DepositLimitsBody): Promise<Protection> {
  return api.put('/wps/protection/deposit-limits', { body, parse: ProtectionSchema });
}

export function setLossLimits(body: LossLimitsBody): Promise<Protection> {
  return api.put('/wps/protection/loss-limits', { body, parse: ProtectionSchema });
}

export function setRealityCheck(minutes: number | null): Promise<Protection> {
  return api.put('/wps/protection/reality-check', { body: { minutes }, parse: ProtectionSchema });
}

export function takeBreak(
  kind: 'timeout' | 'self-exclusion',
  duration: BreakDuration,
  password: string,
) {
  return api.post(`/wps/protection/${kind}`, {
    body: { duration, password },
    parse: ExclusionAnswerSchema,
  });
}

export async function logOut(): Promise<void> {
  await api.delete('/wps/session/logout');
}
