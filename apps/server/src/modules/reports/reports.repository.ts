/** Reads of the summary tables (db/schema/reports.ts): small grouped sums over day ranges. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';

const n = (value: string | number | null | undefined) => Number(value ?? 0);

export interface GameSums {
  key: string;
  bets: number;
  wins: number;
  betCount: number;
  rounds: number;
}

type GameRow = {
  key: string;
  bets: string;
  wins: string;
  bet_count: string;
  rounds: string;
};
const gameSums = (row: GameRow): GameSums => ({
  key: row.key,
  bets: n(row.bets),
  wins: n(row.wins),
  betCount: n(row.bet_count),
  rounds: n(row.rounds),
});

export interface DaySums {
  day: string;
  registrations: number;
  firstDepositors: number;
  firstDepositAmount: number;
  bonuses: number;
  activePlayers: number;
  regFirstDepositors: number;
  regFirstDepositAmount: number;
  regSameDay: number;
  regWithin7Days: number;
}

export interface CashSums {
  day: string;
  direction: 'deposit' | 'withdrawal';
  channel: string;
  state: string;
  count: number;
  amount: number;
}

export const reportsRepository = {
  /** Play between two days (inclusive) grouped by day, vendor or category. */
  async gameBy(db: Database, by: 'day' | 'vendor' | 'category', from: string, to: string) {
    const key = by === 'day' ? sql`day::text` : by === 'vendor' ? sql`vendor` : sql`category`;
    const rows = rowsOf<GameRow>(
      await db.execute(sql`
        select ${key} as key, sum(bets_minor) as bets, sum(wins_minor) as wins,
               sum(bet_count) as bet_count, sum(rounds) as rounds
        from report_game_days where day between ${from}::date and ${to}::date
        group by 1 order by 1`),
    );
    return rows.map(gameSums);
  },

  /** Play per hour from `since` (an instant), hours without play left out. */
  async gameHours(db: Database, since: Date) {
    const rows = rowsOf<GameRow & { active: string | null }>(
      await db.execute(sql`
        select to_char(g.hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as key,
               g.bets, g.wins, g.bet_count, g.rounds, h.active_players as active
        from (select hour, sum(bets_minor) as bets, sum(wins_minor) as wins,
                     sum(bet_count) as bet_count, sum(rounds) as rounds
              from report_game_hours where hour >= ${since.toISOString()}::timestamptz
              group by hour) g
        left join report_hours h on h.hour = g.hour`),
    );
    return rows.map((row) => ({ ...gameSums(row), activePlayers: n(row.active) }));
  },

  async days(db: Database, from: string, to: string): Promise<DaySums[]> {
    const rows = rowsOf<Record<string, string>>(
      await db.execute(sql`
        select day::text as day, registrations, first_depositors, first_deposit_minor,
               bonuses_minor, active_players, reg_first_depositors, reg_first_deposit_minor,
               reg_same_day, reg_within_7_days
        from report_days where day between ${from}::date and ${to}::date order by day`),
    );
    return rows.map((row) => ({
      day: row.day!,
      registrations: n(row.registrations),
      firstDepositors: n(row.first_depositors),
      firstDepositAmount: n(row.first_deposit_minor),
      bonuses: n(row.bonuses_minor),
      activePlayers: n(row.active_players),
      regFirstDepositors: n(row.reg_first_depositors),
      regFirstDepositAmount: n(row.reg_first_deposit_minor),
      regSameDay: n(row.reg_same_day),
      regWithin7Days: n(row.reg_within_7_days),
    }));
  },

  /** Payments by day asked, direction, channel and state; `paidOnly` for the dashboard. */
  async cashflow(db: Database, from: string, to: string, paidOnly = false): Promise<CashSums[]> {
    const rows = rowsOf<Record<string, string>>(
      await db.execute(sql`
        select day::text as day, direction, channel, state, count, amount_minor
        from report_cashflow_days
        where day between ${from}::date and ${to}::date ${paidOnly ? sql`and state = 'paid'` : sql``}
          and count <> 0
        order by day, direction, channel, state`),
    );
    return rows.map((row) => ({
      day: row.day!,
      direction: row.direction as CashSums['direction'],
      channel: row.channel!,
      state: row.state!,
      count: n(row.count),
      amount: n(row.amount_minor),
    }));
  },

  /** Distinct members with a cash bet on or after each day given (up to today). */
  async activeSince(db: Database, days: string[]): Promise<number[]> {
    if (days.length === 0) return [];
    const columns = sql.join(
      days.map(
        (day, i) => sql`count(*) filter (where last_day >= ${day}::date) as ${sql.raw(`a${i}`)}`,
      ),
      sql`, `,
    );
    const rows = rowsOf<Record<string, string>>(
      await db.execute(sql`
        select ${columns} from report_member_last_active
        where last_day >= ${days.reduce((a, b) => (a < b ? a : b))}::date`),
    );
    const row = rows[0] ?? {};
    return days.map((_, i) => n(row[`a${i}`]));
  },

  /**
   * Players registered between two days, newest first (by day, then id), after a cursor: read in
   * `report_registrations`' key order, with the member's record and first deposit joined in.
   */
  async registrationMembers(
    db: Database,
    from: string,
    to: string,
    before: { day: string; memberId: bigint } | undefined,
    limit: number,
  ) {
    return rowsOf<RegistrationMemberRow>(
      await db.execute(sql`
        select r.day::text as day, r.member_id::text as member_id, m.username,
               m.created_at as registered_at, m.register_method as method,
               m.register_domain as domain, f.deposited_at, f.amount_minor
        from report_registrations r
        join members m on m.id = r.member_id
        left join report_first_deposits f on f.member_id = r.member_id
        where r.day between ${from}::date and ${to}::date
          ${before ? sql`and (r.day, r.member_id) < (${before.day}::date, ${String(before.memberId)}::bigint)` : sql``}
        order by r.day desc, r.member_id desc
        limit ${limit}`),
    );
  },
};

export interface RegistrationMemberRow {
  day: string;
  member_id: string;
  username: string;
  registered_at: string | Date;
  method: string;
  domain: string | null;
  deposited_at: string | Date | null;
  amount_minor: string | null;
}
