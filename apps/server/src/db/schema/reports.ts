/**
 * The back office's summary tables, owned by modules/reports. A rollup pass fills them from the
 * rows money movements leave (game transactions and rounds, deposits, withdrawals, bonus ledger
 * entries, new members) after a watermark per source, a few seconds behind; nothing on a hot path
 * writes here (docs/back-office.md "Reports"). Days are the site's (Asia/Dhaka) calendar days;
 * hours are UTC instants (Dhaka's offset is whole hours, so hours fold into its days). Cash only.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
const counter = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .default(sql`0`);

/** How far each source has been taken in: the last id summed. One row per source. */
export const reportWatermarks = pgTable('report_watermarks', {
  source: varchar('source', { length: 32 }).primaryKey(),
  lastId: bigint('last_id', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** When the pass last advanced it or found nothing new. */
  updatedAt: at('updated_at').notNull().defaultNow(),
});

const gameFigures = () => ({
  vendor: varchar('vendor', { length: 32 }).notNull(),
  category: varchar('category', { length: 16 }).notNull(),
  /** Stakes, net of rolled-back bets. */
  betsMinor: counter('bets_minor'),
  winsMinor: counter('wins_minor'),
  /** Bets placed, less rolled-back ones. */
  betCount: counter('bet_count'),
  /** Rounds opened. */
  rounds: counter('rounds'),
});

/** Play per hour × game vendor × category. */
export const reportGameHours = pgTable(
  'report_game_hours',
  { hour: at('hour').notNull(), ...gameFigures() },
  (t) => [primaryKey({ columns: [t.hour, t.vendor, t.category] })],
);

/** Play per day × game vendor × category. */
export const reportGameDays = pgTable(
  'report_game_days',
  { day: date('day').notNull(), ...gameFigures() },
  (t) => [primaryKey({ columns: [t.day, t.vendor, t.category] })],
);

/** A day's member figures. */
export const reportDays = pgTable('report_days', {
  day: date('day').primaryKey(),
  /** Members (not trial accounts) who registered that day. */
  registrations: counter('registrations'),
  /** Members whose first paid deposit was that day, and its total. */
  firstDepositors: counter('first_depositors'),
  firstDepositMinor: counter('first_deposit_minor'),
  /** Paid out of the house's bonus account that day (net). */
  bonusesMinor: counter('bonuses_minor'),
  /** Distinct members with a cash bet that day. */
  activePlayers: counter('active_players'),
  /** Of the members who registered that day: how many deposited since, how much first, … */
  regFirstDepositors: counter('reg_first_depositors'),
  regFirstDepositMinor: counter('reg_first_deposit_minor'),
  regSameDay: counter('reg_same_day'),
  regWithin7Days: counter('reg_within_7_days'),
});

/** An hour's distinct active members (kept for the dashboard's last hours only). */
export const reportHours = pgTable('report_hours', {
  hour: at('hour').primaryKey(),
  activePlayers: counter('active_players'),
});

/** Who played on a day: the exact distinct count's set (insert, on conflict nothing). */
export const reportActiveDays = pgTable(
  'report_active_days',
  {
    day: date('day').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] })],
);

/** Who played in an hour; hours older than a few days are pruned by the pass. */
export const reportActiveHours = pgTable(
  'report_active_hours',
  {
    hour: at('hour').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.memberId] })],
);

/** Each member's latest day with a cash bet: distinct players of the last N days by one range. */
export const reportMemberLastActive = pgTable(
  'report_member_last_active',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
    lastDay: date('last_day').notNull(),
  },
  (t) => [index('report_member_last_active_day').on(t.lastDay)],
);

/** Payments by the day they were asked for × direction × channel × their state now. */
export const reportCashflowDays = pgTable(
  'report_cashflow_days',
  {
    day: date('day').notNull(),
    /** deposit | withdrawal */
    direction: varchar('direction', { length: 10 }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    count: counter('count'),
    amountMinor: counter('amount_minor'),
  },
  (t) => [primaryKey({ columns: [t.day, t.direction, t.channel, t.state] })],
);

/**
 * Payments not yet in a final state, as last counted: each pass compares them with the payment's
 * state now and moves the count to the new state's bucket. Final ones leave the list.
 */
export const reportPaymentWatch = pgTable(
  'report_payment_watch',
  {
    direction: varchar('direction', { length: 10 }).notNull(),
    paymentId: bigint('payment_id', { mode: 'bigint' }).notNull(),
    day: date('day').notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.direction, t.paymentId] })],
);

/** Each member's first paid deposit: when, how much, and the day they registered. */
export const reportFirstDeposits = pgTable(
  'report_first_deposits',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
    depositId: bigint('deposit_id', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    depositedAt: at('deposited_at').notNull(),
    day: date('day').notNull(),
    registeredDay: date('registered_day').notNull(),
  },
  (t) => [index('report_first_deposits_registered').on(t.registeredDay)],
);

/**
 * Each member (trial and guest accounts left out) under the day they registered: the
 * registrations report's list of players reads a day range of it in key order, newest first.
 */
export const reportRegistrations = pgTable(
  'report_registrations',
  {
    day: date('day').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] })],
);
