/**
 * The back office's figures: the dashboard, the reports (GGR, cash flow, registrations) and the
 * live queue counters. All read summary tables the server keeps current as money moves (a rollup
 * pass a few seconds behind; docs/back-office.md "Reports"), never a scan of the ledger.
 *
 * Days are calendar days on the site's clock (Asia/Dhaka, `REPORTS_TIME_ZONE`), YYYY-MM-DD; hours
 * are ISO instants of the hour's start. Amounts are integer minor units (JSON integers; the
 * site's totals stay far below 2^53). Cash only: play money (trial and free play) is left out.
 */
import { z } from 'zod';
import { SITE_TIME_ZONE } from '../date';
import { LanguageSchema } from '../language';
import { RecordDaySchema } from '../records';

export const REPORTS_TIME_ZONE = SITE_TIME_ZONE;
/** The longest range a report takes, in days (both bounds included). */
export const REPORT_MAX_DAYS = 366;
/** The live stream sends its counters at least this often, changed or not. */
export const LIVE_HEARTBEAT_MS = 15_000;

const Minor = z.number().int();
const Count = z.number().int().min(0);

// ---------------------------------------------------------------- dashboard

/** One period's totals. GGR = bets − wins (the house's gross gaming revenue). */
export const DashboardFiguresSchema = z.object({
  /** Members who registered in the period. */
  registrations: Count,
  /** Members whose first ever paid deposit fell in the period. */
  firstDepositors: Count,
  /** Paid deposits, by the day they were asked for. */
  deposits: Minor,
  depositCount: Count,
  /** Paid withdrawals, by the day they were asked for. */
  withdrawals: Minor,
  withdrawalCount: Count,
  /** Stakes net of rolled-back bets. */
  bets: Minor,
  wins: Minor,
  ggr: Minor,
  /** Paid out of the house's bonus account (rebates, promotions, …). */
  bonuses: Minor,
  /** Distinct members who placed a cash bet in the period. */
  activePlayers: Count,
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

/** An hour of play: `hour` is the ISO instant it starts. */
export const HourPointSchema = z.object({
  hour: z.string(),
  bets: Minor,
  wins: Minor,
  ggr: Minor,
  rounds: Count,
  activePlayers: Count,
});
export type HourPoint = z.infer<typeof HourPointSchema>;

/** A day (YYYY-MM-DD, site's clock) with the same figures as a period. */
export const DayPointSchema = DashboardFiguresSchema.extend({ day: z.string() });
export type DayPoint = z.infer<typeof DayPointSchema>;

/** Work waiting for operators. A queue whose module is not wired in yet reads 0. */
export const QueueCountsSchema = z.object({
  pendingWithdrawals: Count,
  openChats: Count,
  kycWaiting: Count,
  adjustmentsWaiting: Count,
});
export type QueueCounts = z.infer<typeof QueueCountsSchema>;
export const QUEUE_NAMES = [
  'pendingWithdrawals',
  'openChats',
  'kycWaiting',
  'adjustmentsWaiting',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** GET /ops/api/dashboard (permission dashboard.read). */
export const DashboardSchema = z.object({
  timeZone: z.string(),
  /** Today on the site's clock. */
  today: z.string(),
  periods: z.object({
    today: DashboardFiguresSchema,
    yesterday: DashboardFiguresSchema,
    /** The last 7 days, today included. */
    last7: DashboardFiguresSchema,
    /** The last 30 days, today included. */
    last30: DashboardFiguresSchema,
  }),
  /** The last 48 hours, oldest first, every hour present (zeros included). */
  hourly: z.array(HourPointSchema),
  /** The last 30 days, oldest first, every day present. */
  daily: z.array(DayPointSchema),
  queues: QueueCountsSchema,
  /** Up to when the summary tables have taken in money movements (ISO instant; null: never ran). */
  dataUpTo: z.string().nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

// ---------------------------------------------------------------- reports

/**
 * Every report: `from` and `to` are days, both included, `from` ≤ `to`, at most REPORT_MAX_DAYS.
 * `format=csv` answers text/csv (a download, UTF-8 with a BOM for spreadsheets) instead of JSON.
 * Defaults: the last 30 days.
 */
export const ReportFormatSchema = z.enum(['json', 'csv']);
export const ReportRangeQuerySchema = z
  .object({
    from: RecordDaySchema.optional(),
    to: RecordDaySchema.optional(),
    format: ReportFormatSchema.default('json'),
    language: LanguageSchema.optional(),
  })
  .strict();
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

const RangeEchoSchema = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

export const GgrGroupingSchema = z.enum(['day', 'vendor', 'category']);
export type GgrGrouping = z.infer<typeof GgrGroupingSchema>;
/** GET /ops/api/reports/ggr?from=&to=&by=day|vendor|category (permission reports.read). */
export const GgrQuerySchema = ReportRangeQuerySchema.extend({
  by: GgrGroupingSchema.default('day'),
}).strict();
export type GgrQuery = z.infer<typeof GgrQuerySchema>;
export const GgrRowSchema = z.object({
  /** The day (by=day), the vendor's code (by=vendor) or the game category (by=category). */
  key: z.string(),
  bets: Minor,
  wins: Minor,
  ggr: Minor,
  /** Bets placed (a rollback takes one off). */
  betCount: z.number().int(),
  rounds: Count,
});
export type GgrRow = z.infer<typeof GgrRowSchema>;
export const GgrReportSchema = RangeEchoSchema.extend({
  by: GgrGroupingSchema,
  rows: z.array(GgrRowSchema),
  total: GgrRowSchema.omit({ key: true }),
});
export type GgrReport = z.infer<typeof GgrReportSchema>;

/** GET /ops/api/reports/cashflow?from=&to= (permission reports.read). */
export const CashflowQuerySchema = ReportRangeQuerySchema;
export const PaymentDirectionSchema = z.enum(['deposit', 'withdrawal']);
export type PaymentDirection = z.infer<typeof PaymentDirectionSchema>;
/**
 * Payments asked for in the range by direction, channel and their state now (deposits: pending,
 * paid, failed, expired; withdrawals: pending, processing, paid, rejected, cancelled, failed).
 */
export const CashflowRowSchema = z.object({
  direction: PaymentDirectionSchema,
  channel: z.string(),
  state: z.string(),
  count: Count,
  amount: Minor,
});
export type CashflowRow = z.infer<typeof CashflowRowSchema>;
export const CashflowReportSchema = RangeEchoSchema.extend({
  rows: z.array(CashflowRowSchema),
  /** Paid only: money that came in and went out. */
  totals: z.object({
    depositsPaid: Minor,
    depositsPaidCount: Count,
    withdrawalsPaid: Minor,
    withdrawalsPaidCount: Count,
    net: Minor,
  }),
});
export type CashflowReport = z.infer<typeof CashflowReportSchema>;

/** GET /ops/api/reports/registrations?from=&to= (permission reports.read). */
export const RegistrationsQuerySchema = ReportRangeQuerySchema;
/** Members by the day they registered, and how many of them have deposited since. */
export const RegistrationRowSchema = z.object({
  day: z.string(),
  registrations: Count,
  /** Of them, how many have made a first paid deposit (on any day since). */
  firstDepositors: Count,
  /** Their first deposits' total. */
  firstDepositAmount: Minor,
  /** Of them, how many deposited first on the day they registered. */
  sameDay: Count,
  /** Of them, how many deposited first within 7 days of registering (same day included). */
  within7Days: Count,
});
export type RegistrationRow = z.infer<typeof RegistrationRowSchema>;
export const RegistrationsReportSchema = RangeEchoSchema.extend({
  rows: z.array(RegistrationRowSchema),
  total: RegistrationRowSchema.omit({ day: true }),
});
export type RegistrationsReport = z.infer<typeof RegistrationsReportSchema>;

/**
 * GET /ops/api/reports/registrations/members?from=&to=&before=&limit= (permission reports.read):
 * the players who registered in the range, one row each, newest first, paged with a cursor
 * (`before` = the previous page's `nextBefore`). `format=csv` answers every one of them (no paging).
 */
export const REGISTRATION_MEMBERS_PAGE_MAX = 200;
export const RegistrationMembersQuerySchema = ReportRangeQuerySchema.extend({
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_\d{1,19}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(REGISTRATION_MEMBERS_PAGE_MAX).default(50),
}).strict();
export type RegistrationMembersQuery = z.infer<typeof RegistrationMembersQuerySchema>;
export const RegistrationMemberSchema = z.object({
  username: z.string(),
  /** ISO instant. */
  registeredAt: z.string(),
  /** The site's registration day (YYYY-MM-DD). */
  day: z.string(),
  /** How they registered: the client (`H5`, …) as the member's record says. */
  method: z.string(),
  /** The domain they registered on (an affiliate's), if any. */
  domain: z.string().nullable(),
  /** Their first paid deposit (ISO instant and amount in minor units), null before one. */
  firstDepositAt: z.string().nullable(),
  firstDepositAmount: Minor.nullable(),
});
export type RegistrationMember = z.infer<typeof RegistrationMemberSchema>;
export const RegistrationMembersSchema = RangeEchoSchema.extend({
  items: z.array(RegistrationMemberSchema),
  nextBefore: z.string().nullable(),
});
export type RegistrationMembers = z.infer<typeof RegistrationMembersSchema>;

// ---------------------------------------------------------------- live

/**
 * GET /ops/api/live (permission dashboard.read): Server-Sent Events. `event: counters` with
 * `data:` a QueueCounts JSON, sent at once, whenever a queue changes (on any server process)
 * and at least every LIVE_HEARTBEAT_MS.
 */
export const LIVE_COUNTERS_EVENT = 'counters';
export const LiveCountersSchema = QueueCountsSchema;
export type LiveCounters = QueueCounts;

// ---------------------------------------------------------------- paths

export const REPORT_PATHS = {
  dashboard: '/ops/api/dashboard',
  ggr: '/ops/api/reports/ggr',
  cashflow: '/ops/api/reports/cashflow',
  registrations: '/ops/api/reports/registrations',
  registrationMembers: '/ops/api/reports/registrations/members',
  live: '/ops/api/live',
} as const;
