/**
 * The ledger's read API for other modules: figures summed from a member's entries and pages of
 * them, so no other module queries the ledger tables itself. Each read takes the caller's `db`
 * or transaction handle.
 */
import { SITE_TIME_ZONE } from '@khela/contract/date';
import type { TransactionType } from '@khela/contract/records';
import { TURNOVER_KINDS } from '@khela/contract/rewards';
import { and, desc, eq, gte, inArray, lt, notLike, sql, type Placeholder } from 'drizzle-orm';
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

export const ledgerReads = {
  cashEntryPage,
  periodTotals,
  typeOf: transactionTypeOf,

  /**
   * Sums the member's cash-account entries of deposit and bet transactions (walks the member's
   * transactions by the ledger_transactions_member index). A deposit credits cash, a bet debits
   * it and a game's rollback gives a bet back: turnover is the negated sum of bet and rollback
   * entries, so a voided bet never counts.
   */
  async depositsAndTurnover(db: DbOrTx, memberId: bigint): Promise<LedgerTotals> {
    const rows = await db
      .select({
        kind: ledgerTransactions.kind,
        total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.memberId, memberId),
          inArray(ledgerTransactions.kind, ['deposit', 'bet', 'rollback']),
          eq(ledgerAccounts.ownerId, memberId),
          eq(ledgerAccounts.kind, 'cash'),
        ),
      )
      .groupBy(ledgerTransactions.kind);
    const sumOf = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.total ?? '0');
    return {
      depositsMinor: sumOf('deposit'),
      turnoverMinor: -(sumOf('bet') + sumOf('rollback')),
    };
  },
  /**
   * Deposits and turnover of several members (an agent's direct downline) in [from, to): each
   * one's cash entries of their own deposit movements, and of bet and rollback movements negated
   * (as the rebate counts turnover). One query for the whole team.
   */
  async teamDepositsAndTurnover(
    db: DbOrTx,
    memberIds: readonly bigint[],
    from: Date,
    to: Date,
  ): Promise<LedgerTotals> {
    if (memberIds.length === 0) return { depositsMinor: 0n, turnoverMinor: 0n };
    const ids = `{${memberIds.join(',')}}`;
    const result = await db.execute(sql`
      select t.kind, coalesce(sum(e.amount_minor), 0)::text as total
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.owner_id = t.member_id and a.kind = 'cash'
      where t.member_id = any(${ids}::bigint[])
        and t.kind in ('deposit', 'bet', 'rollback')
        and t.created_at >= ${from.toISOString()}
        and t.created_at < ${to.toISOString()}
      group by t.kind`);
    const rows = rowsOf<{ kind: string; total: string }>(result);
    const sumOf = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.total ?? '0');
    return {
      depositsMinor: sumOf('deposit'),
      turnoverMinor: -(sumOf('bet') + sumOf('rollback')),
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
      where ${ledgerEntries.accountId} in (
          select ${ledgerAccounts.id} from ${ledgerAccounts}
          where ${ledgerAccounts.ownerId} = ${memberId} and ${ledgerAccounts.kind} = 'cash')
        and ${ledgerEntries.createdAt} >= ${earliest.toISOString()}
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
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.ownerId, memberId),
          eq(ledgerAccounts.kind, 'cash'),
          gte(ledgerEntries.createdAt, since),
          ...NOT_PLAY_KIND_PREFIXES.map((prefix) => notLike(ledgerTransactions.kind, `${prefix}%`)),
        ),
      );
    return BigInt(row?.total ?? 0);
  },
  /**
   * The member's turnover per Dhaka calendar day and category since `since`: the negated sum of
   * their cash entries of bet and rollback movements (bets debit, rollbacks credit back), grouped
   * by the movement's reference.category. Walks the member's transactions by
   * ledger_transactions_member.
   */
  async turnoverByDay(db: DbOrTx, memberId: bigint, since: Date): Promise<TurnoverRow[]> {
    const kinds = sql.join(
      TURNOVER_KINDS.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select to_char(t.created_at at time zone ${SITE_TIME_ZONE}, 'YYYY-MM-DD') as day,
             t.reference ->> 'category' as category,
             (-sum(e.amount_minor))::text as turnover
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where t.member_id = ${memberId}
        and t.kind in (${kinds})
        and t.created_at >= ${since.toISOString()}
        and a.owner_id = ${memberId}
        and a.kind = 'cash'
      group by 1, 2`);
    return rowsOf<{ day: string; category: string | null; turnover: string }>(result).map(
      (row) => ({ day: row.day, category: row.category, turnoverMinor: BigInt(row.turnover) }),
    );
  },
};
