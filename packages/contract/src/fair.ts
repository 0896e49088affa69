/**
 * The provably fair engine of the in-house games (vendor BGS): dice, crash and a 3-reel slot.
 * The server and the public verifier page run this same file, so a round recomputed in the
 * browser is the round the server played.
 *
 * Randomness (Stake-style):
 *   bytes(round) = HMAC-SHA256(key = the server seed as its 64 hex characters (ASCII),
 *                              message = `${clientSeed}:${nonce}:${round}`)   round = 0, 1, 2…
 *   Each block of 32 bytes gives 8 floats; float = b0/256 + b1/256² + b2/256³ + b3/256⁴ from
 *   4 bytes in order, so every float is k/2³² for an integer k in [0, 2³²): uniform in [0, 1).
 *   A game takes the floats it needs from the start of the stream (dice 1, crash 1, slot 3).
 *
 * Games and their return to player (RTP), all amounts integer minor units, wins floored:
 *   dice   roll = floor(f × 10000) / 100 in 0.00–99.99; the player picks a roll-under target
 *          T (integer 2–98) and wins when roll < T, paid stake × 99 / T. P(win) = T / 100, so
 *          RTP = 99 % for every T.
 *   crash  crash point = max(1.00, floor(99 / (1 − f)) / 100). For m ≥ 1.00 in hundredths,
 *          P(crash ≥ m) = 0.99 / m; 1 % of rounds crash at 1.00 at once. The player picks a
 *          cash-out target m in 1.01–1000.00 before the round and wins stake × m when the crash
 *          point reaches it: RTP = m × 0.99 / m = 99 % for every m.
 *   slot   3 reels, the same 32-stop weighting on each (SLOT_SYMBOLS); reel i shows
 *          the symbol at floor(f_i × 32). Three of a kind pays SLOT_PAYTABLE; exactly two
 *          cherries anywhere pay 2×. RTP = 31456 / 32768 = 95.99609375 % (slotRtp() sums it).
 * The tiny unevenness of floor(f × 10000) (2³² is not a multiple of 10⁴) moves the dice RTP
 * by less than 10⁻⁵; the slot's floor(f × 32) is exact.
 */

export const FAIR_GAMES = ['dice', 'crash', 'slot'] as const;
export type FairGame = (typeof FAIR_GAMES)[number];

/** Documented return to player of each game (a fraction). */
export const DOCUMENTED_RTP: Record<FairGame, number> = {
  dice: 0.99,
  crash: 0.99,
  slot: 31456 / 32768,
};

export const DICE_TARGET_MIN = 2;
export const DICE_TARGET_MAX = 98;
/** Crash targets in hundredths: 1.01–1000.00. */
export const CRASH_TARGET_MIN_HUNDREDTHS = 101;
export const CRASH_TARGET_MAX_HUNDREDTHS = 100_000;
export const CLIENT_SEED_MAX = 64;
/** Printable ASCII, 1–64 characters (spaces allowed inside). */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

export const SLOT_SYMBOLS = [
  { id: 'cherry', weight: 10 },
  { id: 'lemon', weight: 8 },
  { id: 'orange', weight: 6 },
  { id: 'plum', weight: 4 },
  { id: 'bell', weight: 2 },
  { id: 'bar', weight: 1 },
  { id: 'seven', weight: 1 },
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number]['id'];
export const SLOT_STOPS = 32;

/** Three of a kind pays this many times the stake. */
export const SLOT_PAYTABLE: Record<SlotSymbol, number> = {
  seven: 1000,
  bar: 400,
  bell: 100,
  plum: 40,
  orange: 18,
  lemon: 9,
  cherry: 5,
};
/** Exactly two cherries on the three reels, in any places. */
export const SLOT_TWO_CHERRIES = 2;

export type FairParams = { target: number } | Record<string, never>;

export type FairResult =
  | { game: 'dice'; roll: number; target: number; win: boolean; multiplier: number }
  | { game: 'crash'; crashPoint: number; target: number; win: boolean; multiplier: number }
  | { game: 'slot'; reels: [SlotSymbol, SlotSymbol, SlotSymbol]; win: boolean; multiplier: number };

/** How many floats a game reads from the stream. */
export const FLOATS_NEEDED: Record<FairGame, number> = { dice: 1, crash: 1, slot: 3 };

// ── Bytes and floats ──────────────────────────────────────────────────────────────────────

/** The slice of WebCrypto we use: the browser's and Node 20's globalThis.crypto. */
interface SubtleLike {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): SubtleLike {
  const crypto = (globalThis as unknown as { crypto?: { subtle?: SubtleLike } }).crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return crypto.subtle;
}

/** Seeds and messages are printable ASCII, so one byte per character. */
export function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export const roundMessage = (clientSeed: string, nonce: number, round: number) =>
  `${clientSeed}:${nonce}:${round}`;

/** HMAC-SHA256 with WebCrypto. */
export async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const s = subtle();
  const cryptoKey = await s.importKey(
    'raw',
    asciiBytes(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await s.sign('HMAC', cryptoKey, asciiBytes(message)));
}

/** SHA-256 hex of the server seed (as its hex text): what the player sees before playing. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', asciiBytes(text))));
}

/** Floats from bytes, 4 bytes each, big end first (see the header). */
export function floatsFromBytes(bytes: Uint8Array, count = Math.floor(bytes.length / 4)) {
  const floats: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const o = i * 4;
    floats.push(
      bytes[o]! / 256 +
        bytes[o + 1]! / 256 ** 2 +
        bytes[o + 2]! / 256 ** 3 +
        bytes[o + 3]! / 256 ** 4,
    );
  }
  return floats;
}

/** A synchronous or asynchronous HMAC-SHA256 (the bench passes node:crypto's). */
export type HmacFn = (key: string, message: string) => Uint8Array | Promise<Uint8Array>;

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The first `count` floats of a round's stream. */
export async function fairFloats(
  seeds: FairSeeds,
  count: number,
  hmac: HmacFn = hmacSha256,
): Promise<number[]> {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round += 1) {
    const bytes = await hmac(seeds.serverSeed, roundMessage(seeds.clientSeed, seeds.nonce, round));
    floats.push(...floatsFromBytes(bytes));
  }
  return floats.slice(0, count);
}

// ── Games ─────────────────────────────────────────────────────────────────────────────────

export function diceRoll(f: number): number {
  return Math.floor(f * 10_000) / 100;
}

/** The crash point, in hundredths (≥ 100). */
export function crashHundredths(f: number): number {
  return Math.max(100, Math.floor(99 / (1 - f)));
}

export function slotSymbol(f: number): SlotSymbol {
  let stop = Math.floor(f * SLOT_STOPS);
  for (const symbol of SLOT_SYMBOLS) {
    if (stop < symbol.weight) return symbol.id;
    stop -= symbol.weight;
  }
  throw new Error('slot weights do not cover every stop');
}

/** The slot's multiplier for three reels. */
export function slotMultiplier(reels: readonly SlotSymbol[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c && a !== undefined) return SLOT_PAYTABLE[a];
  return reels.filter((s) => s === 'cherry').length === 2 ? SLOT_TWO_CHERRIES : 0;
}

/** The exact RTP of the slot: the sum over all 32³ stops of probability × multiplier. */
export function slotRtp(): { rtp: number; numerator: number; denominator: number; hit: number } {
  let numerator = 0;
  let hits = 0;
  for (const a of SLOT_SYMBOLS) {
    for (const b of SLOT_SYMBOLS) {
      for (const c of SLOT_SYMBOLS) {
        const ways = a.weight * b.weight * c.weight;
        const multiplier = slotMultiplier([a.id, b.id, c.id]);
        numerator += ways * multiplier;
        if (multiplier > 0) hits += ways;
      }
    }
  }
  const denominator = SLOT_STOPS ** 3;
  return { rtp: numerator / denominator, numerator, denominator, hit: hits / denominator };
}

/** The dice's exact RTP for a target (roll values are 0–9999 hundredths, each 1/10⁴). */
export const diceRtp = (target: number) => (target / 100) * (99 / target);
/** The crash's exact RTP for a target in hundredths: P(crash ≥ m) × m. */
export const crashRtp = (targetHundredths: number) =>
  (0.99 / (targetHundredths / 100)) * (targetHundredths / 100);

/** A game's result from its floats; pure and synchronous (the bench calls it directly). */
export function resultFromFloats(game: FairGame, floats: readonly number[], params: FairParams) {
  switch (game) {
    case 'dice': {
      const target = requireTarget(params);
      const roll = diceRoll(floats[0]!);
      const win = roll < target;
      return { game, roll, target, win, multiplier: win ? 99 / target : 0 } satisfies FairResult;
    }
    case 'crash': {
      const target = requireTarget(params);
      const crash = crashHundredths(floats[0]!);
      const win = crash >= Math.round(target * 100);
      return {
        game,
        crashPoint: crash / 100,
        target,
        win,
        multiplier: win ? target : 0,
      } satisfies FairResult;
    }
    case 'slot': {
      const reels = [slotSymbol(floats[0]!), slotSymbol(floats[1]!), slotSymbol(floats[2]!)] as [
        SlotSymbol,
        SlotSymbol,
        SlotSymbol,
      ];
      const multiplier = slotMultiplier(reels);
      return { game, reels, win: multiplier > 0, multiplier } satisfies FairResult;
    }
  }
}

function requireTarget(params: FairParams): number {
  const target = (params as { target?: unknown }).target;
  if (typeof target !== 'number' || !Number.isFinite(target)) throw new Error('target required');
  return target;
}

/** Whether the params are valid for the game (dice: integer 2–98; crash: 1.01–1000.00). */
export function validParams(game: FairGame, params: FairParams): boolean {
  const target = (params as { target?: unknown }).target;
  switch (game) {
    case 'dice':
      return (
        typeof target === 'number' &&
        Number.isInteger(target) &&
        target >= DICE_TARGET_MIN &&
        target <= DICE_TARGET_MAX
      );
    case 'crash': {
      if (typeof target !== 'number') return false;
      const hundredths = Math.round(target * 100);
      return (
        Math.abs(hundredths - target * 100) < 1e-6 &&
        hundredths >= CRASH_TARGET_MIN_HUNDREDTHS &&
        hundredths <= CRASH_TARGET_MAX_HUNDREDTHS
      );
    }
    case 'slot':
      return true;
  }
}

/**
 * The win in minor units for a stake: integer arithmetic so server and browser agree to the
 * paisa (dice stake × 99 / T, crash stake × target-in-hundredths / 100, slot stake × multiplier),
 * floored.
 */
export function winMinor(result: FairResult, stakeMinor: number): number {
  if (!result.win) return 0;
  switch (result.game) {
    case 'dice':
      return Math.floor((stakeMinor * 99) / result.target);
    case 'crash':
      return Math.floor((stakeMinor * Math.round(result.target * 100)) / 100);
    case 'slot':
      return stakeMinor * result.multiplier;
  }
}

/** Plays one round: the result the seeds and nonce give (WebCrypto unless told otherwise). */
export async function playFair(
  game: FairGame,
  seeds: FairSeeds,
  params: FairParams,
  hmac: HmacFn = hmacSha256,
): Promise<FairResult> {
  const floats = await fairFloats(seeds, FLOATS_NEEDED[game], hmac);
  return resultFromFloats(game, floats, params);
}
