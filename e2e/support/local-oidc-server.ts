/**
 * Runs the local OpenID provider for the journeys (a webServer of playwright.config.ts), on the
 * port localOidcPort gives, sending players back to the server's return page. Ctrl-C or the
 * runner's stop ends it.
 */
import { startLocalOidcProvider } from '../../apps/server/test/local-oidc-provider';
import { E2E_PORT } from './env';
import { localOidcPort } from './local-oidc';

const provider = await startLocalOidcProvider({
  port: localOidcPort(E2E_PORT),
  redirectUris: [`http://127.0.0.1:${E2E_PORT}/m/social/google`],
});
console.log(`local OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
