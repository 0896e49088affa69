/** Social login (docs/social-login.md): the offered providers, start, return, register, link. */
import { LoginResultSchema, type LoginResult } from '@khela/contract/accounts';
import {
  SocialOutcomeSchema,
  SocialProvidersSchema,
  SocialStartResultSchema,
  type OidcProvider,
  type SocialLinkBody,
  type SocialOutcome,
  type SocialRegisterBody,
} from '@khela/contract/social-login';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sealedRequest } from './sealed';

export const socialProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['social', 'providers'],
    queryFn: ({ signal }) =>
      api.get('/wps/social/providers', { parse: SocialProvidersSchema, signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** The provider's sign-in page address; the browser goes there. */
export async function startSocialLogin(provider: OidcProvider): Promise<string> {
  const { authorizationUrl } = await api.post(`/wps/social/${provider}/start`, {
    parse: SocialStartResultSchema,
  });
  return authorizationUrl;
}

/** What an OpenID provider sent back (its query), or Telegram's signed user data. */
export function finishSocialLogin(
  provider: string,
  params: Record<string, string>,
): Promise<SocialOutcome> {
  const path =
    provider === 'telegram' ? '/wps/social/telegram' : `/wps/social/${provider}/callback`;
  // Telegram's fields go as they came: its signature covers them as text.
  return api.post(path, { body: params, parse: SocialOutcomeSchema });
}

export function registerWithSocial(body: SocialRegisterBody): Promise<LoginResult> {
  return sealedRequest('put', '/wps/social/register', body, LoginResultSchema);
}

export function linkSocial(body: SocialLinkBody): Promise<LoginResult> {
  return sealedRequest('post', '/wps/social/link', body, LoginResultSchema);
}
