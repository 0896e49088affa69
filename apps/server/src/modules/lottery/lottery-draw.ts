/**
 * What makes a draw: which format and schedule each lottery game runs, the slot times of a draw,
 * and the result from the draw's seed. Pure functions, so the tests (and anyone holding a revealed
 * seed) recompute a result exactly.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  LOTTERY_FORMATS,
  type LotteryFormat,
  type LotteryFormatCode,
} from '@khela/contract/lottery';

/** Formats the lottery games take in turn (by their order within the vendor). */
const FORMAT_CYCLE: readonly LotteryFormatCode[] = ['digits3', 'keno36', 'digits2'];

/** How often each format draws, unless the service is told otherwise. */
export const DEFAULT_INTERVAL_MS: Record<LotteryFormatCode, number> = {
  digits3: 5 * 60_000,
  keno36: 3 * 60_000,
  digits2: 3 * 60_000,
};

/** Bets close this long before the draw, so a purchase in flight never meets a drawn result. */
export const DEFAULT_CLOSE_BEFORE_MS = 30_000;

export function formatFor(indexInVendor: number): LotteryFormatCode {
  return FORMAT_CYCLE[indexInVendor % FORMAT_CYCLE.length]!;
}

export function formatWire(code: LotteryFormatCode): LotteryFormat {
  const format = LOTTERY_FORMATS[code];
  const table: Record<number, Record<number, number>> = format.paytable;
  const paytable: Record<string, Record<string, number>> = {};
  for (const [picks, row] of Object.entries(table)) paytable[picks] = { ...row };
  return {
    code,
    kind: format.kind,
    minPicks: format.minPicks,
    maxPicks: format.maxPicks,
    minNumber: format.minNumber,
    maxNumber: format.maxNumber,
    drawCount: format.drawCount,
    paytable,
    rtpBp: format.rtpBp,
  };
}

/** Slot `drawNo` opens at drawNo × interval, closes closeBefore ahead of the next slot, draws then. */
export function slotTimes(drawNo: number, intervalMs: number, closeBeforeMs: number) {
  const opensAt = drawNo * intervalMs;
  const drawsAt = opensAt + intervalMs;
  return { opensAt, closesAt: drawsAt - Math.min(closeBeforeMs, intervalMs / 2), drawsAt };
}

/** A new server seed (64 hex characters) and its published hash: SHA-256 of that text. */
export function newSeed() {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: seedHash(serverSeed) };
}

export const seedHash = (serverSeed: string) =>
  createHash('sha256').update(serverSeed).digest('hex');

/**
 * The draw's numbers. Bytes come from HMAC-SHA256(serverSeed, drawId), then, when more are needed,
 * HMAC-SHA256(serverSeed, `${drawId}:1`), `:2`, …; each number takes a 32-bit big-endian word,
 * rejecting words past the last whole multiple of the range (no modulo bias). Digits: one digit
 * per position. Keno: a partial Fisher–Yates shuffle of minNumber..maxNumber, the first drawCount.
 */
export function drawResult(code: LotteryFormatCode, serverSeed: string, drawId: string): number[] {
  const format = LOTTERY_FORMATS[code];
  let block = 0;
  let bytes = createHmac('sha256', serverSeed).update(drawId).digest();
  let offset = 0;
  const word = () => {
    if (offset + 4 > bytes.length) {
      block += 1;
      bytes = createHmac('sha256', serverSeed).update(`${drawId}:${block}`).digest();
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  const below = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const value = word();
      if (value < limit) return value % n;
    }
  };
  if (format.kind === 'digits') {
    const span = format.maxNumber - format.minNumber + 1;
    return Array.from({ length: format.drawCount }, () => format.minNumber + below(span));
  }
  const pool: number[] = [];
  for (let n = format.minNumber; n <= format.maxNumber; n += 1) pool.push(n);
  for (let i = 0; i < format.drawCount; i += 1) {
    const j = i + below(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, format.drawCount);
}
