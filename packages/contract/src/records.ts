/**
 * Records and reports of the member's own money: transaction records (ledger entries of the
 * cash account), profit and loss for a period, game records (rounds, filled by the games
 * issue), and the wallet read's `refresh` switch. Amounts travel as integer minor units
 * (`…Minor`, paisa) so nothing is rounded on the way; the web formats them with 2 decimals.
 */
import { z } from 'zod';
import { addDays, SITE_TIME_ZONE, siteDay } from './date';
import { LanguageSchema } from './language';

/** `refresh=1` reads the balance past the server's cache (the header's refresh button). */
export const WalletQuerySchema = z
  .object({ language: LanguageSchema.optional(), refresh: z.enum(['0', '1']).optional() })
  .strict();

/**
 * Days are calendar days of the site's time zone: Bangladesh has no daylight saving, and a
 * player's "today" is Dhaka's whatever zone the phone is in.
 */
export const RECORDS_TIME_ZONE = SITE_TIME_ZONE;

export const RECORDS = {
  /** Rows per page of the records screens. */
  pageSize: 20,
  maxPageSize: 50,
  /** One query spans at most this many days (a year statement, 366 for a leap year). */
  maxSpanDays: 366,
  /** The screens open on the last 7 days, today included. */
  defaultDays: 7,
  /** Nothing is purged younger than this (months); everything from 12 months back is shown. */
  keptMonths: 13,
} as const;

/** What a player sees a movement as; ledger kinds map onto these on the server. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rebate',
  'bonus',
  'transfer',
  'adjustment',
] as const;
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

const isCalendarDay = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** A calendar day `YYYY-MM-DD` within the date picker's years (2000–2030). */
export const RecordDaySchema = z
  .string()
  .regex(/^(20[0-2]\d|2030)-\d{2}-\d{2}$/, 'Use a date YYYY-MM-DD between 2000 and 2030')
  .refine(isCalendarDay, 'Not a calendar date');

const PageSizeSchema = z.coerce.number().int().min(1).max(RECORDS.maxPageSize);

/** Both bounds are days in RECORDS_TIME_ZONE, `to` included; defaults: the last 7 days. */
export const RecordRangeQuerySchema = z
  .object({
    language: LanguageSchema.optional(),
    from: RecordDaySchema.optional(),
    to: RecordDaySchema.optional(),
  })
  .strict();

export const TransactionsQuerySchema = RecordRangeQuerySchema.extend({
  type: TransactionTypeSchema.optional(),
  /** Opaque: the `nextCursor` of the page before. */
  cursor: z.string().max(64).optional(),
  pageSize: PageSizeSchema.optional(),
}).strict();
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

/** Minor units as JSON integers: a member's figures stay far below 2^53. */
const Minor = z.number().int();

export const TransactionRecordSchema = z.object({
  id: z.string(),
  time: z.string(),
  type: TransactionTypeSchema,
  /** Signed: positive credited the balance, negative debited it. */
  amountMinor: Minor,
  balanceAfterMinor: Minor,
  /** The ledger transaction: what a player quotes to customer service. */
  transactionId: z.string(),
  /** What the movement is about: the deposit, withdrawal or game round id, when there is one. */
  reference: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof TransactionRecordSchema>;

const RangeEchoSchema = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

export const TransactionPageSchema = RangeEchoSchema.extend({
  list: z.array(TransactionRecordSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

export const ProfitLossQuerySchema = RecordRangeQuerySchema;

/**
 * A period's totals from the member's ledger entries, in minor units. Bets and withdrawals are
 * positive figures (money that left the balance); results are signed from the player's side.
 */
export const ProfitLossSchema = RangeEchoSchema.extend({
  depositsMinor: Minor,
  /** Withdrawals paid out in the period (pending ones are still held, not counted). */
  withdrawalsMinor: Minor,
  /** Deposits less paid withdrawals. */
  netDepositsMinor: Minor,
  betsMinor: Minor,
  winsMinor: Minor,
  /** Wins less bets. */
  gameResultMinor: Minor,
  /** Rebates and bonuses credited. */
  rebatesMinor: Minor,
  /** Corrections by the operator (signed). */
  adjustmentsMinor: Minor,
  /** Balance sent to (negative) or received from other accounts. */
  transfersMinor: Minor,
  /** Game result plus rebates and bonuses plus adjustments: what the period won or lost. */
  netResultMinor: Minor,
});
export type ProfitLoss = z.infer<typeof ProfitLossSchema>;

export const GameRecordsQuerySchema = RecordRangeQuerySchema.extend({
  cursor: z.string().max(64).optional(),
  pageSize: PageSizeSchema.optional(),
}).strict();

/** One game round: its bets and wins, as the game wallet kept them. */
export const GameRoundSchema = z.object({
  id: z.string(),
  /** When the round's first bet was taken. */
  time: z.string(),
  /** When it was settled or refunded; null while it is open. */
  settledAt: z.string().nullable(),
  status: z.enum(['open', 'settled', 'refunded']),
  /** Played with play money (trial account or free play): no real money moved. */
  playMoney: z.boolean(),
  gameName: z.string(),
  vendor: z.string(),
  stakeMinor: Minor,
  winMinor: Minor,
  balanceBeforeMinor: Minor,
  balanceAfterMinor: Minor,
});
export type GameRound = z.infer<typeof GameRoundSchema>;

export const GameRecordPageSchema = RangeEchoSchema.extend({
  list: z.array(GameRoundSchema),
  nextCursor: z.string().nullable(),
});
export type GameRecordPage = z.infer<typeof GameRecordPageSchema>;

/** Today in the records' time zone, as YYYY-MM-DD. */
export const recordToday = (now: Date = new Date()) => siteDay(now);

/** `day` plus `days` calendar days (the date helper's, named here for the records' callers). */
export { addDays };

/** Days from `from` to `to`, both included (1 for a single day). */
export function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** The screens' opening range: the last RECORDS.defaultDays days, today included. */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const to = recordToday(now);
  return { from: addDays(to, 1 - RECORDS.defaultDays), to };
}
