/**
 * A local OpenID Connect provider (the `oidc-provider` package) for the social login tests: the
 * server suites start it in-process on a random port; the Playwright journeys start it on a known
 * port (e2e/support/local-oidc-server.ts). Its login and consent pages are oidc-provider's
 * development pages: any login name and password sign in, and the login name is the subject.
 * `signInAtProvider` walks those pages over HTTP, as a browser would, for the server suites.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const LOCAL_OIDC_CLIENT = {
  clientId: 'khela-local-client',
  clientSecret: 'khela-local-client-secret-0123456789',
};

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startLocalOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  host?: string;
}): Promise<LocalOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT.clientId,
        client_secret: LOCAL_OIDC_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    // As Google's: the ID token itself carries the e-mail and name the scopes asked for.
    conformIdTokenClaims: false,
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    cookies: { keys: ['local-oidc-provider-cookie-key-0123456789'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: `${id}@example.com`,
        email_verified: true,
        name: `Player ${id}`,
      }),
    }),
  });
  // Quiet in tests: a refused consent or a wrong code is what the tests are about.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    ...LOCAL_OIDC_CLIENT,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the provider's pages from an authorization URL as a browser would (cookies kept,
 * redirects followed): signs in as `login`, then allows (or with `refuse`, cancels) and returns
 * the URL the provider sends the player back to, with its code and state or its error.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  options: { login: string; refuse?: boolean; returnPrefix: string },
): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form && { body: new URLSearchParams(form).toString() }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(options.returnPrefix)) return new URL(url);
    let response = await request(url);
    if (response.status === 200) {
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const abort = /<a href="([^"]+\/abort)"/.exec(page)?.[1];
      if (options.refuse && abort) {
        response = await request(new URL(abort, url).href);
      } else if (action && page.includes('name="login"')) {
        response = await request(new URL(action, url).href, {
          prompt: 'login',
          login: options.login,
          password: 'any-password',
        });
      } else if (action) {
        response = await request(new URL(action, url).href, { prompt: 'consent' });
      } else {
        throw new Error(`unexpected provider page at ${url}`);
      }
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${response.status})`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
