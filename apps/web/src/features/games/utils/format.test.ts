import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';

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
