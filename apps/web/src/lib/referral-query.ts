/**
 * The member's invitation code and registration link path: one query, shared by the referral
 * popup (shell) and agent home (rewards), features that may not import each other.
 */
import { ReferralInfoSchema } from '@khela/contract/rewards';
import { sessionQueryOptions } from './session-query';

export const referralQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: ['referral'],
    token,
    path: '/wps/member/referral',
    parse: ReferralInfoSchema,
    // The code and link do not change within a visit.
    staleTime: 5 * 60_000,
  });
