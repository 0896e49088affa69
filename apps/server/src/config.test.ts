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
    const sandbox = loadConfig({
      PAYMENT_PROVIDERS: 'sandbox',
      PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4318/',
      PAYMENT_SANDBOX_SECRET: 'sandbox-secret-0123456789',
    });
    expect(sandbox).toMatchObject({
      paymentProviders: ['sandbox'],
      paymentSandboxUrl: 'http://127.0.0.1:4318',
      paymentSandboxSecret: 'sandbox-secret-0123456789',
    });
  });

  it("needs the sandbox partner's address and shared secret when the sandbox is listed", () => {
    const load = (env: Record<string, string>) => () =>
      loadConfig({ PAYMENT_PROVIDERS: 'sandbox', ...env });
    expect(load({ PAYMENT_SANDBOX_SECRET: 'sandbox-secret-0123456789' })).toThrow(
      'PAYMENT_SANDBOX_URL: needed when PAYMENT_PROVIDERS lists sandbox',
    );
    expect(load({ PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4318' })).toThrow(
      'PAYMENT_SANDBOX_SECRET: needed when PAYMENT_PROVIDERS lists sandbox',
    );
    // Its payouts too.
    expect(() => loadConfig({ PAYOUT_PROVIDERS: 'sandbox' })).toThrow(
      'PAYMENT_SANDBOX_URL: needed when PAYOUT_PROVIDERS lists sandbox',
    );
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

describe('SMS and e-mail providers', () => {
  it('with none configured, every message stays in the outbox', () => {
    expect(loadConfig({}).messages).toEqual({ sms: undefined, email: undefined });
  });

  it('takes Twilio, with its default address, and SMTP', () => {
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      MAIL_FROM: 'Khela <no-reply@khela.example>',
    });
    expect(config.messages).toEqual({
      sms: {
        twilio: {
          baseUrl: 'https://api.twilio.com',
          accountSid: 'AC0123456789abcdef0123456789abcdef',
          authToken: 'secret',
          from: '+15005550006',
        },
      },
      email: {
        url: 'smtps://mailer:pw@smtp.example.com:465',
        from: 'Khela <no-reply@khela.example>',
      },
    });
  });

  it('takes a bulk-SMS URL template, GET by default', () => {
    const url = 'https://sms.example.bd/api?key=K&to={msisdn}&from={sender}&msg={text}';
    expect(loadConfig({ SMS_HTTP_URL: url, SMS_SENDER: 'Khela' }).messages.sms).toEqual({
      http: { url, method: 'GET', sender: 'Khela', successMatch: undefined },
    });
  });

  it.each([
    [
      { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+1500' },
      'TWILIO_ACCOUNT_SID: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together',
    ],
    [
      {
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+1',
        SMS_HTTP_URL: 'https://g.example/?n={to}&t={text}',
      },
      'SMS_HTTP_URL: one SMS provider: set either TWILIO_* or SMS_HTTP_URL',
    ],
    [
      { SMS_HTTP_URL: 'https://g.example/?n={to}' },
      'SMS_HTTP_URL: needs the {text} placeholder and {to} or {msisdn}',
    ],
    [
      { SMS_HTTP_URL: 'https://g.example/?n={to}&t={text}&x={key}' },
      'SMS_HTTP_URL: expected an http(s) URL',
    ],
    [{ SMS_HTTP_URL: 'g.example/?n={to}&t={text}' }, 'SMS_HTTP_URL: expected an http(s) URL'],
    [{ SMS_HTTP_METHOD: 'PUT' }, 'SMS_HTTP_METHOD'],
    [{ SMTP_URL: 'smtp://smtp.example.com' }, 'MAIL_FROM: SMTP_URL needs MAIL_FROM'],
    [{ SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'a@b.c' }, 'SMTP_URL'],
  ])('refuses %j, saying why', (env, problem) => {
    const load = () => loadConfig(env);
    expect(load).toThrow(StartupError);
    expect(load).toThrow(problem);
  });
});

describe('social login providers', () => {
  it('has none unless configured, and takes an issuer group and a Telegram bot', () => {
    expect(loadConfig({}).social).toEqual({
      google: undefined,
      facebook: undefined,
      telegram: undefined,
    });
    const config = loadConfig({
      OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'client',
      OIDC_GOOGLE_CLIENT_SECRET: 'secret',
      TELEGRAM_BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwx',
      TELEGRAM_BOT_NAME: 'khela_bot',
    });
    expect(config.social.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'client',
      clientSecret: 'secret',
    });
    expect(config.social.telegram).toMatchObject({ botName: 'khela_bot', maxAgeSeconds: 86_400 });
  });

  it('refuses a half-set provider', () => {
    expect(() => loadConfig({ OIDC_FACEBOOK_ISSUER: 'https://www.facebook.com' })).toThrow(
      'OIDC_FACEBOOK_CLIENT_ID: required with OIDC_FACEBOOK_ISSUER',
    );
    expect(() => loadConfig({ TELEGRAM_BOT_NAME: 'khela_bot' })).toThrow(
      'set TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME together',
    );
  });
});
