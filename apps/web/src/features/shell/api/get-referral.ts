/** The member's invitation code and registration link path, for the referral popup. */
import { ReferralInfoSchema } from '@khela/contract/rewards';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const referralInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['referral', token],
    queryFn: ({ signal }) => api.get('/wps/member/referral', { parse: ReferralInfoSchema, signal }),
    staleTime: 5 * 60_000,
  });
