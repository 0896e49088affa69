/**
 * Accounts and session (accounts spec §3, §5, §7): the wire shapes of login, registration, trial
 * and free play, recovery and change of password, and the rules both the forms and the server
 * apply. Registration rules are served by the server (operator-editable) and checked with
 * `checkRegistrationField` on both sides.
 */
import { z } from 'zod';
import { INPUT_LIMITS, SMS } from './constants';
import { languageDigits } from './date';
import type { Language, Localized } from './language';
import { ExclusionSchema } from './protection';

const digits = (max: number) => z.string().regex(/^\d*$/).max(max);

/** Stored in sessionStorage under MC_SESSION_INFO (spec §3). */
export const SessionInfoSchema = z.object({
  token: z.string(),
  merchantCode: z.string(),
  userName: z.string(),
  type: z.number().int(),
  firstTimeLogin: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const CountryDialingCodeSchema = z.string().regex(/^\+\d{1,4}$/);
export const MobileNumSchema = z.string().regex(/^\d+$/).min(6).max(INPUT_LIMITS.mobileMaxLength);
export const CaptchaSchema = z.string().regex(/^\d+$/).max(INPUT_LIMITS.captchaMaxDigits);
/**
 * The captcha of the security check before an SMS code is sent: the spec's hint there says 1–16
 * digits, so up to 16 are read (a wrong answer is captcha.invalid, not a malformed request).
 */
export const CheckCaptchaSchema = z.string().regex(/^\d+$/).max(INPUT_LIMITS.captchaHintMaxDigits);
export const VerificationCodeSchema = z.string().regex(/^\d+$/).max(SMS.codeMaxDigits);
/** Any characters; length is checked by the password rule so long passphrases are never cut. */
export const PasswordSchema = z.string().max(256);

export const LOGIN_TYPES = ['username', 'sms', 'firebase'] as const;

export const LoginBodySchema = z
  .object({
    type: z.enum(LOGIN_TYPES).default('username'),
    /** member (default) or agent: the two portals refuse each other's accounts. */
    portal: z.enum(['member', 'agent']).default('member'),
    username: z.string().max(64).optional(),
    password: PasswordSchema.optional(),
    /** A remember-me device token stands in for the password on a trusted device. */
    deviceToken: z.string().max(128).optional(),
    rememberMe: z.boolean().optional(),
    captchaId: z.string().max(64).optional(),
    captcha: CaptchaSchema.optional(),
    countryDialingCode: CountryDialingCodeSchema.optional(),
    mobileNum: MobileNumSchema.optional(),
    verificationCode: VerificationCodeSchema.optional(),
    firebaseChannel: z.string().max(32).optional(),
    firebaseIdToken: z.string().max(4096).optional(),
    firebaseMobileNo: z.string().max(32).optional(),
    /** A player on a time-out or self-exclusion logs in to a restricted session (withdraw,
     * records, protection settings); without it their login is refused with session.excluded. */
    restricted: z.boolean().optional(),
  })
  .strict();
export type LoginBody = z.input<typeof LoginBodySchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  userName: z.string(),
  type: z.number().int(),
  firstTimeLogin: z.boolean(),
  merchantCode: z.string(),
  /** Present when remember me was ticked: keep it instead of the password. */
  deviceToken: z.string().optional(),
  /** The previous successful login, shown at login (player protection). */
  lastLoginAt: z.string().nullable(),
  /** Present for a restricted session: the break that runs (player protection). */
  exclusion: ExclusionSchema.optional(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const FreePlayBodySchema = z.object({ moduleId: z.literal('FREEPLAY3') }).strict();
/** A play-money session for the member's free play; real balances are never touched. */
export const FreePlaySessionSchema = z.object({
  token: z.string(),
  userName: z.string(),
  type: z.number().int(),
});

export const TrialUserSchema = z.object({
  token: z.string(),
  userName: z.string(),
  customerType: z.literal(4),
});

export const CaptchaImageSchema = z.object({ captchaId: z.string(), image: z.string() });

/** Which flow an SMS code is for; a code only works for the flow it was sent for. */
export const SMS_MODULES = ['MOBILEVERCODELOGIN3', 'CHNGPASSVERIF3', 'REGMOBVERF3'] as const;
export type SmsModule = (typeof SMS_MODULES)[number];

/**
 * The SMS requests' number: the spec writes it `mobileNum (or mobileNo)` (§3), so either name is
 * read (mobileNum first when both come); the server works with `mobileNum`.
 */
const SMS_PHONE = {
  mobileNum: MobileNumSchema.optional(),
  /** The spec's other name for `mobileNum`. */
  mobileNo: MobileNumSchema.optional(),
  countryDialingCode: CountryDialingCodeSchema,
  captchaId: z.string().max(64),
  captcha: CheckCaptchaSchema,
};

function withMobileNum<T extends { mobileNum?: string; mobileNo?: string }>(
  { mobileNum, mobileNo, ...rest }: T,
  context: z.RefinementCtx,
): Omit<T, 'mobileNum' | 'mobileNo'> & { mobileNum: string } {
  const number = mobileNum ?? mobileNo;
  if (number === undefined) {
    context.addIssue({ code: 'custom', path: ['mobileNum'], message: 'Required' });
    return z.NEVER;
  }
  return { ...rest, mobileNum: number };
}

export const SmsNoLoginBodySchema = z
  .object({
    ...SMS_PHONE,
    moduleId: z.enum(['MOBILEVERCODELOGIN3', 'CHNGPASSVERIF3']).default('MOBILEVERCODELOGIN3'),
  })
  .strict()
  .transform(withMobileNum);
export const SmsRegisterBodySchema = z
  .object({ ...SMS_PHONE, moduleId: z.literal('REGMOBVERF3').default('REGMOBVERF3') })
  .strict()
  .transform(withMobileNum);
/** When the code expires (epoch ms); the resend button counts down to it. */
export const SmsSentSchema = z.object({ expirationTime: z.number().int() });

export const UsernameCheckQuerySchema = z
  .object({ username: z.string().max(64), language: z.enum(['BN', 'EN']).optional() })
  .strict();
export const UsernameAvailabilitySchema = z.object({ available: z.boolean() });

export const REGISTER_METHODS = ['APP', 'H5', 'WEBCLIP', 'PWA'] as const;

/** Optional registration fields, each switched and ruled by the operator's settings. */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'paymentPassword',
  'nickname',
  'payeeName',
  'email',
  'mobileNum',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'birthday',
  'affiliateCode',
  'recommenderId',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export const FieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  min: z.number().int().min(0).max(256),
  max: z.number().int().min(1).max(256),
  /** A JavaScript regular expression source, tested against the whole value. */
  pattern: z.string().max(200).nullable(),
});
export type FieldRule = z.infer<typeof FieldRuleSchema>;

export const RegistrationRulesSchema = z.object({
  fields: z.record(z.enum(REGISTRATION_FIELDS), FieldRuleSchema),
  captcha: z.boolean(),
  minimumAge: z.number().int().min(18).max(25),
});
export type RegistrationRules = z.infer<typeof RegistrationRulesSchema>;

/** What the registration screen needs: rules plus which methods and steps are on. */
export const RegistrationSettingsSchema = RegistrationRulesSchema.extend({
  methods: z.object({ username: z.boolean(), mobile: z.boolean() }),
  smsVerification: z.boolean(),
  mobilePassword: z.boolean(),
  passwordMin: z.number().int(),
  passwordMax: z.number().int(),
});
export type RegistrationSettings = z.infer<typeof RegistrationSettingsSchema>;

const optionalText = (max: number) => z.string().max(max).optional();

export const RegisterBodySchema = z
  .object({
    registerMethod: z.enum(REGISTER_METHODS).default('H5'),
    registerUrl: optionalText(2000),
    type: z.literal(0).default(0),
    domain: optionalText(253),
    username: optionalText(64),
    password: PasswordSchema.optional(),
    confirmPassword: PasswordSchema.optional(),
    paymentPassword: optionalText(64),
    affiliateCode: optionalText(32),
    recommenderId: optionalText(32),
    nickname: optionalText(64),
    payeeName: optionalText(64),
    email: optionalText(INPUT_LIMITS.emailMaxLength),
    countryDialingCode: CountryDialingCodeSchema.optional(),
    mobileNum: z.string().regex(/^\d*$/).max(INPUT_LIMITS.mobileMaxLength).optional(),
    verificationCode: digits(SMS.codeMaxDigits).optional(),
    idNumber: optionalText(64),
    qqNum: optionalText(64),
    facebook: optionalText(64),
    wechat: optionalText(64),
    line: optionalText(64),
    whatsapp: optionalText(64),
    zalo: optionalText(64),
    birthday: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/)
      .optional(),
    captchaId: optionalText(64),
    captcha: digits(INPUT_LIMITS.captchaMaxDigits).optional(),
    firebaseChannel: optionalText(32),
    firebaseIdToken: optionalText(4096),
  })
  .strict();
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const ForgetEmailBodySchema = z
  .object({
    username: z.string().trim().min(1).max(64),
    email: z.string().trim().min(3).max(INPUT_LIMITS.emailMaxLength),
  })
  .strict();

export const ForgetPhoneBodySchema = z
  .object({
    newPassword: PasswordSchema,
    mobileNum: MobileNumSchema,
    countryDialingCode: CountryDialingCodeSchema.default('+880'),
    verificationCode: VerificationCodeSchema,
    firebaseIdToken: optionalText(4096),
  })
  .strict();
/** After a reset by phone the client logs in with this username and the new password. */
export const PasswordResetResultSchema = z.object({ userName: z.string() });

export const ResetByEmailTokenBodySchema = z
  .object({ resetToken: z.string().min(16).max(128), newPassword: PasswordSchema })
  .strict();

export const ChangePasswordBodySchema = z
  .object({
    oldPassword: PasswordSchema,
    newPassword: PasswordSchema,
    confirmNewPassword: PasswordSchema,
    /** Ask for a new remember-me token: the change revokes every old one. */
    rememberMe: z.boolean().optional(),
  })
  .strict();
export const ChangePasswordResultSchema = z.object({ deviceToken: z.string().nullable() });

/**
 * PUT /wps/member/username: a member's one change of username (a mobile sign-up's generated
 * name, usually), checked by the registration rule. Sent with an Idempotency-Key.
 */
export const ChangeUsernameBodySchema = z
  .object({ username: z.string().trim().min(1).max(64) })
  .strict();
export type ChangeUsernameBody = z.input<typeof ChangeUsernameBodySchema>;
/** `replayed`: a retry with the same key, answered with the first change. */
export const ChangeUsernameResultSchema = z.object({
  userName: z.string(),
  replayed: z.boolean(),
});
export type ChangeUsernameResult = z.infer<typeof ChangeUsernameResultSchema>;

export const AffiliateCheckQuerySchema = z
  .object({
    code: z.string().max(32),
    domain: z.string().max(253).optional(),
    language: z.enum(['BN', 'EN']).optional(),
  })
  .strict();
export const AffiliateCodeQuerySchema = z
  .object({ domain: z.string().max(253), language: z.enum(['BN', 'EN']).optional() })
  .strict();
export const AffiliateCodeSchema = z.object({ code: z.string().nullable() });

export const MemberInfoSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  account: z.string(),
  regDate: z.string(),
  toUpline: z.string().nullable(),
  type: z.number().int(),
  /** The VIP level held now (the header badge); `labelId` is ours, for the VIP renewal call. */
  clubLabel: z.object({ labelName: z.string(), labelId: z.number().int().optional() }).nullable(),
  lastLoginAt: z.string().nullable(),
  /** The member may still change the username once (PUT /wps/member/username). */
  canChangeUsername: z.boolean().default(false),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

/** `sumBalance` (the spec's) is cash plus bonus; the split is ours (docs/bonuses.md). */
export const WalletSummarySchema = z.object({
  sumBalance: z.number(),
  cashBalance: z.number().default(0),
  bonusBalance: z.number().default(0),
});

/** Password rule defaults: at least 8, up to 128 accepted whole; the operator may tighten them. */
export const PASSWORD_DEFAULTS = { min: 8, max: 128 } as const;

const RULE_MESSAGES = {
  required: { EN: 'This field is required', BN: 'এই ঘরটি পূরণ করা আবশ্যক' },
  tooShort: { EN: 'At least {0} characters', BN: 'কমপক্ষে {0} অক্ষর' },
  tooLong: { EN: 'At most {0} characters', BN: 'সর্বোচ্চ {0} অক্ষর' },
  format: { EN: 'Wrong format', BN: 'বিন্যাস সঠিক নয়' },
  email: { EN: 'email incorrect', BN: 'ইমেইল সঠিক নয়' },
  birthday: {
    EN: 'Choose a date from 1900 to this year',
    BN: '১৯০০ থেকে চলতি বছরের মধ্যে একটি তারিখ বেছে নিন',
  },
  tooYoung: { EN: 'You must be at least {0} years old', BN: 'আপনার বয়স কমপক্ষে {0} বছর হতে হবে' },
  confirmRequired: { EN: 'incorrect password', BN: 'ভুল পাসওয়ার্ড' },
  confirmMismatch: { EN: 'Confirmation password not matched', BN: 'নিশ্চিতকরণ পাসওয়ার্ড মেলেনি' },
  commonPassword: {
    EN: 'This password is too common, choose another',
    BN: 'এই পাসওয়ার্ডটি খুব সাধারণ, অন্য একটি বেছে নিন',
  },
  sameAsUsername: {
    EN: 'The password must not be your username',
    BN: 'পাসওয়ার্ড আপনার ব্যবহারকারীর নাম হতে পারবে না',
  },
} as const satisfies Record<string, Localized>;
export type RuleMessage = keyof typeof RULE_MESSAGES;

export function ruleMessage(key: RuleMessage, language: Language, arg?: number): string {
  return RULE_MESSAGES[key][language].replace('{0}', languageDigits(String(arg ?? ''), language));
}

/**
 * The length and pattern part of the password rule, the same in the forms and on the server:
 * length counts characters as the player sees them (a Bengali letter or an emoji once), and the
 * password is taken whole, never trimmed or cut. The server adds the common-password list.
 */
export function passwordRuleProblems(
  password: string,
  rule: Pick<FieldRule, 'min' | 'max' | 'pattern'>,
): Array<{ key: RuleMessage; arg?: number }> {
  const problems: Array<{ key: RuleMessage; arg?: number }> = [];
  const length = [...password].length;
  if (length < rule.min) problems.push({ key: 'tooShort', arg: rule.min });
  if (length > rule.max) problems.push({ key: 'tooLong', arg: rule.max });
  if (rule.pattern && !new RegExp(`^(?:${rule.pattern})$`).test(password)) {
    problems.push({ key: 'format' });
  }
  return problems;
}

/** The spec's e-mail rule: word characters @ domain parts of 2-3 letters, under 255 characters. */
export const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(\.[a-zA-Z]{2,3})+$/;

/**
 * Checks one registration field against its rule. An empty optional field passes. Returns the
 * message keys that fail (empty when valid).
 */
export function checkRegistrationField(
  field: RegistrationField,
  value: string | undefined,
  rule: FieldRule,
  today: Date = new Date(),
  minimumAge = 18,
): Array<{ key: RuleMessage; arg?: number }> {
  const text = (value ?? '').trim();
  if (!rule.enabled) return [];
  if (!text) return rule.required ? [{ key: 'required' }] : [];
  const problems: Array<{ key: RuleMessage; arg?: number }> = [];
  if (field === 'birthday') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    const date = match ? new Date(`${text}T00:00:00Z`) : undefined;
    const year = Number(match?.[1]);
    if (!date || Number.isNaN(date.getTime()) || year < 1900 || year > today.getUTCFullYear()) {
      return [{ key: 'birthday' }];
    }
    const adult = new Date(date);
    adult.setUTCFullYear(adult.getUTCFullYear() + minimumAge);
    if (adult > today) problems.push({ key: 'tooYoung', arg: minimumAge });
    return problems;
  }
  if (text.length < rule.min) problems.push({ key: 'tooShort', arg: rule.min });
  if (text.length > rule.max) problems.push({ key: 'tooLong', arg: rule.max });
  if (field === 'email' && !EMAIL_PATTERN.test(text)) problems.push({ key: 'email' });
  else if (rule.pattern && !new RegExp(`^(?:${rule.pattern})$`).test(text)) {
    problems.push({ key: 'format' });
  }
  return problems;
}

/** Default registration rules (operator setting `registrationRules` overrides them). */
export function defaultRegistrationRules(): RegistrationRules {
  const off = { enabled: false, required: false, min: 0, max: 64, pattern: null };
  const text = (max: number) => ({ ...off, max });
  return {
    captcha: true,
    minimumAge: 18,
    fields: {
      username: { enabled: true, required: true, min: 4, max: 16, pattern: '[a-z][a-z0-9]*' },
      password: {
        enabled: true,
        required: true,
        min: PASSWORD_DEFAULTS.min,
        max: PASSWORD_DEFAULTS.max,
        pattern: null,
      },
      paymentPassword: { ...off, min: 6, max: 6, pattern: '\\d{6}' },
      nickname: { ...text(32), enabled: true },
      payeeName: text(64),
      email: { ...text(254), enabled: true },
      mobileNum: { enabled: true, required: false, min: 6, max: 15, pattern: '\\d+' },
      idNumber: text(32),
      qqNum: text(20),
      facebook: text(64),
      wechat: text(64),
      line: text(64),
      whatsapp: text(20),
      zalo: text(20),
      birthday: { ...off, enabled: true },
      affiliateCode: { enabled: true, required: false, min: 0, max: 32, pattern: '[A-Za-z0-9]+' },
      recommenderId: text(32),
    },
  };
}
