/** Accounts answers as the contract describes them, for the login, registration and header tests. */
import {
  defaultRegistrationRules,
  type FieldRule,
  type LoginResult,
  type RegistrationField,
  type RegistrationSettings,
} from '@khela/contract/accounts';
import { ok, type MockRoutes } from './mock-api';

type SettingsOverrides = Partial<Omit<RegistrationSettings, 'fields'>> & {
  fields?: Partial<Record<RegistrationField, Partial<FieldRule>>>;
};

export function buildRegistrationSettings(overrides: SettingsOverrides = {}): RegistrationSettings {
  const { fields, ...rest } = overrides;
  const rules = defaultRegistrationRules();
  for (const [name, rule] of Object.entries(fields ?? {})) {
    const field = name as RegistrationField;
    rules.fields[field] = { ...rules.fields[field], ...rule };
  }
  return {
    ...rules,
    methods: { username: true, mobile: true },
    smsVerification: true,
    mobilePassword: true,
    passwordMin: rules.fields.password.min,
    passwordMax: rules.fields.password.max,
    ...rest,
  };
}

export const buildLoginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  token: 'new-token',
  userName: 'player1',
  type: 0,
  firstTimeLogin: false,
  merchantCode: 'KHELA',
  lastLoginAt: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

/** A syntactically valid key; the tests replace lib/crypto, so it is never used to encrypt. */
export const TEST_PUBLIC_KEY = {
  kid: 'test-key',
  jwk: { kty: 'RSA', n: 'AQAB', e: 'AQAB', alg: 'RSA-OAEP-256', use: 'enc', kid: 'test-key' },
};

export const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

let captchaCount = 0;

/** The calls every accounts screen makes, answered the happy way. */
export const accountsRoutes = (settings = buildRegistrationSettings()): MockRoutes => ({
  '/wps/system/publicKey': ok(TEST_PUBLIC_KEY),
  '/wps/captcha': () => ok({ captchaId: `captcha-${++captchaCount}`, image: CAPTCHA_IMAGE }),
  '/wps/system/country': ok([
    { countryCode: 'BD', name: 'Bangladesh', dialingCode: '+880' },
    { countryCode: 'IN', name: 'India', dialingCode: '+91' },
  ]),
  '/wps/system/setting/register': ok(settings),
  '/wps/member/affiliate': ok({ code: null }),
  '/wps/member/affiliate/check': ok({ success: true }),
  '/wps/check/username': ok({ available: true }),
  '/wps/member/info': ok({
    id: '1',
    nickname: null,
    account: 'player1',
    regDate: '2026-01-01T00:00:00.000Z',
    toUpline: null,
    type: 0,
    clubLabel: null,
    lastLoginAt: null,
  }),
  '/wps/member/wallet': ok({ sumBalance: 0 }),
});
