import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { StartupError } from './lib/startup-error';

describe('CORS_ORIGINS', () => {
  it('takes a comma-separated list of origins', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://app.khela.example, http://127.0.0.1:5173',
    });
    expect(config.corsOrigins).toEqual(['https://app.khela.example', 'http://127.0.0.1:5173']);
  });

  it.each([
    'https://app.khela.example/',
    'https://app.khela.example/m',
    'app.khela.example',
    '*',
    'ftp://files.khela.example',
    'https://user:pw@app.khela.example',
    'https://app.khela.example?x=1',
  ])('refuses %s, naming it', (entry) => {
    const load = () => loadConfig({ CORS_ORIGINS: `https://ok.example,${entry}` });
    expect(load).toThrow(StartupError);
    expect(load).toThrow(`CORS_ORIGINS: "${entry}" is not an origin`);
  });
});

describe('SSLCOMMERZ_*', () => {
  it('is no gateway when unset', () => {
    expect(loadConfig({}).sslcommerz).toBeUndefined();
  });

  it('configures the store from all three variables', () => {
    const config = loadConfig({
      SSLCOMMERZ_BASE_URL: 'https://sandbox.sslcommerz.com/',
      SSLCOMMERZ_STORE_ID: 'khela0live',
      SSLCOMMERZ_STORE_PASSWORD: 'khela0live@ssl',
    });
    expect(config.sslcommerz).toEqual({
      baseUrl: 'https://sandbox.sslcommerz.com',
      storeId: 'khela0live',
      storePassword: 'khela0live@ssl',
    });
  });

  it('refuses a partial store, naming what is missing', () => {
    const load = () => loadConfig({ SSLCOMMERZ_STORE_ID: 'khela0live' });
    expect(load).toThrow(StartupError);
    expect(load).toThrow('SSLCOMMERZ_BASE_URL: required with SSLCOMMERZ_STORE_ID');
    expect(load).toThrow('SSLCOMMERZ_STORE_PASSWORD: required with SSLCOMMERZ_STORE_ID');
  });
});

describe('PAYMENT_PROVIDERS', () => {
  it('lists no gateway unless set: nothing that credits money exists by default', () => {
    expect(loadConfig({}).paymentProviders).toEqual([]);
    expect(loadConfig({ PAYMENT_PROVIDERS: 'sandbox' }).paymentProviders).toEqual(['sandbox']);
  });

  it('refuses a name it does not know, at start', () => {
    const load = () => loadConfig({ PAYMENT_PROVIDERS: 'sandbox,paypal' });
    expect(load).toThrow(StartupError);
    expect(load).toThrow('PAYMENT_PROVIDERS');
  });

  it('needs the bKash credentials when bkash is listed, naming each missing one', () => {
    const load = () =>
      loadConfig({
        PAYMENT_PROVIDERS: 'bkash',
        BKASH_BASE_URL: 'https://bkash.example/v1.2.0-beta',
      });
    expect(load).toThrow('BKASH_APP_KEY: needed when PAYMENT_PROVIDERS lists bkash');
    expect(load).toThrow('BKASH_PASSWORD');
    const config = loadConfig({
      PAYMENT_PROVIDERS: 'bkash',
      BKASH_BASE_URL: 'https://bkash.example/v1.2.0-beta/',
      BKASH_APP_KEY: 'key',
      BKASH_APP_SECRET: 'secret',
      BKASH_USERNAME: 'merchant',
      BKASH_PASSWORD: 'password',
    });
    expect(config.bkash).toMatchObject({
      baseUrl: 'https://bkash.example/v1.2.0-beta',
      appKey: 'key',
    });
  });
});
