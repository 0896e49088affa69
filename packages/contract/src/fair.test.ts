/**
 * The provably fair engine: known vectors, WebCrypto against node:crypto, the documented RTPs
 * summed exactly, a 100k-round simulation per game within 4 standard errors, and the float stream
 * through chi-square, runs and serial-correlation tests at the 99 % level (fixed seeds, so the
 * run is repeatable; biased streams show each test can fail).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTED_RTP,
  SLOT_STOPS,
  SLOT_SYMBOLS,
  crashHundredths,
  crashRtp,
  diceRtp,
  fairFloats,
  floatsFromBytes,
  hmacSha256,
  playFair,
  resultFromFloats,
  roundMessage,
  sha256Hex,
  slotRtp,
  validParams,
  winMinor,
  type FairGame,
  type FairParams,
} from './fair';
import { ReturnStats, chiSquareUniform, runsTest, serialCorrelation } from './fair-stats';

const nodeHmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

const SERVER = 'a'.repeat(64);

describe('fair engine: bytes and floats', () => {
  it('WebCrypto HMAC-SHA256 gives the bytes node:crypto gives', async () => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const message = roundMessage('client seed', nonce, nonce % 3);
      expect(await hmacSha256(SERVER, message)).toEqual(nodeHmac(SERVER, message));
    }
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('turns 4 bytes into a float big end first', () => {
    expect(floatsFromBytes(new Uint8Array([0, 0, 0, 0]))).toEqual([0]);
    expect(floatsFromBytes(new Uint8Array([128, 0, 0, 0]))).toEqual([0.5]);
    expect(floatsFromBytes(new Uint8Array([255, 255, 255, 255]))[0]).toBe(1 - 2 ** -32);
  });

  it('reads more HMAC rounds when a game needs more than 8 floats', async () => {
    const seeds = { serverSeed: SERVER, clientSeed: 'c', nonce: 7 };
    const floats = await fairFloats(seeds, 10, nodeHmac);
    expect(floats.slice(0, 8)).toEqual(floatsFromBytes(nodeHmac(SERVER, 'c:7:0')));
    expect(floats.slice(8)).toEqual(floatsFromBytes(nodeHmac(SERVER, 'c:7:1')).slice(0, 2));
  });
});

describe('fair engine: games', () => {
  it('maps floats to results as documented', () => {
    expect(resultFromFloats('dice', [0.4999], { target: 50 })).toMatchObject({
      roll: 49.99,
      win: true,
      multiplier: 99 / 50,
    });
    expect(resultFromFloats('dice', [0.5], { target: 50 }).win).toBe(false);
    expect(crashHundredths(0)).toBe(100);
    expect(crashHundredths(0.00999)).toBe(100);
    expect(crashHundredths(0.5)).toBe(198);
    expect(resultFromFloats('crash', [0.5], { target: 1.98 })).toMatchObject({
      crashPoint: 1.98,
      win: true,
    });
    expect(resultFromFloats('crash', [0.5], { target: 1.99 }).win).toBe(false);
    expect(resultFromFloats('slot', [0, 0.01, 0.3], {})).toMatchObject({
      reels: ['cherry', 'cherry', 'cherry'],
      multiplier: 5,
    });
    expect(resultFromFloats('slot', [0.999, 0.999, 0.999], {}).multiplier).toBe(1000);
    expect(resultFromFloats('slot', [0, 0.01, 0.5], {}).multiplier).toBe(2);
  });

  it('pays whole paisa, floored', () => {
    const dice = resultFromFloats('dice', [0], { target: 3 });
    expect(winMinor(dice, 100)).toBe(3300);
    expect(winMinor(resultFromFloats('dice', [0], { target: 7 }), 100)).toBe(1414);
    expect(winMinor(resultFromFloats('crash', [0.9], { target: 2.57 }), 333)).toBe(855);
  });

  it('checks targets', () => {
    expect(validParams('dice', { target: 2 })).toBe(true);
    expect(validParams('dice', { target: 98.5 })).toBe(false);
    expect(validParams('crash', { target: 1.01 })).toBe(true);
    expect(validParams('crash', { target: 1000.01 })).toBe(false);
    expect(validParams('slot', {})).toBe(true);
  });
});

describe('fair engine: return to player', () => {
  it('documents RTPs the exact sums agree with', () => {
    const slot = slotRtp();
    expect(SLOT_SYMBOLS.reduce((sum, s) => sum + s.weight, 0)).toBe(SLOT_STOPS);
    expect(slot.numerator).toBe(31456);
    expect(slot.denominator).toBe(32768);
    expect(slot.rtp).toBe(DOCUMENTED_RTP.slot);
    for (let target = 2; target <= 98; target += 1) {
      expect(diceRtp(target)).toBeCloseTo(DOCUMENTED_RTP.dice, 12);
      // Exact count over the 10,000 roll values.
      let wins = 0;
      for (let roll = 0; roll < 10_000; roll += 1) if (roll / 100 < target) wins += 1;
      expect((wins / 10_000) * (99 / target)).toBeCloseTo(0.99, 12);
    }
    for (const m of [101, 150, 200, 1_000, 100_000]) {
      expect(crashRtp(m)).toBeCloseTo(DOCUMENTED_RTP.crash, 12);
    }
  });

  it('crashes at or past m (hundredths) exactly when the float is at least 1 − 99/m: 0.99/m', () => {
    // The house edge is in the formula itself: a float just below the edge falls short of m,
    // one just above reaches it. An engine without the edge (100/(1−f)) fails this.
    for (const m of [101, 150, 200, 333, 1_000, 10_000, 100_000]) {
      const edge = 1 - 99 / m;
      expect(crashHundredths(edge + 1e-9)).toBeGreaterThanOrEqual(m);
      expect(crashHundredths(edge - 1e-9)).toBeLessThan(m);
    }
    // Never below 1.00×.
    expect(crashHundredths(0)).toBe(100);
  });

  const cases: [FairGame, FairParams][] = [
    ['dice', { target: 50 }],
    ['crash', { target: 2 }],
    ['slot', {}],
  ];
  it.each(cases)('simulates 100,000 %s rounds within 4 standard errors', async (game, params) => {
    const stats = new ReturnStats();
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const result = await playFair(
        game,
        { serverSeed: SERVER, clientSeed: `sim-${game}`, nonce },
        params,
        nodeHmac,
      );
      stats.add(winMinor(result, 1_000_000) / 1_000_000);
    }
    expect(stats.within(DOCUMENTED_RTP[game], 4)).toBe(true);
    // The tolerance is narrow enough to mean something (the slot's variance is the largest).
    expect(4 * stats.standardError).toBeLessThan(game === 'slot' ? 0.15 : 0.02);
  });
});

describe('fair engine: the float stream at the 99 % level', () => {
  const floats: number[] = [];
  for (let nonce = 0; floats.length < 200_000; nonce += 1) {
    floats.push(...floatsFromBytes(nodeHmac(SERVER, roundMessage('rng-test', nonce, 0))));
  }

  it('passes chi-square uniformity over 100 bins', () => {
    expect(chiSquareUniform(floats, 100).pass).toBe(true);
    expect(chiSquareUniform(floats.map((f) => f * f)).pass).toBe(false);
  });

  it('passes the runs test', () => {
    expect(runsTest(floats).pass).toBe(true);
    // Sorted in pairs: long runs, too few of them.
    const clumped = floats.map((f, i) => (Math.floor(i / 4) % 2 === 0 ? f / 2 : 0.5 + f / 2));
    expect(runsTest(clumped).pass).toBe(false);
  });

  it('passes lag-1 serial correlation', () => {
    expect(serialCorrelation(floats).pass).toBe(true);
    const smoothed = floats.map((f, i) => (f + (floats[i - 1] ?? f)) / 2);
    expect(serialCorrelation(smoothed).pass).toBe(false);
  });
});
