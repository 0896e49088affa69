/** Registration: the operator's settings, countries, username and affiliate checks, register. */
import {
  AffiliateCodeSchema,
  LoginResultSchema,
  RegistrationSettingsSchema,
  UsernameAvailabilitySchema,
  type LoginResult,
  type RegisterBody,
} from '@khela/contract/accounts';
import { CountryListSchema } from '@khela/contract/system';
import type { Language } from '@khela/contract/language';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sealedRequest } from './sealed';

export const registrationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['registration', 'settings'],
    queryFn: ({ signal }) =>
      api.get('/wps/system/setting/register', { parse: RegistrationSettingsSchema, signal }),
  });

export const countriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['system', 'countries', language],
    queryFn: ({ signal }) => api.get('/wps/system/country', { parse: CountryListSchema, signal }),
    staleTime: Infinity,
  });

/** The invitation code that belongs to this site's domain, if any. */
export const domainAffiliateQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['registration', 'affiliate', domain],
    queryFn: ({ signal }) =>
      api.get('/wps/member/affiliate', { query: { domain }, parse: AffiliateCodeSchema, signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });

export async function isUsernameAvailable(username: string, signal?: AbortSignal) {
  const { available } = await api.get('/wps/check/username', {
    query: { username },
    parse: UsernameAvailabilitySchema,
    signal,
  });
  return available;
}

/** Resolves when the code is valid; throws ApiError 'affiliate.invalid' when it is not. */
export async function checkAffiliateCode(code: string, domain: string): Promise<void> {
  await api.get('/wps/member/affiliate/check', { query: { code, domain } });
}

export function register(method: 'username' | 'mobile', body: RegisterBody): Promise<LoginResult> {
  const path = method === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register';
  return sealedRequest('put', path, body, LoginResultSchema);
}
