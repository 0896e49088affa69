/**
 * The in-house (BGS) provably fair games' calls under /wps/originals/…: seeds, bets, the game's
 * kind and limits, and the public verifier. The engine itself is fair.ts. Amounts are integer
 * minor units (paisa).
 */
import { z } from 'zod';
import {
  CLIENT_SEED_PATTERN,
  FAIR_GAMES,
  SERVER_SEED_PATTERN,
  SLOT_SYMBOLS,
  type FairGame,
  type SlotSymbol,
} from './fair';

export const ORIGINALS_VENDOR = 'BGS';

/** Stakes: at least the game's minimum bet (and 1 ৳), at most 10,000 ৳. */
export const ORIGINALS_MIN_STAKE_MINOR = 100;
export const ORIGINALS_MAX_STAKE_MINOR = 1_000_000;

/**
 * Which engine a BGS catalogue game runs: by the number n in its game code (`bgs-0001` … `bgs-0012`),
 * n mod 3 = 1 dice, 2 crash, 0 slot. So the 12 demo games are 4 of each, alternating.
 */
export function fairGameOfCode(gameCode: string): FairGame | undefined {
  const match = /(\d+)$/.exec(gameCode);
  if (!match) return undefined;
  const n = Number(match[1]);
  return (['slot', 'dice', 'crash'] as const)[n % 3];
}

export const FairGameSchema = z.enum(FAIR_GAMES);
export const ClientSeedSchema = z.string().regex(CLIENT_SEED_PATTERN);
export const ServerSeedSchema = z.string().regex(SERVER_SEED_PATTERN);
const HashSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const SeedsSchema = z.object({
  serverSeedHash: HashSchema,
  clientSeed: z.string(),
  /** The nonce the next bet takes. */
  nonce: z.number().int(),
});
export type Seeds = z.infer<typeof SeedsSchema>;

export const ClientSeedBodySchema = z.object({ clientSeed: ClientSeedSchema });

/** A pair the player rotated away from: the server seed may now be shown. */
export const RevealedSeedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: HashSchema,
  clientSeed: z.string(),
  /** How many bets it served (nonces 0 … nonces − 1). */
  nonces: z.number().int(),
  createdAt: z.string(),
  revealedAt: z.string(),
});
export type RevealedSeed = z.infer<typeof RevealedSeedSchema>;

export const RotationSchema = z.object({
  revealed: RevealedSeedSchema.nullable(),
  active: SeedsSchema,
});
export type Rotation = z.infer<typeof RotationSchema>;

export const SeedHistorySchema = z.object({ list: z.array(RevealedSeedSchema) });

export const OriginalsGameSchema = z.object({
  nodeId: z.string(),
  game: FairGameSchema,
  name: z.string(),
  minStakeMinor: z.number().int(),
  maxStakeMinor: z.number().int(),
});
export type OriginalsGame = z.infer<typeof OriginalsGameSchema>;

export const NodeIdParamsSchema = z.object({ nodeId: z.string().regex(/^\d{1,18}$/) });

export const OriginalsBetBodySchema = z.object({
  nodeId: z.string().regex(/^\d{1,18}$/),
  stakeMinor: z.number().int().positive(),
  /** Dice: roll-under target 2–98; crash: cash-out multiplier 1.01–1000.00; slot: none. */
  target: z.number().positive().optional(),
});
export type OriginalsBetBody = z.infer<typeof OriginalsBetBodySchema>;

const SlotSymbolSchema = z.enum(SLOT_SYMBOLS.map((s) => s.id) as [SlotSymbol, ...SlotSymbol[]]);

export const FairResultSchema = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('dice'),
    roll: z.number(),
    target: z.number(),
    win: z.boolean(),
    multiplier: z.number(),
  }),
  z.object({
    game: z.literal('crash'),
    crashPoint: z.number(),
    target: z.number(),
    win: z.boolean(),
    multiplier: z.number(),
  }),
  z.object({
    game: z.literal('slot'),
    reels: z.tuple([SlotSymbolSchema, SlotSymbolSchema, SlotSymbolSchema]),
    win: z.boolean(),
    multiplier: z.number(),
  }),
]);

export const OriginalsBetSchema = z.object({
  nodeId: z.string(),
  game: FairGameSchema,
  result: FairResultSchema,
  stakeMinor: z.number().int(),
  winMinor: z.number().int(),
  balanceMinor: z.number().int(),
  playMoney: z.boolean(),
  serverSeedHash: HashSchema,
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The round's reference in the game records. */
  roundRef: z.string(),
  /** True when the same Idempotency-Key was answered before. */
  replayed: z.boolean(),
});
export type OriginalsBet = z.infer<typeof OriginalsBetSchema>;

export const VerifyQuerySchema = z.object({
  serverSeed: ServerSeedSchema,
  clientSeed: ClientSeedSchema,
  nonce: z.coerce.number().int().min(0),
  game: FairGameSchema,
  target: z.coerce.number().positive().optional(),
});
export type VerifyQuery = z.infer<typeof VerifyQuerySchema>;

export const VerifySchema = z.object({
  serverSeedHash: HashSchema,
  floats: z.array(z.number()),
  result: FairResultSchema,
});
export type Verify = z.infer<typeof VerifySchema>;
