/**
 * The back office's figures: the dashboard and the reports, read from the summary tables the
 * rollup keeps (rollup.ts), and their CSV downloads. Date ranges are the site's calendar days.
 */
import {
  REPORT_MAX_DAYS,
  REPORTS_TIME_ZONE,
  type CashflowReport,
  type Dashboard,
  type DashboardFigures,
  type DayPoint,
  type GgrQuery,
  type GgrReport,
  type HourPoint,
  type RegistrationMember,
  type RegistrationMembers,
  type RegistrationMembersQuery,
  type RegistrationsReport,
  type ReportRangeQuery,
} from '@khela/contract/backoffice/reports';
import { addDays, siteDay } from '@khela/contract/date';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { CSV_BOM, csvLine, toCsv } from './csv';
import type { LiveCounters } from './live-counters';
import {
  reportsRepository as repo,
  type CashSums,
  type DaySums,
  type RegistrationMemberRow,
} from './reports.repository';
import { rollupRepository } from './rollup.repository';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DASHBOARD_DAYS = 30;
const DASHBOARD_HOURS = 48;

export interface CsvFile {
  filename: string;
  /** The whole file, or its lines as they are read (a long list is never held in memory). */
  csv: string | AsyncIterable<string>;
}

/** Rows of the players' list read per query while a CSV of it is written. */
const CSV_PAGE = 5000;

const isoOf = (value: string | Date) =>
  (typeof value === 'string' ? new Date(value) : value).toISOString();

function registrationMember(row: RegistrationMemberRow): RegistrationMember {
  return {
    username: row.username,
    registeredAt: isoOf(row.registered_at),
    day: row.day,
    method: row.method,
    domain: row.domain,
    firstDepositAt: row.deposited_at === null ? null : isoOf(row.deposited_at),
    firstDepositAmount: row.amount_minor === null ? null : Number(row.amount_minor),
  };
}

const cursorOf = (row: RegistrationMemberRow) => `${row.day}_${row.member_id}`;
function parseCursor(before: string | undefined) {
  if (!before) return undefined;
  const [day, id] = before.split('_');
  return { day: day!, memberId: BigInt(id!) };
}

const emptyFigures = (): DashboardFigures => ({
  registrations: 0,
  firstDepositors: 0,
  deposits: 0,
  depositCount: 0,
  withdrawals: 0,
  withdrawalCount: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
  bonuses: 0,
  activePlayers: 0,
});

function addFigures(into: DashboardFigures, add: DashboardFigures) {
  for (const key of Object.keys(into) as (keyof DashboardFigures)[]) into[key] += add[key];
}

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export class ReportsService {
  readonly timeZone = REPORTS_TIME_ZONE;

  constructor(private readonly deps: { db: Database; live: LiveCounters }) {}

  /** The range asked for: defaults to the last 30 days; from ≤ to, at most REPORT_MAX_DAYS. */
  range(query: Pick<ReportRangeQuery, 'from' | 'to'>, now = new Date()) {
    const to = query.to ?? (query.from ? addDays(query.from, DASHBOARD_DAYS - 1) : siteDay(now));
    const from = query.from ?? addDays(to, -(DASHBOARD_DAYS - 1));
    if (from > to) throw new AppError('reports.rangeReversed', { from, to });
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    if (days > REPORT_MAX_DAYS) {
      throw new AppError('reports.rangeTooLong', { from, to, days, maxDays: REPORT_MAX_DAYS });
    }
    return { from, to };
  }

  async dashboard(now = new Date()): Promise<Dashboard> {
    const today = siteDay(now);
    const first = addDays(today, -(DASHBOARD_DAYS - 1));
    const since = new Date(
      Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - (DASHBOARD_HOURS - 1) * HOUR_MS,
    );
    const { db } = this.deps;
    const [daily, hours, [active7, active30], queues, dataUpTo] = await Promise.all([
      this.dailyFigures(first, today),
      repo.gameHours(db, since),
      repo.activeSince(db, [addDays(today, -6), first]),
      this.deps.live.current(),
      rollupRepository.lastRun(db),
    ]);

    const period = (from: string, to: string) => {
      const sum = emptyFigures();
      for (const day of daily) if (day.day >= from && day.day <= to) addFigures(sum, day);
      return sum;
    };
    const todayFigures = period(today, today);
    const yesterday = addDays(today, -1);
    const last7 = { ...period(addDays(today, -6), today), activePlayers: active7 ?? 0 };
    const last30 = { ...period(first, today), activePlayers: active30 ?? 0 };

    const byHour = new Map(hours.map((hour) => [hour.key, hour]));
    const hourly: HourPoint[] = [];
    for (let i = 0; i < DASHBOARD_HOURS; i += 1) {
      const hour = new Date(since.getTime() + i * HOUR_MS).toISOString();
      const row = byHour.get(hour);
      hourly.push({
        hour,
        bets: row?.bets ?? 0,
        wins: row?.wins ?? 0,
        ggr: (row?.bets ?? 0) - (row?.wins ?? 0),
        rounds: row?.rounds ?? 0,
        activePlayers: row?.activePlayers ?? 0,
      });
    }
    return {
      timeZone: this.timeZone,
      today,
      periods: { today: todayFigures, yesterday: period(yesterday, yesterday), last7, last30 },
      hourly,
      daily,
      queues,
      dataUpTo: dataUpTo ? dataUpTo.toISOString() : null,
    };
  }

  /** Every day's figures between two days (days without anything are zeros). */
  private async dailyFigures(from: string, to: string): Promise<DayPoint[]> {
    const { db } = this.deps;
    const [games, days, cash] = await Promise.all([
      repo.gameBy(db, 'day', from, to),
      repo.days(db, from, to),
      repo.cashflow(db, from, to, true),
    ]);
    const points = new Map(daysBetween(from, to).map((day) => [day, { day, ...emptyFigures() }]));
    for (const game of games) {
      const point = points.get(game.key);
      if (!point) continue;
      point.bets = game.bets;
      point.wins = game.wins;
      point.ggr = game.bets - game.wins;
    }
    for (const row of days) {
      const point = points.get(row.day);
      if (!point) continue;
      point.registrations = row.registrations;
      point.firstDepositors = row.firstDepositors;
      point.bonuses = row.bonuses;
      point.activePlayers = row.activePlayers;
    }
    for (const row of cash) {
      const point = points.get(row.day);
      if (!point) continue;
      if (row.direction === 'deposit') {
        point.deposits += row.amount;
        point.depositCount += row.count;
      } else {
        point.withdrawals += row.amount;
        point.withdrawalCount += row.count;
      }
    }
    return [...points.values()];
  }

  async ggr(query: GgrQuery): Promise<GgrReport> {
    const { from, to } = this.range(query);
    const rows = (await repo.gameBy(this.deps.db, query.by, from, to)).map((row) => ({
      ...row,
      ggr: row.bets - row.wins,
    }));
    const total = { bets: 0, wins: 0, ggr: 0, betCount: 0, rounds: 0 };
    for (const row of rows) {
      total.bets += row.bets;
      total.wins += row.wins;
      total.ggr += row.ggr;
      total.betCount += row.betCount;
      total.rounds += row.rounds;
    }
    return { from, to, timeZone: this.timeZone, by: query.by, rows, total };
  }

  async cashflow(query: ReportRangeQuery): Promise<CashflowReport> {
    const { from, to } = this.range(query);
    const grouped = new Map<string, Omit<CashSums, 'day'>>();
    for (const row of await repo.cashflow(this.deps.db, from, to)) {
      const key = `${row.direction}\u0000${row.channel}\u0000${row.state}`;
      const sum = grouped.get(key);
      if (sum) {
        sum.count += row.count;
        sum.amount += row.amount;
      } else {
        grouped.set(key, {
          direction: row.direction,
          channel: row.channel,
          state: row.state,
          count: row.count,
          amount: row.amount,
        });
      }
    }
    const rows = [...grouped.values()].filter((row) => row.count !== 0);
    const paid = (direction: 'deposit' | 'withdrawal') =>
      rows.filter((row) => row.direction === direction && row.state === 'paid');
    const sum = (list: typeof rows, field: 'count' | 'amount') =>
      list.reduce((total, row) => total + row[field], 0);
    const deposits = paid('deposit');
    const withdrawals = paid('withdrawal');
    return {
      from,
      to,
      timeZone: this.timeZone,
      rows,
      totals: {
        depositsPaid: sum(deposits, 'amount'),
        depositsPaidCount: sum(deposits, 'count'),
        withdrawalsPaid: sum(withdrawals, 'amount'),
        withdrawalsPaidCount: sum(withdrawals, 'count'),
        net: sum(deposits, 'amount') - sum(withdrawals, 'amount'),
      },
    };
  }

  async registrations(query: ReportRangeQuery): Promise<RegistrationsReport> {
    const { from, to } = this.range(query);
    const byDay = new Map<string, DaySums>(
      (await repo.days(this.deps.db, from, to)).map((row) => [row.day, row]),
    );
    const rows = daysBetween(from, to).map((day) => {
      const row = byDay.get(day);
      return {
        day,
        registrations: row?.registrations ?? 0,
        firstDepositors: row?.regFirstDepositors ?? 0,
        firstDepositAmount: row?.regFirstDepositAmount ?? 0,
        sameDay: row?.regSameDay ?? 0,
        within7Days: row?.regWithin7Days ?? 0,
      };
    });
    const total = {
      registrations: 0,
      firstDepositors: 0,
      firstDepositAmount: 0,
      sameDay: 0,
      within7Days: 0,
    };
    for (const row of rows) {
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
    }
    return { from, to, timeZone: this.timeZone, rows, total };
  }

  /** A page of the players who registered in the range, newest first. */
  async registrationMembers(query: RegistrationMembersQuery): Promise<RegistrationMembers> {
    const { from, to } = this.range(query);
    const rows = await repo.registrationMembers(
      this.deps.db,
      from,
      to,
      parseCursor(query.before),
      query.limit + 1,
    );
    const more = rows.length > query.limit;
    const page = more ? rows.slice(0, query.limit) : rows;
    return {
      from,
      to,
      timeZone: this.timeZone,
      items: page.map(registrationMember),
      nextBefore: more ? cursorOf(page[page.length - 1]!) : null,
    };
  }

  /**
   * Every player who registered in the range as CSV, newest first, read and written a page at a
   * time. The range is checked before anything is written (a bad one is still a 400).
   */
  registrationMembersCsv(query: Pick<ReportRangeQuery, 'from' | 'to'>): CsvFile {
    const { from, to } = this.range(query);
    const { db } = this.deps;
    async function* lines() {
      yield (
        CSV_BOM +
        csvLine([
          'username',
          'registered_at',
          'day',
          'method',
          'domain',
          'first_deposit_at',
          'first_deposit_amount',
        ])
      );
      let before: { day: string; memberId: bigint } | undefined;
      for (;;) {
        const rows = await repo.registrationMembers(db, from, to, before, CSV_PAGE);
        if (rows.length === 0) return;
        yield rows
          .map(registrationMember)
          .map((row) =>
            csvLine([
              row.username,
              row.registeredAt,
              row.day,
              row.method,
              row.domain,
              row.firstDepositAt,
              row.firstDepositAmount,
            ]),
          )
          .join('');
        if (rows.length < CSV_PAGE) return;
        before = parseCursor(cursorOf(rows[rows.length - 1]!));
      }
    }
    return { filename: `registered-players-${from}-${to}.csv`, csv: lines() };
  }

  ggrCsv(report: GgrReport): CsvFile {
    return {
      filename: `ggr-by-${report.by}-${report.from}-${report.to}.csv`,
      csv: toCsv(
        [report.by, 'bets', 'wins', 'ggr', 'bet_count', 'rounds'],
        report.rows.map((row) => [row.key, row.bets, row.wins, row.ggr, row.betCount, row.rounds]),
      ),
    };
  }

  cashflowCsv(report: CashflowReport): CsvFile {
    return {
      filename: `cashflow-${report.from}-${report.to}.csv`,
      csv: toCsv(
        ['direction', 'channel', 'state', 'count', 'amount'],
        report.rows.map((row) => [row.direction, row.channel, row.state, row.count, row.amount]),
      ),
    };
  }

  registrationsCsv(report: RegistrationsReport): CsvFile {
    return {
      filename: `registrations-${report.from}-${report.to}.csv`,
      csv: toCsv(
        [
          'day',
          'registrations',
          'first_depositors',
          'first_deposit_amount',
          'same_day',
          'within_7_days',
        ],
        report.rows.map((row) => [
          row.day,
          row.registrations,
          row.firstDepositors,
          row.firstDepositAmount,
          row.sameDay,
          row.within7Days,
        ]),
      ),
    };
  }
}
