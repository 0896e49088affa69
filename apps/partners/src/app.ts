/**
 * The partners app: the demo's outside partners in a process of their own, reaching the product
 * only over its public API with the secrets its operator shared: the demo game vendor, the
 * sportsbook and the sandbox payment gateway. Every partner is a plugin under its own prefix,
 * next to the shared Bengali font.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PartnersConfig } from './config';
import { demoVendorRoutes, type DemoVendorOptions } from './demo-vendor/demo-vendor';
import { openJournalDb, type JournalDbHandle } from './journal-db';
import { loadPageFont, pageFontRoutes } from './page-font';
import { WalletClient } from './wallet-client';
import { sportsbookSettings } from './sportsbook/settings';
import { sportsbookRoutes, type SportsbookOptions } from './sportsbook/sportsbook-routes';
import { sandboxGatewayRoutes, type SandboxGatewayOptions } from './sandbox-gateway/sandbox-routes';

export interface PartnersDeps {
  /** An open database (tests); otherwise opened from the config and closed with the app. */
  database?: JournalDbHandle;
  /** Test hooks of the demo vendor: a flaky network, recovery timing, win tries. */
  demoVendor?: Pick<DemoVendorOptions, 'fetch' | 'recovery' | 'winAttempts'>;
  /** Test hooks of the sportsbook: its clock, its settler. */
  sportsbook?: Pick<SportsbookOptions, 'now' | 'settleEveryMs'>;
  /** Test hooks of the sandbox gateway: the network its notices go over, its clock. */
  sandboxGateway?: Pick<
    SandboxGatewayOptions,
    'fetch' | 'now' | 'deliveryTimeoutMs' | 'payoutDelayMs'
  >;
}

export async function buildPartnersApp(
  config: PartnersConfig,
  deps: PartnersDeps = {},
): Promise<FastifyInstance> {
  const database = deps.database ?? (await openJournalDb(config));
  const app = Fastify({ logger: { level: config.logLevel } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (!deps.database) app.addHook('onClose', () => database.close());

  const font = loadPageFont();
  if (!font.preload) app.log.warn('@fontsource/noto-sans-bengali missing: pages use phone fonts');
  await app.register(pageFontRoutes, { font });
  app.get('/readyz', { schema: { hide: true } }, async () => ({ ready: true }));

  await app.register(demoVendorRoutes, {
    ...deps.demoVendor,
    walletBaseUrl: config.walletUrl,
    productOrigin: new URL(config.productUrl).origin,
    code: config.demoVendor.code,
    secret: () => config.demoVendor.secret,
    db: database.db,
    font,
  });
  if (config.sportsbook) {
    const sportsbook = config.sportsbook;
    await app.register(sportsbookRoutes, {
      ...deps.sportsbook,
      wallet: new WalletClient({
        baseUrl: () => config.walletUrl,
        provider: sportsbook.code,
        secret: () => sportsbook.secret,
      }),
      db: database.db,
      settings: sportsbookSettings(sportsbook),
      productOrigin: new URL(config.productUrl).origin,
      font,
    });
  }
  if (config.sandboxGateway) {
    const sandbox = config.sandboxGateway;
    await app.register(sandboxGatewayRoutes, {
      ...deps.sandboxGateway,
      db: database.db,
      secret: () => sandbox.secret,
      publicUrl: config.publicUrl,
      font,
    });
  }
  return app;
}
