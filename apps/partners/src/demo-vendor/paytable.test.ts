/**
 * The demo vendor's paytables: each game's exact return to player from its tables (no sampling),
 * and the slot's reels always show the line that was paid.
 */
import { describe, expect, it } from 'vitest';
import {
  FISH,
  playFish,
  playSlot,
  playTable,
  SLOT_LINES,
  SLOT_TOTAL_WEIGHT,
  slotTimes2,
  winFor,
  type Draw,
} from './paytable';

/** A draw that answers the given values in turn (each reduced below its max). */
const scripted = (values: number[]): Draw => {
  let i = 0;
  return (max) => values[i++]! % max;
};

describe('demo vendor paytables', () => {
  it('slot returns 96% of stakes, and its reels show what it paid', () => {
    const paid = SLOT_LINES.reduce((sum, line) => sum + line.weight * line.times2, 0);
    expect(paid / 2 / SLOT_TOTAL_WEIGHT).toBeCloseTo(0.96, 10);
    for (let i = 0; i < 5_000; i += 1) {
      const outcome = playSlot();
      expect(slotTimes2(outcome.reels)).toBe(outcome.times2);
    }
    // The first ticket is three sevens, the last a losing line.
    expect(playSlot(scripted([0])).reels).toEqual(['seven', 'seven', 'seven']);
    expect(playSlot(scripted([SLOT_TOTAL_WEIGHT - 1, 0, 1, 2])).times2).toBe(0);
  });

  it('every fish returns 96% of stakes', () => {
    for (const fish of FISH) {
      expect((fish.chancePpm / 1_000_000) * (fish.times2 / 2)).toBeCloseTo(0.96, 10);
    }
    expect(playFish('whale', scripted([19_199]))).toMatchObject({ caught: true, times2: 100 });
    expect(playFish('whale', scripted([19_200]))).toMatchObject({ caught: false, times2: 0 });
  });

  it('dragon/tiger returns 25/26 of stakes over every pair of cards', () => {
    let paid = 0;
    for (let dragon = 0; dragon < 13; dragon += 1) {
      for (let tiger = 0; tiger < 13; tiger += 1) {
        paid += winFor(1_000, playTable('dragon', scripted([dragon, tiger])));
      }
    }
    expect(paid / (169 * 1_000)).toBeCloseTo(25 / 26, 10);
    expect(playTable('tiger', scripted([2, 9]))).toMatchObject({ dragon: 3, tiger: 10, times2: 4 });
  });
});
