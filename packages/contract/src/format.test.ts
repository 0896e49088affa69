import { describe, expect, it } from 'vitest';
import { ruleMessage } from './accounts';
import { feedbackMessage } from './feedback';
import {
  formatClock,
  formatFixedNumber,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSeconds,
} from './format';

const LATIN_OR_PERIOD = /[0-9]|AM|PM/;

describe('formatMoney', () => {
  it('writes paisa as taka with two decimals in the language', () => {
    expect(formatMoney(123_456, 'EN')).toBe('৳1,234.56');
    expect(formatMoney(123_456, 'BN')).toBe('৳১,২৩৪.৫৬');
    expect(formatMoney(5, 'BN')).toBe('৳০.০৫');
    expect(formatMoney(0, 'BN')).toBe('৳০.০০');
  });

  it('keeps a loss negative with a real minus sign, and a gain signed on statements', () => {
    expect(formatMoney(-3_000, 'BN')).toBe('−৳৩০.০০');
    expect(formatMoney(-3_000, 'EN')).toBe('−৳30.00');
    expect(formatMoney(100_000, 'BN', { sign: 'always' })).toBe('+৳১,০০০.০০');
    expect(formatMoney(-1, 'EN', { sign: 'always' })).toBe('−৳0.01');
  });

  it('groups big amounts in lakhs and crores in Bengali, thousands in English, exactly', () => {
    expect(formatMoney(12_345_678_901, 'BN')).toBe('৳১২,৩৪,৫৬,৭৮৯.০১');
    expect(formatMoney(12_345_678_901, 'EN')).toBe('৳123,456,789.01');
    expect(formatMoney(999_999_999_999_999_999n, 'EN')).toBe('৳9,999,999,999,999,999.99');
  });

  it('drops whole paisa on request and takes another symbol', () => {
    expect(formatMoney(100_000, 'BN', { cents: 'whole' })).toBe('৳১,০০০');
    expect(formatMoney(1_250, 'EN', { symbol: 'USD ' })).toBe('USD 12.50');
    expect(formatMoney(1_250, 'EN', { symbol: '' })).toBe('12.50');
  });
});

describe('formatNumber', () => {
  it('writes counts in the language and keeps the decimals a value has', () => {
    expect(formatNumber(4, 'BN')).toBe('৪');
    expect(formatNumber(4, 'EN')).toBe('4');
    expect(formatNumber(1_234_567, 'BN')).toBe('১২,৩৪,৫৬৭');
    expect(formatNumber(1_234_567, 'EN')).toBe('1,234,567');
    expect(formatNumber(2.5, 'BN')).toBe('২.৫');
    expect(formatNumber(-12, 'BN')).toBe('-১২');
    expect(formatNumber(1.005, 'EN', 2)).toBe('1.01');
  });

  it('writes percentages and fixed decimals', () => {
    expect(formatPercent(0.8, 'BN')).toBe('০.৮%');
    expect(formatPercent(97.5, 'EN')).toBe('97.5%');
    expect(formatPercent(100, 'BN')).toBe('১০০%');
    expect(formatFixedNumber(1.98, 'BN', 2)).toBe('১.৯৮');
  });
});

describe('countdowns', () => {
  it('writes seconds left with a unit in the language, not "(58s)"', () => {
    expect(formatSeconds(58, 'BN')).toBe('৫৮ সে');
    expect(formatSeconds(58, 'EN')).toBe('58 s');
    expect(formatSeconds(0.2, 'BN')).toBe('১ সে');
    expect(formatSeconds(-3, 'EN')).toBe('0 s');
  });

  it('writes a longer countdown as a clock', () => {
    expect(formatClock(245, 'BN')).toBe('৪:০৫');
    expect(formatClock(245, 'EN')).toBe('4:05');
    expect(formatClock(3_725, 'BN')).toBe('১:০২:০৫');
  });
});

describe('messages with numbers', () => {
  it('writes the numbers of rule and feedback messages in the language', () => {
    expect(ruleMessage('tooShort', 'BN', 4)).toBe('কমপক্ষে ৪ অক্ষর');
    expect(ruleMessage('tooShort', 'EN', 4)).toBe('At least 4 characters');
    expect(feedbackMessage('wordCount', 'BN', 5, 500)).not.toMatch(LATIN_OR_PERIOD);
    expect(feedbackMessage('wordCount', 'EN', 5, 500)).toContain('5 and 500');
  });
});
