/**
 * The security centre's calls: the summary (one query shared by every section), the payment
 * password, ending sessions and the trusted devices. Query keys carry the session token.
 */
import {
  EndedSessionsSchema,
  PaymentPasswordResultSchema,
  SecuritySummarySchema,
  type PaymentPasswordBody,
} from '@khela/contract/security';
import { RemovedDeviceSchema, TrustedDeviceListSchema } from '@khela/contract/step-up';
import { LinkedIdentitiesSchema, type SocialProvider } from '@khela/contract/social-login';
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

export const trustedDevicesQueryKey = ['trusted-devices'] as const;

/** The devices trusted at a new-device login (step-up), "this device" marked by the server. */
export const trustedDevicesQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: trustedDevicesQueryKey,
    token,
    path: '/wps/member/trusted-devices',
    parse: TrustedDeviceListSchema,
    staleTime: 0,
  });

export const removeTrustedDevice = (id: string) =>
  api.delete(`/wps/member/trusted-devices/${encodeURIComponent(id)}`, {
    parse: RemovedDeviceSchema,
  });

export const linkedSignInsQueryKey = ['linked-sign-ins'] as const;

/** The sign-ins (Google, Facebook, Telegram) linked to the member, and whether a password is set. */
export const linkedSignInsQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: linkedSignInsQueryKey,
    token,
    path: '/wps/social/identities',
    parse: LinkedIdentitiesSchema,
    staleTime: 0,
  });

export const unlinkSignIn = (provider: SocialProvider, password: string) =>
  api.delete(`/wps/social/identities/${provider}`, {
    body: { password },
    parse: LinkedIdentitiesSchema,
  });
