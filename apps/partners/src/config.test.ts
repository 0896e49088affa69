import { describe, expect, it } from 'vitest';
import { loadPartnersConfig } from './config';

const SECRET = 'shared-secret-0123456789abcdefghijklmn';

describe('partners configuration', () => {
  it('knows the product by its address and the shared secret, the wallet at the same address by default', () => {
    const config = loadPartnersConfig({
      PRODUCT_URL: 'https://khela.example/',
      DEMO_VENDOR_SECRET: SECRET,
    });
    expect(config).toMatchObject({
      port: 4318,
      productUrl: 'https://khela.example',
      walletUrl: 'https://khela.example',
      demoVendor: { code: 'DEMO', secret: SECRET },
    });
    const inside = loadPartnersConfig({
      PRODUCT_URL: 'https://khela.example',
      PRODUCT_WALLET_URL: 'http://10.0.0.5:3000',
      DEMO_VENDOR_SECRET: SECRET,
    });
    expect(inside.walletUrl).toBe('http://10.0.0.5:3000');
  });

  it('refuses to start without a secret long enough, or with a product address that is not one', () => {
    expect(() => loadPartnersConfig({})).toThrow(/DEMO_VENDOR_SECRET/);
    expect(() => loadPartnersConfig({ DEMO_VENDOR_SECRET: 'short' })).toThrow(/DEMO_VENDOR_SECRET/);
    expect(() =>
      loadPartnersConfig({ DEMO_VENDOR_SECRET: SECRET, PRODUCT_URL: 'ftp://khela.example' }),
    ).toThrow(/PRODUCT_URL/);
  });

  it('mounts the sandbox gateway with the secret its merchant shares, its pages at our public address', () => {
    expect(loadPartnersConfig({ DEMO_VENDOR_SECRET: SECRET })).toMatchObject({
      publicUrl: 'http://127.0.0.1:4318',
      sandboxGateway: undefined,
    });
    const config = loadPartnersConfig({
      DEMO_VENDOR_SECRET: SECRET,
      PARTNERS_URL: 'https://partners.example/',
      PAYMENT_SANDBOX_SECRET: 'sandbox-secret-0123456789',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://partners.example',
      sandboxGateway: { secret: 'sandbox-secret-0123456789' },
    });
    expect(() =>
      loadPartnersConfig({ DEMO_VENDOR_SECRET: SECRET, PAYMENT_SANDBOX_SECRET: 'short' }),
    ).toThrow(/PAYMENT_SANDBOX_SECRET/);
  });
});
