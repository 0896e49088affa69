/**
 * Our lottery (spec games-and-content §2 launch, §4 caching, §7 "Lottery list, lottery menu (under
 * /lgw), recent VN lottery, numero (draw), VN numero"): the catalogue games of the lottery vendors
 * draw on a schedule, each in one of the formats below. A draw publishes the SHA-256 of its server
 * seed when it opens and reveals the seed once drawn; the result is HMAC-SHA256(seed, drawId).
 * Amounts are integer minor units; multipliers are in hundredths (540 = 5.4×).
 */
import { z } from 'zod';
import { IdempotencyHeadersSchema } from './idempotency';
import { LanguageQuerySchema } from './system';

export const LOTTERY_API = '/lgw/lottery';

/** Each format: what a player picks, what is drawn and what it pays. */
export const LOTTERY_FORMATS = {
  /** Pick 3 digits 0–9 in order; a straight match (1 in 1,000) pays 900×: RTP 90%. */
  digits3: {
    kind: 'digits',
    minPicks: 3,
    maxPicks: 3,
    minNumber: 0,
    maxNumber: 9,
    drawCount: 3,
    /** picks → hits → multiplier ×100; digits pay only when every position matches. */
    paytable: { 3: { 3: 90_000 } },
    rtpBp: 9000,
  },
  /** Pick 2 digits 0–9 in order; a straight match (1 in 100) pays 90×: RTP 90%. */
  digits2: {
    kind: 'digits',
    minPicks: 2,
    maxPicks: 2,
    minNumber: 0,
    maxNumber: 9,
    drawCount: 2,
    paytable: { 2: { 2: 9_000 } },
    rtpBp: 9000,
  },
  /**
   * Keno: pick 1–5 different numbers of 1–36; 6 are drawn. Pays by picks and hits; the return of
   * every pick count is 89–90% (lottery-formats.test.ts computes it from the hypergeometric law).
   */
  keno36: {
    kind: 'keno',
    minPicks: 1,
    maxPicks: 5,
    minNumber: 1,
    maxNumber: 36,
    drawCount: 6,
    paytable: {
      1: { 1: 540 },
      2: { 1: 100, 2: 2_580 },
      3: { 2: 800, 3: 14_100 },
      4: { 2: 300, 3: 2_500, 4: 122_900 },
      5: { 2: 250, 3: 1_500, 4: 10_000, 5: 190_000 },
    },
    rtpBp: 8990,
  },
} as const satisfies Record<string, LotteryFormatShape>;

interface LotteryFormatShape {
  kind: 'digits' | 'keno';
  minPicks: number;
  maxPicks: number;
  minNumber: number;
  maxNumber: number;
  drawCount: number;
  paytable: Record<number, Record<number, number>>;
  rtpBp: number;
}

export type LotteryFormatCode = keyof typeof LOTTERY_FORMATS;
export const LOTTERY_FORMAT_CODES = Object.keys(LOTTERY_FORMATS) as LotteryFormatCode[];

/** Stake limits per ticket, minor units. */
export const LOTTERY_MIN_STAKE_MINOR = 1_00;
export const LOTTERY_MAX_STAKE_MINOR = 50_000_00;

/** Why picks are refused, or null when the format takes them. */
export function picksProblem(code: LotteryFormatCode, picks: readonly number[]): string | null {
  const format: LotteryFormatShape = LOTTERY_FORMATS[code];
  if (picks.length < format.minPicks || picks.length > format.maxPicks) return 'count';
  if (picks.some((n) => !Number.isInteger(n) || n < format.minNumber || n > format.maxNumber)) {
    return 'range';
  }
  if (format.kind === 'keno' && new Set(picks).size !== picks.length) return 'repeated';
  return null;
}

/** How many picks the result matches: digits by position (all or nothing), keno as a set. */
export function hitsOf(
  code: LotteryFormatCode,
  picks: readonly number[],
  result: readonly number[],
) {
  const format: LotteryFormatShape = LOTTERY_FORMATS[code];
  if (format.kind === 'digits') {
    return picks.every((n, i) => result[i] === n) ? picks.length : 0;
  }
  const drawn = new Set(result);
  return picks.filter((n) => drawn.has(n)).length;
}

/** The multiplier ×100 for these picks and hits (0 when it pays nothing). */
export function multiplierOf(code: LotteryFormatCode, pickCount: number, hits: number): number {
  const format: LotteryFormatShape = LOTTERY_FORMATS[code];
  return format.paytable[pickCount]?.[hits] ?? 0;
}

/** The win of a ticket, minor units, rounded down. */
export function winOf(
  code: LotteryFormatCode,
  picks: readonly number[],
  result: readonly number[],
  stakeMinor: number,
): number {
  const multiplier = multiplierOf(code, picks.length, hitsOf(code, picks, result));
  return Math.floor((stakeMinor * multiplier) / 100);
}

// ── Wire ───────────────────────────────────────────────────────────────────────────────────

export const LotteryFormatSchema = z.object({
  code: z.enum(LOTTERY_FORMAT_CODES as [LotteryFormatCode, ...LotteryFormatCode[]]),
  kind: z.enum(['digits', 'keno']),
  minPicks: z.number().int(),
  maxPicks: z.number().int(),
  minNumber: z.number().int(),
  maxNumber: z.number().int(),
  drawCount: z.number().int(),
  /** picks → hits → multiplier ×100. */
  paytable: z.record(z.string(), z.record(z.string(), z.number().int())),
  rtpBp: z.number().int(),
});
export type LotteryFormat = z.infer<typeof LotteryFormatSchema>;

export const LOTTERY_DRAW_STATUSES = ['open', 'closed', 'drawn', 'settled'] as const;
export const LotteryDrawSchema = z.object({
  drawId: z.string(),
  drawNo: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  serverSeedHash: z.string(),
  /** Shown once the draw is drawn; null before. */
  serverSeed: z.string().nullable(),
  result: z.array(z.number().int()).nullable(),
});
export type LotteryDraw = z.infer<typeof LotteryDrawSchema>;

export const LotteryGameSchema = z.object({
  nodeId: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  category: z.enum(['LOTT', 'ELOTT']),
  iconUrl: z.string(),
  format: LotteryFormatSchema,
  intervalSeconds: z.number().int(),
  /** The draw taking bets now (null for a moment between two draws). */
  current: LotteryDrawSchema.nullable(),
});
export type LotteryGame = z.infer<typeof LotteryGameSchema>;

export const LotteryMenuSchema = z.object({
  /** Spec §2: e-lottery mode when the vendor mapping has ELOTT entries for TCG_LOTTO_VN or LOTT. */
  prizeMode: z.enum(['LOTT', 'ELOTT']),
  groups: z.array(
    z.object({
      category: z.enum(['LOTT', 'ELOTT']),
      name: z.string(),
      vendors: z.array(
        z.object({
          vassalage: z.string(),
          displayName: z.string(),
          games: z.array(z.object({ nodeId: z.string(), gameName: z.string() })),
        }),
      ),
    }),
  ),
});
export type LotteryMenu = z.infer<typeof LotteryMenuSchema>;

export const LotteryListSchema = z.object({
  serverTime: z.string(),
  games: z.array(LotteryGameSchema),
});
export type LotteryList = z.infer<typeof LotteryListSchema>;

export const LotteryNodeQuerySchema = LanguageQuerySchema.extend({
  nodeId: z.string().regex(/^\d{1,18}$/),
});

export const LotteryRecentSchema = z.object({
  nodeId: z.string(),
  draws: z.array(LotteryDrawSchema),
});
export type LotteryRecent = z.infer<typeof LotteryRecentSchema>;

export const LotteryNumeroSchema = z.object({
  nodeId: z.string(),
  serverTime: z.string(),
  current: LotteryDrawSchema.nullable(),
  next: LotteryDrawSchema.nullable(),
});
export type LotteryNumero = z.infer<typeof LotteryNumeroSchema>;

export const LotteryBetBodySchema = z.object({
  nodeId: z.string().regex(/^\d{1,18}$/),
  drawId: z.string().regex(/^\d{1,18}$/),
  picks: z.array(z.number().int()).min(1).max(10),
  stakeMinor: z.number().int().min(LOTTERY_MIN_STAKE_MINOR).max(LOTTERY_MAX_STAKE_MINOR),
});
export type LotteryBetBody = z.infer<typeof LotteryBetBodySchema>;
export const LotteryBetHeadersSchema = IdempotencyHeadersSchema;

export const LOTTERY_TICKET_STATUSES = ['open', 'won', 'lost', 'void'] as const;
export const LotteryTicketSchema = z.object({
  ticketId: z.string(),
  nodeId: z.string(),
  drawId: z.string(),
  drawNo: z.number().int(),
  picks: z.array(z.number().int()),
  betKind: z.enum(['straight', 'keno']),
  stakeMinor: z.number().int(),
  winMinor: z.number().int(),
  status: z.enum(LOTTERY_TICKET_STATUSES),
  /** The draw's result once drawn. */
  result: z.array(z.number().int()).nullable(),
  playMoney: z.boolean(),
  createdAt: z.string(),
});
export type LotteryTicket = z.infer<typeof LotteryTicketSchema>;

export const LotteryBetAnswerSchema = z.object({
  ticket: LotteryTicketSchema,
  /** The wallet's balance after the bet, minor units. */
  balance: z.number().int(),
  replayed: z.boolean(),
});
export type LotteryBetAnswer = z.infer<typeof LotteryBetAnswerSchema>;

export const LotteryTicketsQuerySchema = LanguageQuerySchema.extend({
  nodeId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  drawId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export const LotteryTicketsSchema = z.object({ tickets: z.array(LotteryTicketSchema) });
export type LotteryTickets = z.infer<typeof LotteryTicketsSchema>;

export const lotteryUrls = {
  menu: `${LOTTERY_API}/menu`,
  list: `${LOTTERY_API}/list`,
  recent: `${LOTTERY_API}/recent`,
  numero: `${LOTTERY_API}/numero`,
  bet: `${LOTTERY_API}/bet`,
  tickets: `${LOTTERY_API}/tickets`,
} as const;
