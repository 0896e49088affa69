import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { en } from '../locales/en';
import { authEn } from '../locales/slices/auth';

describe('numbers in translated strings', () => {
  afterEach(async () => {
    await i18n.changeLanguage('bn');
  });

  it('writes every interpolated number in Bengali digits in Bengali', () => {
    expect(i18n.t('auth.retryIn', { seconds: 58 })).toBe('৫৮ সেকেন্ড পরে আবার চেষ্টা করুন');
    expect(i18n.t('auth.disclaimer', { age: 18 })).toContain('১৮');
    expect(i18n.t('auth.disclaimer', { age: 18 })).not.toMatch(/[0-9]/);
  });

  it('writes a number that names something in digits without grouping', () => {
    expect(i18n.t('x', { no: 5985676, defaultValue: 'ড্র {{no, digits}}' })).toBe('ড্র ৫৯৮৫৬৭৬');
    expect(i18n.t('x', { no: 5985676, defaultValue: 'ড্র {{no}}' })).toBe('ড্র ৫৯,৮৫,৬৭৬');
  });

  it('keeps Latin digits in English and leaves text values alone', async () => {
    i18n.addResourceBundle('en', 'translation', { ...en, ...authEn }, true, false);
    await i18n.changeLanguage('en');
    expect(i18n.t('auth.retryIn', { seconds: 1234 })).toBe('Try again in 1,234 s');
    await i18n.changeLanguage('bn');
    expect(i18n.t('auth.welcome', { name: 'player01' })).toBe('স্বাগতম, player01');
  });
});
