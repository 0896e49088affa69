import { describe, expect, it } from 'vitest';
import { amountInputValue, formatAmount, formatNumber, inputDigits, parseAmount } from './amount';

const intl = (value: number, language: 'BN' | 'EN', decimals: number) =>
  new Intl.NumberFormat(language === 'BN' ? 'bn-BD' : 'en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);

describe('formatNumber', () => {
  it('writes lakh and crore groups with Bengali digits in Bengali, thousands in English', () => {
    expect(formatNumber(1276398584.25, 'BN', 2)).toBe('১,২৭,৬৩,৯৮,৫৮৪.২৫');
    expect(formatNumber(1276398584.25, 'EN', 2)).toBe('1,276,398,584.25');
    expect(formatNumber(30, 'BN')).toBe('৩০');
  });

  it('gives what Intl.NumberFormat gives', () => {
    const values = [
      0,
      1,
      7,
      12,
      999,
      1000,
      12345,
      123456,
      1234567,
      99999.995,
      1.005,
      2.675,
      0.125,
      1e9 + 0.5,
      1263984.7,
      1250000000.1234,
      -0.001,
      -1234.5,
      250.5,
      18,
      320,
    ];
    for (const language of ['BN', 'EN'] as const) {
      for (const decimals of [0, 2]) {
        for (const value of values) {
          expect(formatNumber(value, language, decimals), `${value} ${language} ${decimals}`).toBe(
            intl(value, language, decimals),
          );
        }
      }
    }
  });
});

describe('parseAmount', () => {
  it('reads taka with up to 2 decimals, grouped or not, into paisa without float drift', () => {
    expect(parseAmount('500')).toEqual({ ok: true, minor: 50_000 });
    expect(parseAmount(' 500.5 ')).toEqual({ ok: true, minor: 50_050 });
    expect(parseAmount('1,000.25')).toEqual({ ok: true, minor: 100_025 });
    expect(parseAmount('0.29')).toEqual({ ok: true, minor: 29 });
    expect(parseAmount('4.35')).toEqual({ ok: true, minor: 435 });
    expect(parseAmount('12.')).toEqual({ ok: true, minor: 1_200 });
    expect(parseAmount('৫০০.৫০')).toEqual({ ok: true, minor: 50_050 });
    expect(parseAmount('9999999999999.99')).toEqual({ ok: true, minor: 999_999_999_999_999 });
  });

  it('says why an amount is refused', () => {
    expect(parseAmount('  ')).toEqual({ ok: false, error: 'empty' });
    expect(parseAmount('1.234')).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('1e3')).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('.5')).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('abc')).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('-500')).toEqual({ ok: false, error: 'negative' });
    expect(parseAmount('10000000000000')).toEqual({ ok: false, error: 'too-large' });
  });

  it('takes a sign only where the caller allows one', () => {
    expect(parseAmount('-500', { allowNegative: true })).toEqual({ ok: true, minor: -50_000 });
    expect(parseAmount('-12.5', { allowNegative: true })).toEqual({ ok: true, minor: -1_250 });
    expect(parseAmount('-0', { allowNegative: true })).toEqual({ ok: true, minor: 0 });
  });
});

describe('formatAmount', () => {
  it('shows minor units with 2 decimals and no floating point drift', () => {
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(123456789n)).toBe('1,234,567.89');
    expect(formatAmount(9007199254740993n)).toBe('90,071,992,547,409.93');
  });

  it('marks losses with a real minus before the symbol, gains with a plus when asked', () => {
    expect(formatAmount(-3_000, { symbol: '৳' })).toBe('−৳30.00');
    expect(formatAmount(100_000, { symbol: '৳', sign: 'always' })).toBe('+৳1,000.00');
    expect(formatAmount(0, { symbol: '৳', sign: 'always' })).toBe('৳0.00');
    expect(formatAmount(-250, { minus: '-' })).toBe('-2.50');
  });

  it('drops the cents of a whole amount when asked, and writes Bengali digits in Bengali', () => {
    expect(formatAmount(100_000, { cents: 'whole' })).toBe('1,000');
    expect(formatAmount(100_050, { cents: 'whole' })).toBe('1,000.50');
    expect(formatAmount(12_345_678_950, { language: 'BN', symbol: '৳' })).toBe('৳১২,৩৪,৫৬,৭৮৯.৫০');
  });

  it('gives an input value that parses back to the same amount', () => {
    for (const minor of [0, 5, 50_000, 123_450, 100_000_000]) {
      const text = amountInputValue(minor);
      expect(text).not.toContain(',');
      expect(parseAmount(text)).toEqual({ ok: true, minor });
    }
    expect(amountInputValue(50_000)).toBe('500');
    expect(amountInputValue(123_450)).toBe('1234.50');
  });

  it("gives the input value in the page's digits, which parses back to the same amount", () => {
    for (const minor of [0, 5, 50_000, 123_450, 100_000_000]) {
      const text = amountInputValue(minor, 'BN');
      expect(text).not.toMatch(/[0-9,]/);
      expect(parseAmount(text)).toEqual({ ok: true, minor });
    }
    expect(amountInputValue(123_450, 'BN')).toBe('১২৩৪.৫০');
    expect(amountInputValue(123_450, 'EN')).toBe('1234.50');
  });
});

describe('inputDigits', () => {
  it("writes what a player typed in the page's digits, one character for one", () => {
    expect(inputDigits('1,250.75', 'BN')).toBe('১,২৫০.৭৫');
    expect(inputDigits('১২5০', 'BN')).toBe('১২৫০');
    expect(inputDigits('১,২৫০.৭৫', 'EN')).toBe('1,250.75');
    expect(inputDigits('12a৩', 'EN')).toBe('12a3');
    expect(inputDigits('১২5০', 'BN')).toHaveLength(4);
  });

  it('reads an amount typed in either digits, or both mixed', () => {
    expect(parseAmount('৫০০')).toEqual({ ok: true, minor: 50_000 });
    expect(parseAmount('১,০০০.৫')).toEqual({ ok: true, minor: 100_050 });
    expect(parseAmount('1২3.4৫')).toEqual({ ok: true, minor: 12_345 });
    expect(parseAmount('৫০০.১২৩')).toEqual({ ok: false, error: 'invalid' });
  });
});
