/**
 * The local OpenID provider of the social login journey: its port (two past the server's; the
 * partners app has the next one) and the server variables that point Google login at it.
 * support/local-oidc-server.ts runs it; playwright.config.ts starts that with the server.
 */
import { LOCAL_OIDC_CLIENT } from '../../apps/server/test/local-oidc-provider';

export const localOidcPort = (serverPort: number) => serverPort + 2;

export function localOidcEnv(serverPort: number): Record<string, string> {
  return {
    OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${localOidcPort(serverPort)}`,
    OIDC_GOOGLE_CLIENT_ID: LOCAL_OIDC_CLIENT.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: LOCAL_OIDC_CLIENT.clientSecret,
  };
}
