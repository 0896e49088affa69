/**
 * The rollup's queries: each source's rows after its watermark, summed into the summary tables
 * (db/schema/reports.ts) with upserts that add to what is there. Every statement takes an id range
 * `(from, to]` the pass chose, so the pass and its watermark advance commit together.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '../../db/client';

/** The sources, each with its own watermark. */
export const ROLLUP_SOURCES = [
  'members',
  'game_rounds',
  'game_transactions',
  'bonus_entries',
  'deposits',
  'withdrawals',
] as const;
export type RollupSource = (typeof ROLLUP_SOURCES)[number];

/** Any id will do as long as every process uses the same one. */
const ROLLUP_LOCK_ID = 727_028;
/** Hours of per-member hourly activity kept (the dashboard shows 48). */
const ACTIVE_HOURS_KEPT = 72;
/** Deposits that expired may still be credited late; they are watched this many days. */
const EXPIRED_WATCH_DAYS = 7;

const FINAL_STATES = {
  deposit: ['paid', 'failed'],
  withdrawal: ['paid', 'rejected', 'cancelled', 'failed'],
} as const;
type Direction = keyof typeof FINAL_STATES;

const big = (value: bigint | number) => sql`${String(value)}::bigint`;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Where each source's rows live: the table, its time column and an optional filter. */
const SOURCE_TABLES: Record<RollupSource, { table: SQL; time: SQL; where?: SQL }> = {
  members: { table: sql`members`, time: sql`created_at` },
  game_rounds: { table: sql`game_rounds`, time: sql`opened_at` },
  game_transactions: { table: sql`game_transactions`, time: sql`created_at` },
  // Only the house's bonus accounts' entries: the (account_id, id) index finds them.
  bonus_entries: {
    table: sql`ledger_entries`,
    time: sql`created_at`,
    where: sql`account_id in (select id from ledger_accounts where kind = 'bonus' and owner_id is null)`,
  },
  deposits: { table: sql`deposits`, time: sql`created_at` },
  withdrawals: { table: sql`withdrawals`, time: sql`created_at` },
};

export const rollupRepository = {
  /** The pass's lock: false when another process is rolling up now (unless `wait`). */
  async lock(tx: Tx, wait: boolean): Promise<boolean> {
    if (wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
      return true;
    }
    const rows = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_ID}) as locked`),
    );
    return rows[0]?.locked === true;
  },

  async watermarks(tx: Tx): Promise<Map<RollupSource, bigint>> {
    await tx.execute(sql`
      insert into report_watermarks (source)
      select unnest(array[${list(ROLLUP_SOURCES)}]::varchar[])
      on conflict (source) do nothing`);
    const rows = rowsOf<{ source: RollupSource; last_id: string }>(
      await tx.execute(sql`select source, last_id from report_watermarks for update`),
    );
    return new Map(rows.map((row) => [row.source, BigInt(row.last_id)]));
  },

  async advance(tx: Tx, source: RollupSource, lastId: bigint) {
    await tx.execute(sql`
      update report_watermarks set last_id = ${big(lastId)}, updated_at = now()
      where source = ${source}`);
  },

  /** When the pass last ran (any source), for the dashboard's "data up to". */
  async lastRun(db: Tx | Database): Promise<Date | null> {
    const rows = rowsOf<{ at: string | Date | null }>(
      await db.execute(sql`select max(updated_at) as at from report_watermarks`),
    );
    const at = rows[0]?.at;
    return at ? new Date(at) : null;
  },

  /**
   * The next id range of a source to take in: from its first row after `from`, at most `batch`
   * ids, never past the last row there is, and stopping before the first row younger than
   * `settleSeconds` (a transaction still running might yet commit a row with a lower id: ids are
   * handed out before commit). null when there is nothing to take.
   */
  async nextRange(
    tx: Tx,
    source: RollupSource,
    from: bigint,
    batch: number,
    settleSeconds: number,
  ): Promise<bigint | null> {
    const { table, time, where } = SOURCE_TABLES[source];
    const filter = where ? sql`and ${where}` : sql``;
    const rows = rowsOf<{ lo: string | null; last: string | null; young: string | null }>(
      await tx.execute(sql`
        with head as (
          select min(id) as id from ${table} where id > ${big(from)} ${filter}),
        span as (
          select head.id as lo, head.id - 1 + ${batch}::bigint as hi from head
          where head.id is not null)
        select span.lo,
          (select max(id) from ${table}
           where id >= span.lo and id <= span.hi ${filter}) as last,
          (select min(id) from ${table}
           where id >= span.lo and id <= span.hi ${filter}
             and ${time} > now() - make_interval(secs => ${settleSeconds})) as young
        from span`),
    );
    const row = rows[0];
    if (!row?.lo || !row.last) return null;
    // Stop before the first young row; if that is the first row, wait (the gap before it may
    // belong to a transaction still running).
    const to = row.young ? BigInt(row.young) - 1n : BigInt(row.last);
    return to >= BigInt(row.lo) ? to : null;
  },

  async members(tx: Tx, from: bigint, to: bigint, tz: string) {
    await tx.execute(sql`
      insert into report_days (day, registrations)
      select (created_at at time zone ${tz})::date, count(*)
      from members where id > ${big(from)} and id <= ${big(to)} and type not in (4, 40)
      group by 1
      on conflict (day) do update set registrations = report_days.registrations + excluded.registrations`);
    await tx.execute(sql`
      insert into report_registrations (day, member_id)
      select (created_at at time zone ${tz})::date, id
      from members where id > ${big(from)} and id <= ${big(to)} and type not in (4, 40)
      on conflict do nothing`);
  },

  async gameRounds(tx: Tx, from: bigint, to: bigint, tz: string) {
    const batch = sql`
      select r.opened_at as at, coalesce(g.vendor_code, '?') as vendor,
             coalesce(v.category, '?') as category
      from game_rounds r left join games g on g.id = r.game_id
      left join vendors v on v.code = g.vendor_code
      where r.id > ${big(from)} and r.id <= ${big(to)} and r.account_kind = 'cash'`;
    await tx.execute(sql`
      insert into report_game_hours (hour, vendor, category, rounds)
      select date_trunc('hour', at, 'UTC'), vendor, category, count(*) from (${batch}) b
      group by 1, 2, 3
      on conflict (hour, vendor, category) do update
        set rounds = report_game_hours.rounds + excluded.rounds`);
    await tx.execute(sql`
      insert into report_game_days (day, vendor, category, rounds)
      select (at at time zone ${tz})::date, vendor, category, count(*) from (${batch}) b
      group by 1, 2, 3
      on conflict (day, vendor, category) do update
        set rounds = report_game_days.rounds + excluded.rounds`);
  },

  /**
   * Bets (a rolled-back one still counts when seen: its rollback takes it off), wins and
   * rollbacks of cash rounds; a rollback that found no bet (void) moved nothing.
   */
  async gameTransactions(tx: Tx, from: bigint, to: bigint, tz: string) {
    const batch = sql`
      select t.created_at as at, t.member_id,
             case t.kind when 'bet' then t.amount_minor when 'rollback' then -t.amount_minor else 0 end as bets,
             case t.kind when 'win' then t.amount_minor else 0 end as wins,
             case t.kind when 'bet' then 1 when 'rollback' then -1 else 0 end as n,
             t.kind = 'bet' as is_bet,
             coalesce(g.vendor_code, '?') as vendor, coalesce(v.category, '?') as category
      from game_transactions t
      join game_rounds r on r.id = t.round_id
      left join games g on g.id = r.game_id
      left join vendors v on v.code = g.vendor_code
      where t.id > ${big(from)} and t.id <= ${big(to)} and r.account_kind = 'cash'
        and t.status <> 'void' and (t.kind <> 'rollback' or t.status = 'done')`;
    await tx.execute(sql`
      insert into report_game_hours (hour, vendor, category, bets_minor, wins_minor, bet_count)
      select date_trunc('hour', at, 'UTC'), vendor, category, sum(bets), sum(wins), sum(n)
      from (${batch}) b group by 1, 2, 3
      on conflict (hour, vendor, category) do update set
        bets_minor = report_game_hours.bets_minor + excluded.bets_minor,
        wins_minor = report_game_hours.wins_minor + excluded.wins_minor,
        bet_count = report_game_hours.bet_count + excluded.bet_count`);
    await tx.execute(sql`
      insert into report_game_days (day, vendor, category, bets_minor, wins_minor, bet_count)
      select (at at time zone ${tz})::date, vendor, category, sum(bets), sum(wins), sum(n)
      from (${batch}) b group by 1, 2, 3
      on conflict (day, vendor, category) do update set
        bets_minor = report_game_days.bets_minor + excluded.bets_minor,
        wins_minor = report_game_days.wins_minor + excluded.wins_minor,
        bet_count = report_game_days.bet_count + excluded.bet_count`);

    // Active players: the exact set per day (and hour, recent ones), counted as it grows.
    const bettors = sql`select distinct (at at time zone ${tz})::date as day, member_id
                        from (${batch}) b where is_bet`;
    await tx.execute(sql`
      with added as (
        insert into report_active_days (day, member_id) select day, member_id from (${bettors}) s
        on conflict do nothing returning day)
      insert into report_days (day, active_players) select day, count(*) from added group by day
      on conflict (day) do update
        set active_players = report_days.active_players + excluded.active_players`);
    await tx.execute(sql`
      insert into report_member_last_active (member_id, last_day)
      select member_id, max(day) from (${bettors}) s group by member_id
      on conflict (member_id) do update set last_day = excluded.last_day
      where report_member_last_active.last_day < excluded.last_day`);
    await tx.execute(sql`
      with added as (
        insert into report_active_hours (hour, member_id)
        select distinct date_trunc('hour', at, 'UTC'), member_id from (${batch}) b
        where is_bet and at > now() - make_interval(hours => ${ACTIVE_HOURS_KEPT})
        on conflict do nothing returning hour)
      insert into report_hours (hour, active_players) select hour, count(*) from added group by hour
      on conflict (hour) do update
        set active_players = report_hours.active_players + excluded.active_players`);
  },

  async pruneActiveHours(tx: Tx) {
    await tx.execute(sql`
      delete from report_active_hours
      where hour < now() - make_interval(hours => ${ACTIVE_HOURS_KEPT})`);
  },

  /** What left the house's bonus account (net of anything put back) by day. */
  async bonusEntries(tx: Tx, from: bigint, to: bigint, tz: string) {
    await tx.execute(sql`
      insert into report_days (day, bonuses_minor)
      select (created_at at time zone ${tz})::date, -sum(amount_minor)
      from ledger_entries
      where id > ${big(from)} and id <= ${big(to)} and ${SOURCE_TABLES.bonus_entries.where!}
      group by 1
      on conflict (day) do update set bonuses_minor = report_days.bonuses_minor + excluded.bonuses_minor`);
  },

  /** New payments: counted under their state now; those not final are watched for changes. */
  async payments(tx: Tx, direction: Direction, from: bigint, to: bigint, tz: string) {
    const table = direction === 'deposit' ? sql`deposits` : sql`withdrawals`;
    const batch = sql`
      select id, member_id, (created_at at time zone ${tz})::date as day, channel_code as channel,
             status as state, amount_minor
      from ${table} where id > ${big(from)} and id <= ${big(to)}`;
    await tx.execute(sql`
      insert into report_cashflow_days (day, direction, channel, state, count, amount_minor)
      select day, ${direction}, channel, state, count(*), sum(amount_minor) from (${batch}) b
      group by day, channel, state
      on conflict (day, direction, channel, state) do update set
        count = report_cashflow_days.count + excluded.count,
        amount_minor = report_cashflow_days.amount_minor + excluded.amount_minor`);
    await tx.execute(sql`
      insert into report_payment_watch (direction, payment_id, day, channel, state, amount_minor)
      select ${direction}, id, day, channel, state, amount_minor from (${batch}) b
      where state not in (${list(FINAL_STATES[direction])})
      on conflict do nothing`);
  },

  /**
   * Watched payments whose state has changed since they were counted: their count moves from
   * the old state's bucket to the new one's; final ones stop being watched. Returns the deposits
   * that became paid (for first deposits).
   */
  async paymentChanges(tx: Tx, direction: Direction) {
    const table = direction === 'deposit' ? sql`deposits` : sql`withdrawals`;
    const changed = sql`
      select w.payment_id, w.day, w.channel, w.state as old_state, p.status as new_state,
             w.amount_minor
      from report_payment_watch w join ${table} p on p.id = w.payment_id
      where w.direction = ${direction} and p.status <> w.state`;
    await tx.execute(sql`
      insert into report_cashflow_days (day, direction, channel, state, count, amount_minor)
      select day, ${direction}, channel, state, sum(n), sum(amount) from (
        select day, channel, old_state as state, -1 as n, -amount_minor as amount from (${changed}) c
        union all
        select day, channel, new_state, 1, amount_minor from (${changed}) c
      ) moves group by day, channel, state
      on conflict (day, direction, channel, state) do update set
        count = report_cashflow_days.count + excluded.count,
        amount_minor = report_cashflow_days.amount_minor + excluded.amount_minor`);
    await tx.execute(sql`
      update report_payment_watch w set state = p.status
      from ${table} p
      where w.direction = ${direction} and p.id = w.payment_id and p.status <> w.state`);
    await tx.execute(sql`
      delete from report_payment_watch
      where direction = ${direction}
        and (state in (${list(FINAL_STATES[direction])})
             or state = 'expired' and day < current_date - ${EXPIRED_WATCH_DAYS}::int)`);
  },

  /**
   * First deposits among the paid deposits in `(from, to]` and those watched ones now paid: a
   * member's first is kept once (on conflict nothing); the days' counters grow by the new ones.
   */
  async firstDeposits(tx: Tx, tz: string, candidates: SQL) {
    const added = rowsOf<{ day: string; registered_day: string; amount_minor: string }>(
      await tx.execute(sql`
        with cand as (
          select distinct on (d.member_id) d.member_id, d.id, d.amount_minor,
                 coalesce(d.settled_at, d.created_at) as at
          from deposits d where d.status = 'paid' and d.id in (${candidates})
          order by d.member_id, coalesce(d.settled_at, d.created_at), d.id)
        insert into report_first_deposits
          (member_id, deposit_id, amount_minor, deposited_at, day, registered_day)
        select c.member_id, c.id, c.amount_minor, c.at, (c.at at time zone ${tz})::date,
               (m.created_at at time zone ${tz})::date
        from cand c join members m on m.id = c.member_id
        on conflict (member_id) do nothing
        returning day::text as day, registered_day::text as registered_day, amount_minor`),
    );
    if (added.length === 0) return;
    await tx.execute(sql`
      insert into report_days (day, first_depositors, first_deposit_minor)
      select day::date, count(*), sum(amount::bigint)
      from unnest(${`{${added.map((row) => row.day).join(',')}}`}::text[],
                  ${`{${added.map((row) => row.amount_minor).join(',')}}`}::text[]) as a(day, amount)
      group by 1
      on conflict (day) do update set
        first_depositors = report_days.first_depositors + excluded.first_depositors,
        first_deposit_minor = report_days.first_deposit_minor + excluded.first_deposit_minor`);
    await tx.execute(sql`
      insert into report_days (day, reg_first_depositors, reg_first_deposit_minor, reg_same_day,
                               reg_within_7_days)
      select reg::date, count(*), sum(amount::bigint),
             count(*) filter (where day::date = reg::date),
             count(*) filter (where day::date < reg::date + 7)
      from unnest(${`{${added.map((row) => row.registered_day).join(',')}}`}::text[],
                  ${`{${added.map((row) => row.day).join(',')}}`}::text[],
                  ${`{${added.map((row) => row.amount_minor).join(',')}}`}::text[])
           as a(reg, day, amount)
      group by 1
      on conflict (day) do update set
        reg_first_depositors = report_days.reg_first_depositors + excluded.reg_first_depositors,
        reg_first_deposit_minor = report_days.reg_first_deposit_minor + excluded.reg_first_deposit_minor,
        reg_same_day = report_days.reg_same_day + excluded.reg_same_day,
        reg_within_7_days = report_days.reg_within_7_days + excluded.reg_within_7_days`);
  },

  /** Candidates for firstDeposits: paid deposits in an id range. */
  paidInRange: (from: bigint, to: bigint) =>
    sql`select id from deposits where id > ${big(from)} and id <= ${big(to)} and status = 'paid'`,
};
