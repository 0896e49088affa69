import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount-check';

const limits = { minMinor: 100_00, maxMinor: 25_000_00, balanceMinor: 500_00 };

describe('checkAmount', () => {
  it('names the first thing a player must fix, in order', () => {
    expect(checkAmount('  ', limits).problem).toBe('amountRequired');
    expect(checkAmount('12.345', limits).problem).toBe('amountFormat');
    expect(checkAmount('99.99', limits).problem).toBe('amountBelowMin');
    expect(checkAmount('25000.01', { ...limits, balanceMinor: 30_000_00 }).problem).toBe(
      'amountAboveMax',
    );
    expect(checkAmount('500.01', limits).problem).toBe('amountAboveBalance');
  });

  it('answers the amount in minor units when it passes, and skips limits a form has not', () => {
    expect(checkAmount('500', limits)).toEqual({ minor: 500_00, problem: null });
    expect(checkAmount('1', {})).toEqual({ minor: 1_00, problem: null });
    expect(checkAmount('1000', { minMinor: 100_00, maxMinor: 25_000_00 }).problem).toBeNull();
  });
});
