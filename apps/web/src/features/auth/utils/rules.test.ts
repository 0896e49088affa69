// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  captchaRule,
  confirmPasswordRule,
  digitsOnly,
  emailRule,
  isValidMobile,
  loginUsernameRule,
  mobileRule,
  passwordRule,
  smsCodeRule,
} from './rules';

describe('form rules', () => {
  it('keeps digits only, cut to the limit', () => {
    expect(digitsOnly('12a3-45 6789', 6)).toBe('123456');
    expect(digitsOnly('০১২', 6)).toBe('');
  });

  it('reads mobile numbers as the server does', () => {
    expect(isValidMobile('01712345678', '+880')).toBe(true);
    expect(isValidMobile('1712345678', '+880')).toBe(true);
    expect(isValidMobile('01212345678', '+880')).toBe(false);
    expect(isValidMobile('98765', '+91')).toBe(false);
    expect(isValidMobile('9876543210', '+91')).toBe(true);
    expect(mobileRule('', '+880', 'EN')).toEqual(['Please enter a valid mobile number']);
    expect(mobileRule('123', '+880', 'EN')).toEqual(['The mobile num is not valid']);
  });

  it('lists every password problem', () => {
    expect(passwordRule('', 'EN')).toEqual(['This field is required']);
    expect(passwordRule('short', 'EN')).toEqual(['At least 8 characters']);
    expect(passwordRule('x'.repeat(70), 'EN', { min: 8, max: 64 })).toEqual([
      'At most 64 characters',
    ]);
    expect(passwordRule('a!', 'EN', { min: 8, max: 64, pattern: '[a-z0-9]+' })).toEqual([
      'At least 8 characters',
      'Wrong format',
    ]);
    // Counted as the player sees characters.
    expect(passwordRule('পাসওয়ার্ড১২', 'EN', { min: 10, max: 64 })).toEqual([]);
  });

  it('needs the confirmation and a match', () => {
    expect(confirmPasswordRule('', 'abc', 'EN')).toEqual(['incorrect password']);
    expect(confirmPasswordRule('abd', 'abc', 'EN')).toEqual(['Confirmation password not matched']);
    expect(confirmPasswordRule('abc', 'abc', 'EN')).toEqual([]);
  });

  it('checks e-mail, captcha, SMS code and login username in both languages', () => {
    expect(emailRule('rahim@mail.com', 'EN')).toEqual([]);
    expect(emailRule('rahim@mail', 'EN')).toEqual(['email incorrect']);
    expect(emailRule('', 'BN')).toEqual(['ইমেইল সঠিক নয়']);
    expect(captchaRule('', 'EN')).toEqual(['enter a captcha']);
    expect(smsCodeRule('12345678901', 'EN')).toEqual(['Verification code error']);
    expect(loginUsernameRule('ra him', 'EN')).toEqual(['Account format is incorrect']);
    expect(loginUsernameRule(' rahim ', 'EN')).toEqual([]);
  });
});
