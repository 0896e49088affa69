/**
 * The payment gateways of this process: exactly those PAYMENT_PROVIDERS lists, each made from its
 * configuration. A channel whose gateway is not here takes no deposits, and a gateway not here has
 * no routes: with the sandbox unlisted, its notify and return routes answer 404.
 */
import type { BkashConfig, PaymentProviderName } from '../../config';
import { StartupError } from '../../lib/startup-error';
import type { CacheStore } from '../cache/cache-store';
import { BkashGateway } from './bkash/bkash-gateway';
import type { PaymentGateway } from './payment-gateway';
import { SandboxGateway } from './sandbox-gateway';
import { sslcommerzGateway, type SslcommerzConfig } from './sslcommerz/sslcommerz-gateway';

export class PaymentGateways {
  private readonly byName: Map<string, PaymentGateway>;

  constructor(gateways: PaymentGateway[]) {
    this.byName = new Map(gateways.map((gateway) => [gateway.name, gateway]));
  }

  get(name: string): PaymentGateway | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  all(): PaymentGateway[] {
    return [...this.byName.values()];
  }

  /** The sandbox moves no real money: the site says so wherever it is used. */
  isPlayMoney(name: string): boolean {
    return this.byName.get(name) instanceof SandboxGateway;
  }
}

export interface GatewayConfig {
  paymentProviders: PaymentProviderName[];
  /** The sandbox partner's address and the secret it shares (both needed when it is listed). */
  paymentSandboxUrl: string | undefined;
  paymentSandboxSecret: string | undefined;
  bkash: BkashConfig | undefined;
  sslcommerz: SslcommerzConfig | undefined;
}

export interface GatewayDeps {
  /** Where bKash's token is kept, so processes share one (Redis when configured). */
  cache: CacheStore;
}

export async function openGateways(
  config: GatewayConfig,
  deps: GatewayDeps,
): Promise<PaymentGateways> {
  const gateways: PaymentGateway[] = [];
  for (const name of config.paymentProviders) {
    switch (name) {
      case 'sandbox':
        if (!config.paymentSandboxUrl || !config.paymentSandboxSecret) {
          throw new StartupError(
            'PAYMENT_PROVIDERS lists sandbox: set PAYMENT_SANDBOX_URL and PAYMENT_SANDBOX_SECRET',
          );
        }
        gateways.push(
          new SandboxGateway({
            baseUrl: config.paymentSandboxUrl,
            secret: config.paymentSandboxSecret,
          }),
        );
        break;
      case 'bkash':
        gateways.push(new BkashGateway(config.bkash!, { cache: deps.cache }));
        break;
      case 'sslcommerz': {
        const gateway = sslcommerzGateway(config);
        if (!gateway) {
          throw new StartupError(
            'PAYMENT_PROVIDERS lists sslcommerz: set SSLCOMMERZ_BASE_URL, SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD',
          );
        }
        gateways.push(gateway);
        break;
      }
    }
  }
  return new PaymentGateways(gateways);
}
