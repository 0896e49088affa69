/**
 * The OpenID Connect providers' client configurations (openid-client): each provider's discovery
 * document is fetched the first time it is needed and kept; a failed discovery is tried again
 * at the next call. Plain http issuers are allowed only on the loopback address (the tests' local
 * provider); anything else must be https.
 */
import * as client from 'openid-client';
import type { OidcProvider } from '@khela/contract/social-login';
import type { OidcProviderConfig } from '../../config';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class OidcClients {
  private readonly discovered = new Map<OidcProvider, Promise<client.Configuration>>();

  constructor(private readonly providers: Partial<Record<OidcProvider, OidcProviderConfig>>) {}

  configured(provider: OidcProvider): OidcProviderConfig | undefined {
    return this.providers[provider];
  }

  /** The provider's configuration, discovered once; undefined when it is not configured. */
  async get(provider: OidcProvider): Promise<client.Configuration | undefined> {
    const settings = this.providers[provider];
    if (!settings) return undefined;
    let config = this.discovered.get(provider);
    if (!config) {
      const issuer = new URL(settings.issuer);
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      config = client
        .discovery(
          issuer,
          settings.clientId,
          { client_secret: settings.clientSecret },
          client.ClientSecretPost(settings.clientSecret),
          { ...(insecure && { execute: [client.allowInsecureRequests] }), timeout: 10 },
        )
        .catch((error: unknown) => {
          this.discovered.delete(provider);
          throw error;
        });
      this.discovered.set(provider, config);
    }
    return config;
  }
}
