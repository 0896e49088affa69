/**
 * The security centre's calls: the summary (one query shared by every section), the payment
 * password and ending sessions. Query keys carry the session token.
 */
import {
  EndedSessionsSchema,
  PaymentPasswordResultSchema,
  SecuritySummarySchema,
  type PaymentPasswordBody,
} from '@khela/contract/security';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const securityQueryKey = ['security'] as const;

export const securityQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: securityQueryKey,
    token,
    path: '/wps/member/security',
    parse: SecuritySummarySchema,
    staleTime: 0,
  });

export const setPaymentPassword = (body: PaymentPasswordBody) =>
  api.put('/wps/member/payment-password', { body, parse: PaymentPasswordResultSchema });

export const endSession = (id: string) =>
  api.delete(`/wps/member/sessions/${encodeURIComponent(id)}`, { parse: EndedSessionsSchema });

export const endOtherSessions = () =>
  api.post('/wps/member/sessions/end-others', { parse: EndedSessionsSchema });
