/**
 * The ledger's read API for other modules: figures summed from a member's entries and pages of
 * them, so no other module queries the ledger tables itself. Each read takes the caller's `db`
 * or transaction handle.
 */
import { SITE_TIME_ZONE } from '@khela/contract/date';
import type { TransactionType } from '@khela/contract/records';
import { TURNOVER_KINDS } from '@khela/contract/rewards';
import {
  and,
  desc,
  eq,
  gte,
  inArray,
  lt,
  notLike,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/**
 * Ledger kinds by their first dot-separated word, as the player sees them. A kind not named here
 * (an operator's correction, a reversal) is an adjustment. A rolled-back or refunded bet counts
 * with bets: it gives the stake back.
 */
export const KIND_TYPES: Record<string, TransactionType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  bet: 'bet',
  rollback: 'bet',
  refund: 'bet',
  win: 'win',
  rebate: 'rebate',
  bonus: 'bonus',
  promotion: 'bonus',
  reward: 'bonus',
  transfer: 'transfer',
};

const kindHead = sql`split_part(${ledgerTransactions.kind}, '.', 1)`;

/** The player-facing type of a ledger kind, computed in SQL for grouping. */
const typeOfKind = sql.join(
  [
    sql`case ${kindHead}`,
    // Constants of this file, written as literals so the planner sees them.
    ...Object.entries(KIND_TYPES).map(([head, type]) => sql.raw(`when '${head}' then '${type}'`)),
    sql`else 'adjustment' end`,
  ],
  sql` `,
);

/** The member's cash account (the one balance records are about), found in the same query. */
const cashAccountOf = (memberId: bigint | Placeholder) =>
  sql`(select ${ledgerAccounts.id} from ${ledgerAccounts}
       where ${ledgerAccounts.ownerId} = ${memberId} and ${ledgerAccounts.kind} = 'cash'
       order by ${ledgerAccounts.id} limit 1)`;

export interface EntryPageQuery {
  memberId: bigint;
  from: Date;
  to: Date;
  beforeId?: bigint;
  type?: TransactionType;
  limit: number;
}

/** Above every entry id: the first page's "cursor". */
const NO_CURSOR = (2n ** 63n - 1n).toString();

/**
 * A page of a member's cash entries, prepared once per database handle: it runs on every records
 * page a member opens, so it skips query building and Postgres plans it once per connection. One
 * statement serves every filter: no cursor is the largest id, no type is null. Pages walk the
 * entries newest first on the (account_id, id) index from a cursor id (`id < cursor … limit n`),
 * never OFFSET, so page 50 costs what page 1 does.
 */
function pageStatement(db: Database) {
  const type = sql.placeholder('type');
  return db
    .select({
      id: ledgerEntries.id,
      amountMinor: ledgerEntries.amountMinor,
      balanceAfterMinor: ledgerEntries.balanceAfterMinor,
      createdAt: ledgerEntries.createdAt,
      transactionId: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        sql`${ledgerEntries.accountId} = ${cashAccountOf(sql.placeholder('member'))}`,
        sql`${ledgerEntries.id} < ${sql.placeholder('before')}::bigint`,
        sql`${ledgerEntries.createdAt} >= ${sql.placeholder('from')}::timestamptz`,
        sql`${ledgerEntries.createdAt} < ${sql.placeholder('to')}::timestamptz`,
        sql`(${type}::text is null or ${typeOfKind} = ${type}::text)`,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(sql.placeholder('limit'))
    .prepare('ledger_cash_entries');
}

const preparedFor = new WeakMap<Database, ReturnType<typeof pageStatement>>();

/** One page of the member's cash-account entries with their movements' kind and reference. */
async function cashEntryPage(db: Database, q: EntryPageQuery) {
  let statement = preparedFor.get(db);
  if (!statement) preparedFor.set(db, (statement = pageStatement(db)));
  return statement.execute({
    member: q.memberId.toString(),
    before: q.beforeId?.toString() ?? NO_CURSOR,
    from: q.from.toISOString(),
    to: q.to.toISOString(),
    type: q.type ?? null,
    limit: q.limit,
  });
}

/**
 * Sums of the member's cash and withdrawal-hold entries in the period, by player-facing type;
 * `payout` marks the hold entries of paid withdrawals (money that left to the player's payee).
 */
function periodTotals(db: DbOrTx, memberId: bigint, from: Date, to: Date) {
  return db
    .select({
      account: ledgerAccounts.kind,
      type: sql<TransactionType>`${typeOfKind}`,
      payout: sql<boolean>`${ledgerTransactions.kind} = 'withdrawal.payout'`,
      totalMinor: sql<string>`sum(${ledgerEntries.amountMinor})::text`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerId, memberId),
        inArray(ledgerAccounts.kind, ['cash', 'withdrawal_hold']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(sql`1`, sql`2`, sql`3`);
}

/** The player-facing type of a ledger kind. */
function transactionTypeOf(kind: string): TransactionType {
  return KIND_TYPES[kind.split('.', 1)[0]!] ?? 'adjustment';
}

/** Ledger kinds that move money in or out rather than through play (see `playResultSince`). */
const NOT_PLAY_KIND_PREFIXES = ['deposit', 'withdrawal', 'transfer'];

/** Ledger kinds a loss limit counts: the game wallet's stakes, wins and refunded stakes. */
const LOSS_KINDS = ['bet', 'win', 'rollback'];

/** A member's turnover on one Dhaka day in one game category (the rebate's figures). */
export interface TurnoverRow {
  /** The Dhaka calendar day, YYYY-MM-DD. */
  day: string;
  category: string | null;
  turnoverMinor: bigint;
}

/** Paid deposits and turnover (VIP levels, an agent's team). */
export interface LedgerTotals {
  depositsMinor: bigint;
  turnoverMinor: bigint;
}

/** Kinds summed for deposits and turnover: deposits, and bets net of their rollbacks. */
const DEPOSIT_AND_TURNOVER_KINDS = ['deposit', ...TURNOVER_KINDS];

/** A span of time, either end open. */
interface Span {
  from?: Date;
  to?: Date;
}

/**
 * The members' own movements of these kinds in the span, as entries on their cash accounts: the
 * condition every deposit and turnover sum shares, over movements joined to their entries and
 * the entries' accounts. Walks the movements by the ledger_transactions_member index; a team is
 * one array parameter however large it is.
 */
function memberCashMovements(
  memberIds: readonly bigint[],
  kinds: readonly string[],
  { from, to }: Span = {},
): SQL | undefined {
  return and(
    memberIds.length === 1
      ? eq(ledgerTransactions.memberId, memberIds[0]!)
      : sql`${ledgerTransactions.memberId} = any(${`{${memberIds.join(',')}}`}::bigint[])`,
    inArray(ledgerTransactions.kind, [...kinds]),
    from && gte(ledgerTransactions.createdAt, from),
    to && lt(ledgerTransactions.createdAt, to),
    eq(ledgerAccounts.ownerId, ledgerTransactions.memberId),
    eq(ledgerAccounts.kind, 'cash'),
  );
}

/** Deposits and turnover summed from the movements `where` picks (see `memberCashMovements`). */
async function depositsAndTurnoverWhere(db: DbOrTx, where: SQL | undefined): Promise<LedgerTotals> {
  const rows = await db
    .select({
      kind: ledgerTransactions.kind,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(where)
    .groupBy(ledgerTransactions.kind);
  const sumOf = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.total ?? '0');
  return {
    depositsMinor: sumOf('deposit'),
    turnoverMinor: -(sumOf('bet') + sumOf('rollback')),
  };
}

/** The member's cash-account entries since `since`: what loss limits and play results sum. */
function cashEntriesSince(memberId: bigint, since: Date): SQL | undefined {
  return and(
    inArray(
      ledgerEntries.accountId,
      sql`(select ${ledgerAccounts.id} from ${ledgerAccounts}
           where ${ledgerAccounts.ownerId} = ${memberId} and ${ledgerAccounts.kind} = 'cash')`,
    ),
    gte(ledgerEntries.createdAt, since),
  );
}

async function memberBalances(
  db: DbOrTx,
  memberIds: readonly bigint[],
  kind: 'cash' | 'bonus_balance',
): Promise<Map<bigint, bigint>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      ownerId: ledgerAccounts.ownerId,
      balance: sql<string>`sum(${ledgerAccounts.balanceMinor})::text`,
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.ownerId, ids), eq(ledgerAccounts.kind, kind)))
    .groupBy(ledgerAccounts.ownerId);
  return new Map(rows.map((row) => [row.ownerId!, BigInt(row.balance)]));
}

export const ledgerReads = {
  cashEntryPage,

  /** The cash balances of these members (summed over shards), in one query; none: absent. */
  cashBalances(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
    return memberBalances(db, memberIds, 'cash');
  },

  /** The bonus balances of these members, as `cashBalances`. */
  bonusBalances(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
    return memberBalances(db, memberIds, 'bonus_balance');
  },
  periodTotals,
  typeOf: transactionTypeOf,

  /**
   * Sums the member's cash-account entries of deposit and bet transactions. A deposit credits
   * cash, a bet debits it and a game's rollback gives a bet back: turnover is the negated sum of
   * bet and rollback entries, so a voided bet never counts.
   */
  depositsAndTurnover(db: DbOrTx, memberId: bigint): Promise<LedgerTotals> {
    return depositsAndTurnoverWhere(
      db,
      memberCashMovements([memberId], DEPOSIT_AND_TURNOVER_KINDS),
    );
  },
  /**
   * Deposits and turnover of several members (an agent's direct downline) in [from, to), counted
   * as `depositsAndTurnover` counts one member's. One query for the whole team.
   */
  async teamDepositsAndTurnover(
    db: DbOrTx,
    memberIds: readonly bigint[],
    from: Date,
    to: Date,
  ): Promise<LedgerTotals> {
    if (memberIds.length === 0) return { depositsMinor: 0n, turnoverMinor: 0n };
    return depositsAndTurnoverWhere(
      db,
      memberCashMovements(memberIds, DEPOSIT_AND_TURNOVER_KINDS, { from, to }),
    );
  },

  /**
   * An agent's team figures in [from, to): deposits and turnover (as `teamDepositsAndTurnover`),
   * net loss (bets less wins and rollbacks) and how many of them placed a bet. One query.
   */
  async teamFigures(
    db: DbOrTx,
    memberIds: readonly bigint[],
    from: Date,
    to: Date,
  ): Promise<LedgerTotals & { netLossMinor: bigint; activeMembers: number }> {
    if (memberIds.length === 0) {
      return { depositsMinor: 0n, turnoverMinor: 0n, netLossMinor: 0n, activeMembers: 0 };
    }
    const rows = await db
      .select({
        kind: ledgerTransactions.kind,
        total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text`,
        members: sql<string>`count(distinct ${ledgerTransactions.memberId})::text`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(memberCashMovements(memberIds, ['deposit', ...LOSS_KINDS], { from, to }))
      .groupBy(ledgerTransactions.kind);
    const row = (kind: string) => rows.find((r) => r.kind === kind);
    const sumOf = (kind: string) => BigInt(row(kind)?.total ?? '0');
    return {
      depositsMinor: sumOf('deposit'),
      turnoverMinor: -(sumOf('bet') + sumOf('rollback')),
      netLossMinor: -(sumOf('bet') + sumOf('rollback') + sumOf('win')),
      activeMembers: Number(row('bet')?.members ?? 0),
    };
  },

  /**
   * The member's net loss (bets − wins − rollbacks on the cash account) since each of `since`,
   * in one pass over the entries of the earliest window.
   */
  async netLossSince(db: DbOrTx, memberId: bigint, since: Date[]): Promise<bigint[]> {
    if (since.length === 0) return [];
    const earliest = new Date(Math.min(...since.map((d) => d.getTime())));
    const sums = since.map(
      (from, i) =>
        sql`coalesce(-sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.createdAt} >= ${from.toISOString()}), 0)::text as ${sql.identifier(`s${i}`)}`,
    );
    const result = await db.execute(sql`
      select ${sql.join(sums, sql`, `)}
      from ${ledgerEntries}
      join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
      where ${cashEntriesSince(memberId, earliest)}
        and ${inArray(ledgerTransactions.kind, LOSS_KINDS)}`);
    const row = rowsOf<Record<string, string | null>>(result)[0] ?? {};
    return since.map((_, i) => BigInt(row[`s${i}`] ?? 0));
  },

  /**
   * The member's result of play on their cash account since `since`: every entry but those of
   * deposits, withdrawals and transfers (bets negative, wins, rollbacks and rebates positive).
   */
  async playResultSince(db: DbOrTx, memberId: bigint, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          cashEntriesSince(memberId, since),
          ...NOT_PLAY_KIND_PREFIXES.map((prefix) => notLike(ledgerTransactions.kind, `${prefix}%`)),
        ),
      );
    return BigInt(row?.total ?? 0);
  },
  /**
   * Per member (those that have one): their last deposit credited to cash and the turnover
   * (bets net of rollbacks) on cash since it, in one query for the whole list. The money desk's
   * "deposit not turned over once" signal.
   */
  async lastDepositTurnover(
    db: DbOrTx,
    memberIds: readonly bigint[],
  ): Promise<Map<bigint, { depositMinor: bigint; turnoverSinceMinor: bigint }>> {
    if (memberIds.length === 0) return new Map();
    const ids = `{${memberIds.join(',')}}`;
    const turnoverKinds = `{${TURNOVER_KINDS.join(',')}}`;
    const result = await db.execute(sql`
      with last as (
        select distinct on (t.member_id) t.member_id, t.id, e.amount_minor
        from ${ledgerTransactions} t
        join ${ledgerEntries} e on e.transaction_id = t.id
        join ${ledgerAccounts} a on a.id = e.account_id
          and a.kind = 'cash' and a.owner_id = t.member_id
        where t.member_id = any(${ids}::bigint[]) and t.kind = 'deposit'
        order by t.member_id, t.id desc
      )
      select last.member_id::text as member_id, last.amount_minor::text as deposit,
        coalesce((
          select -sum(e.amount_minor)
          from ${ledgerTransactions} t
          join ${ledgerEntries} e on e.transaction_id = t.id
          join ${ledgerAccounts} a on a.id = e.account_id
            and a.kind = 'cash' and a.owner_id = t.member_id
          where t.member_id = last.member_id and t.id > last.id
            and t.kind = any(${turnoverKinds}::text[])
        ), 0)::text as turnover
      from last`);
    return new Map(
      rowsOf<{ member_id: string; deposit: string; turnover: string }>(result).map((row) => [
        BigInt(row.member_id),
        { depositMinor: BigInt(row.deposit), turnoverSinceMinor: BigInt(row.turnover) },
      ]),
    );
  },

  /**
   * The member's turnover per Dhaka calendar day and category since `since`: the negated sum of
   * their cash entries of bet and rollback movements (bets debit, rollbacks credit back), grouped
   * by the movement's reference.category.
   */
  async turnoverByDay(db: DbOrTx, memberId: bigint, since: Date): Promise<TurnoverRow[]> {
    const rows = await db
      .select({
        day: sql<string>`to_char(${ledgerTransactions.createdAt} at time zone ${SITE_TIME_ZONE}, 'YYYY-MM-DD')`,
        category: sql<string | null>`${ledgerTransactions.reference} ->> 'category'`,
        turnover: sql<string>`(-sum(${ledgerEntries.amountMinor}))::text`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(memberCashMovements([memberId], TURNOVER_KINDS, { from: since }))
      .groupBy(sql`1`, sql`2`);
    return rows.map((row) => ({
      day: row.day,
      category: row.category,
      turnoverMinor: BigInt(row.turnover),
    }));
  },
};
