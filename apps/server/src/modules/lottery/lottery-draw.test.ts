/** The formats' returns, computed exactly, and the draw function's shape and determinism. */
import { describe, expect, it } from 'vitest';
import {
  LOTTERY_FORMATS,
  hitsOf,
  picksProblem,
  winOf,
  type LotteryFormatCode,
} from '@khela/contract/lottery';
import { drawResult, seedHash, slotTimes } from './lottery-draw';

const choose = (n: number, k: number) => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i += 1) r = (r * (n - k + i)) / i;
  return r;
};

/** Return to player of one pick count: Σ P(hits) × multiplier. */
function rtp(code: LotteryFormatCode, picks: number): number {
  const format = LOTTERY_FORMATS[code];
  const table: Record<number, Record<number, number>> = format.paytable;
  const row = table[picks] ?? {};
  if (format.kind === 'digits') {
    const span = format.maxNumber - format.minNumber + 1;
    return (row[picks] ?? 0) / 100 / span ** picks;
  }
  const pool = format.maxNumber - format.minNumber + 1;
  let total = 0;
  for (let hits = 0; hits <= picks; hits += 1) {
    const p =
      (choose(picks, hits) * choose(pool - picks, format.drawCount - hits)) /
      choose(pool, format.drawCount);
    total += p * ((row[hits] ?? 0) / 100);
  }
  return total;
}

describe('lottery formats: return to player', () => {
  it('pays 90% on a straight match of 3 and of 2 digits', () => {
    expect(rtp('digits3', 3)).toBeCloseTo(0.9, 10);
    expect(rtp('digits2', 2)).toBeCloseTo(0.9, 10);
  });

  it('returns 89–90% for every keno pick count (hypergeometric, 6 of 36)', () => {
    const figures: string[] = [];
    for (let picks = 1; picks <= 5; picks += 1) {
      const value = rtp('keno36', picks);
      figures.push(`${picks} picks: ${(value * 100).toFixed(3)}%`);
      expect(value).toBeGreaterThanOrEqual(0.89);
      expect(value).toBeLessThanOrEqual(0.9001);
    }
    console.info(`keno36 RTP — ${figures.join(', ')}`);
  });
});

describe('lottery picks and wins', () => {
  it('refuses counts, ranges and repeats the format does not take', () => {
    expect(picksProblem('digits3', [1, 2, 3])).toBeNull();
    expect(picksProblem('digits3', [1, 1, 1])).toBeNull();
    expect(picksProblem('digits3', [1, 2])).toBe('count');
    expect(picksProblem('digits3', [1, 2, 10])).toBe('range');
    expect(picksProblem('keno36', [0])).toBe('range');
    expect(picksProblem('keno36', [5, 5])).toBe('repeated');
    expect(picksProblem('keno36', [1, 2, 3, 4, 5, 6])).toBe('count');
  });

  it('pays digits by position only and keno by set', () => {
    expect(winOf('digits3', [1, 2, 3], [1, 2, 3], 10_00)).toBe(9_000_00);
    expect(winOf('digits3', [3, 2, 1], [1, 2, 3], 10_00)).toBe(0);
    expect(hitsOf('keno36', [7, 9, 30], [30, 1, 7, 2, 3, 4])).toBe(2);
    expect(winOf('keno36', [7, 9, 30], [30, 1, 7, 2, 3, 4], 10_00)).toBe(80_00);
    expect(winOf('keno36', [7], [30, 1, 2, 3, 4, 5], 10_00)).toBe(0);
  });
});

describe('lottery draws', () => {
  it('recomputes the same numbers from the same seed and draw, in range, keno without repeats', () => {
    const seed = 'a'.repeat(64);
    expect(drawResult('digits3', seed, '41')).toEqual(drawResult('digits3', seed, '41'));
    expect(drawResult('digits3', seed, '41')).not.toEqual(drawResult('digits3', seed, '42'));
    expect(seedHash(seed)).toMatch(/^[0-9a-f]{64}$/);
    for (let id = 1; id <= 500; id += 1) {
      const digits = drawResult('digits3', seed, String(id));
      expect(digits).toHaveLength(3);
      expect(digits.every((n) => n >= 0 && n <= 9)).toBe(true);
      const keno = drawResult('keno36', seed, String(id));
      expect(new Set(keno).size).toBe(6);
      expect(keno.every((n) => n >= 1 && n <= 36)).toBe(true);
    }
  });

  it('spreads digits evenly (chi-square, 9 degrees of freedom, 99% level)', () => {
    const counts = new Array<number>(10).fill(0);
    for (let id = 1; id <= 5_000; id += 1) {
      for (const digit of drawResult('digits3', 'seed-for-spread', String(id))) counts[digit]! += 1;
    }
    const expected = 15_000 / 10;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(21.666);
  });

  it('closes a slot before it draws and opens the next one as it draws', () => {
    const slot = slotTimes(10, 300_000, 30_000);
    expect(slot).toEqual({ opensAt: 3_000_000, closesAt: 3_270_000, drawsAt: 3_300_000 });
    expect(slotTimes(11, 300_000, 30_000).opensAt).toBe(slot.drawsAt);
  });
});
