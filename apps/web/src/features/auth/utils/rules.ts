/**
 * The form rules of login, password recovery and change (spec §5: loginUsername, loginPassword,
 * loginMobileNum, verificationCode, password) and the input clean-up that goes with them. Each rule
 * answers the messages that fail, in the given language; an empty list means the value is fine.
 * Registration fields use the served rules instead (checkRegistrationField).
 */
import {
  EMAIL_PATTERN,
  PASSWORD_DEFAULTS,
  passwordRuleProblems,
  ruleMessage,
} from '@khela/contract/accounts';
import { isValidPhone, normalizePhone } from '@khela/contract/phone';
import { INPUT_LIMITS, SMS } from '@khela/contract/constants';
import { ERRORS } from '@khela/contract/errors';
import type { Language } from '@khela/contract/language';

export type Problems = string[];

export const BANGLADESH_DIALING_CODE = '+880';

/** Keeps digits only, cut to `max`: what the captcha, SMS code and mobile inputs accept. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

export const LIMITS = {
  captcha: INPUT_LIMITS.captchaMaxDigits,
  /** The security check's captcha: the spec's hint says 1–16 digits. */
  captchaHint: INPUT_LIMITS.captchaHintMaxDigits,
  smsCode: SMS.codeMaxDigits,
  mobile: INPUT_LIMITS.mobileMaxLength,
  /** Under 255 characters (spec §5). */
  email: INPUT_LIMITS.emailMaxLength,
  username: 64,
  password: 256,
} as const;

export function requiredRule(value: string, language: Language): Problems {
  return value.trim() ? [] : [ruleMessage('required', language)];
}

/** Any account name the server may know: not empty, no spaces, not absurdly long. */
export function loginUsernameRule(value: string, language: Language): Problems {
  const text = value.trim();
  if (!text) return [ruleMessage('required', language)];
  if (/\s/.test(text) || text.length > LIMITS.username) {
    return [ERRORS['validation.accountFormat'][language]];
  }
  return [];
}

export function loginPasswordRule(value: string, language: Language): Problems {
  return value ? [] : [ruleMessage('required', language)];
}

export interface PasswordBounds {
  min: number;
  max: number;
  /** The operator's pattern, tested against the whole password. */
  pattern?: string | null;
}

/**
 * A new password: the operator's length bounds (counted as the player sees characters) and
 * pattern. The server also refuses very common passwords and the username; it says so per field.
 */
export function passwordRule(
  value: string,
  language: Language,
  bounds: PasswordBounds = PASSWORD_DEFAULTS,
): Problems {
  if (!value) return [ruleMessage('required', language)];
  return passwordRuleProblems(value, { pattern: null, ...bounds }).map((problem) =>
    ruleMessage(problem.key, language, problem.arg),
  );
}

export function confirmPasswordRule(
  confirm: string,
  password: string,
  language: Language,
): Problems {
  if (!confirm) return [ruleMessage('confirmRequired', language)];
  return confirm === password ? [] : [ruleMessage('confirmMismatch', language)];
}

/** Mobile numbers as the server reads them (a leading 0 allowed). */
export function isValidMobile(mobileNum: string, countryDialingCode: string): boolean {
  return isValidPhone(normalizePhone(countryDialingCode, mobileNum));
}

export function mobileRule(
  mobileNum: string,
  countryDialingCode: string,
  language: Language,
): Problems {
  if (!mobileNum) return [ERRORS['validation.mobileRequired'][language]];
  return isValidMobile(mobileNum, countryDialingCode)
    ? []
    : [ERRORS['validation.mobileInvalid'][language]];
}

export function smsCodeRule(value: string, language: Language): Problems {
  if (!value) return [ruleMessage('required', language)];
  return /^\d+$/.test(value) && value.length <= LIMITS.smsCode
    ? []
    : [ERRORS['verification.codeError'][language]];
}

export function captchaRule(value: string, language: Language): Problems {
  if (!value) return [ERRORS['validation.captchaRequired'][language]];
  return /^\d+$/.test(value) ? [] : [ruleMessage('format', language)];
}

/** Spec §5: required, word characters @ domain parts of 2-3 letters; under 255 characters. */
export function emailRule(value: string, language: Language): Problems {
  const text = value.trim();
  return text && text.length <= LIMITS.email && EMAIL_PATTERN.test(text)
    ? []
    : [ruleMessage('email', language)];
}
